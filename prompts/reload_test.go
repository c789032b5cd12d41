package prompts_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/speedgrapher/speedgrapher/prompts"
)

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// bump moves a file's modification time on, as a later save would, without
// depending on the file system's clock resolution.
func bump(t *testing.T, path string, by time.Duration) {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(path, fi.ModTime().Add(by), fi.ModTime().Add(by)); err != nil {
		t.Fatal(err)
	}
}

func render(t *testing.T, l *prompts.Library, name string) string {
	t.Helper()
	tmpl, ok := l.Lookup(name)
	if !ok {
		return "(none)"
	}
	msgs, err := tmpl.Render(nil, prompts.Env{})
	if err != nil {
		t.Fatal(err)
	}
	return msgs[0].Text
}

// Reload keeps the last good version of a broken file (and of a broken
// partial), drops a removed file's command, and Stale sees every change.
func TestReloadKeepsLastGood(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "prompts") // created later: a missing source is empty
	src := prompts.Source{FS: os.DirFS(dir), Label: "p", Dir: dir}
	l, diags := prompts.Load(src)
	if len(diags) != 0 || len(l.Templates()) != 0 {
		t.Fatalf("missing directory: diagnostics %v, %d templates; want none", diags, len(l.Templates()))
	}

	write(t, filepath.Join(dir, "note.md"), "---\ndescription: A note.\n---\nNote v1, {{ template \"_tone\" . }}\n")
	write(t, filepath.Join(dir, "_tone.md"), "kind")
	write(t, filepath.Join(dir, "other.md"), "---\ndescription: Other.\n---\nOther.\n")
	if !l.Stale() {
		t.Fatal("Stale() = false after the directory was created")
	}
	l, _ = l.Reload(src)
	if l.Stale() {
		t.Fatal("Stale() = true right after Reload")
	}
	if got := render(t, l, "note"); got != "Note v1, kind" {
		t.Fatalf("note = %q", got)
	}

	// Break both files: the last good versions stay.
	write(t, filepath.Join(dir, "note.md"), "---\ndescription: A note.\n---\nNote v2 {{ if }}\n")
	write(t, filepath.Join(dir, "_tone.md"), "{{ end }}")
	bump(t, filepath.Join(dir, "note.md"), time.Second)
	bump(t, filepath.Join(dir, "_tone.md"), time.Second)
	if !l.Stale() {
		t.Fatal("Stale() = false after an edit")
	}
	l, diags = l.Reload(src)
	var got []string
	for _, d := range diags {
		got = append(got, d.String())
	}
	want := []string{
		filepath.Join("p", "_tone.md") + ":1: partial: unexpected {{end}}",
		filepath.Join("p", "_tone.md") + `: warning: keeping the last good version of partial "_tone" until this file is fixed`,
		filepath.Join("p", "note.md") + ":4: body: missing value for if",
		filepath.Join("p", "note.md") + ": warning: keeping the last good version of /note until this file is fixed",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("diagnostics (-want +got):\n%s", diff)
	}
	if got := render(t, l, "note"); got != "Note v1, kind" {
		t.Errorf("broken note = %q, want the last good version", got)
	}
	if got := render(t, l, "other"); got != "Other." {
		t.Errorf("other = %q, want it untouched", got)
	}

	// Fix it: the new version is used. Remove the other: it is gone.
	write(t, filepath.Join(dir, "note.md"), "---\ndescription: A note.\n---\nNote v3\n")
	bump(t, filepath.Join(dir, "note.md"), 2*time.Second)
	if err := os.Remove(filepath.Join(dir, "other.md")); err != nil {
		t.Fatal(err)
	}
	l, _ = l.Reload(src)
	if got := render(t, l, "note"); got != "Note v3" {
		t.Errorf("fixed note = %q", got)
	}
	if got := render(t, l, "other"); got != "(none)" {
		t.Errorf("removed other = %q, want no command", got)
	}
}
