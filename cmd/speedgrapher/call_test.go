package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A result over 16 MiB reaches the command line whole: call and prompt talk
// to their server through a pipe with no cap on one message (the SDK's
// in-memory transport capped it at 16 MiB). Findings are capped per rule, so
// the big result is a prompt that embeds a large draft whose quotes and line
// breaks double in JSON.
func TestPromptPrintsAResultOverSixteenMiB(t *testing.T) {
	dir := t.TempDir()
	draft := strings.Repeat("\"\"\"\n", 9<<20/4) // 9 MiB, under the 16 MiB file limit
	frame, _ := json.Marshal(draft)
	if len(frame) < 16<<20 {
		t.Fatalf("the draft is %d bytes in JSON; the test needs over 16 MiB to mean anything", len(frame))
	}
	if err := os.WriteFile(filepath.Join(dir, "draft.md"), []byte(draft), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := run([]string{"prompt", "--root", dir, "review", "path=draft.md"}, strings.NewReader(""), &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit status %d, stderr: %s", code, stderr.String())
	}
	if !strings.Contains(stdout.String(), draft) {
		t.Errorf("printed %d bytes, without the whole %d-byte draft", stdout.Len(), len(draft))
	}
}
