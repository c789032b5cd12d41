package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A 250 KB draft with a finding every few bytes gives a lint result over the
// SDK's 16 MiB message cap; call must still print it and exit 0.
func TestCallPrintsAResultOverSixteenMiB(t *testing.T) {
	dir := t.TempDir()
	// Each paragraph: ten "very", so 10 weasel-word and 9 lexical-illusion
	// findings (one per adjacent pair), and nothing else (10 words is short).
	const paragraphs = 4900
	para := "Very very very very very very very very very very.\n\n"
	draft := "# T\n\n" + strings.Repeat(para, paragraphs)
	if len(draft) < 250_000 {
		t.Fatalf("draft is %d bytes, want at least 250,000", len(draft))
	}
	if err := os.WriteFile(filepath.Join(dir, "draft.md"), []byte(draft), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := run([]string{"call", "--root", dir, "lint", `{"path":"draft.md"}`}, strings.NewReader(""), &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit status %d, stderr: %s", code, stderr.String())
	}
	if stdout.Len() < 16<<20 {
		t.Errorf("printed %d bytes; the test needs a result over 16 MiB to mean anything", stdout.Len())
	}
	var res struct {
		Counts map[string]int `json:"counts"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &res); err != nil {
		t.Fatalf("stdout is not the JSON result: %v", err)
	}
	want := map[string]int{"weasel-word": 10 * paragraphs, "lexical-illusion": 9 * paragraphs}
	for rule, n := range want {
		if res.Counts[rule] != n {
			t.Errorf("counts[%q] = %d, want %d", rule, res.Counts[rule], n)
		}
	}
	if len(res.Counts) != len(want) {
		t.Errorf("counts = %v, want only %v", res.Counts, want)
	}
}
