package library

import (
	"bytes"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
)

// Before Start nothing is loaded and nothing reloads; after it, Current
// reloads an edited file before use, and SetRoots with Reload brings the
// new roots' commands. Each diagnostic is logged once, not at every reload.
func TestCurrentAndRoots(t *testing.T) {
	blog, docs := t.TempDir(), t.TempDir()
	tree(t, blog, map[string]string{".speedgrapher/prompts/standup.md": standupV1, ".speedgrapher/prompts/broken.md": standupBroken})
	tree(t, docs, map[string]string{".claude/commands/ship.md": "Ship $ARGUMENTS.\n"})
	var logs bytes.Buffer
	lib, err := New(Locations{WorkDir: blog, Roots: []string{blog}}, slog.New(slog.NewTextHandler(&logs, nil)))
	if err != nil {
		t.Fatal(err)
	}
	lib.Reload()
	if l := lib.Current(); l != nil {
		t.Fatalf("before Start, Current = %v, want nil", l)
	}

	lib.Start(nil)
	description := func(name string) string {
		if s, ok := lib.Current().Lookup(name); ok {
			return s.Description
		}
		return "(none)"
	}
	if got := description("standup"); got != "Stand-up, first version." {
		t.Errorf("standup = %q, want the first version", got)
	}
	edit(t, filepath.Join(blog, ".speedgrapher", "prompts", "standup.md"), standupV2)
	if got := description("standup"); got != "Stand-up, second version." {
		t.Errorf("after an edit, standup = %q, want the second version", got)
	}

	if changed, err := lib.SetRoots([]string{blog}); changed || err != nil {
		t.Errorf("SetRoots with the same roots = %v, %v; want no change", changed, err)
	}
	if changed, err := lib.SetRoots([]string{docs}); !changed || err != nil {
		t.Errorf("SetRoots(docs) = %v, %v; want a change", changed, err)
	}
	lib.Reload()
	if got, gone := description("ship"), description("standup"); got == "(none)" || gone != "(none)" {
		t.Errorf("after SetRoots(docs): ship = %q, standup = %q; want docs' ship and no standup", got, gone)
	}
	if n := strings.Count(logs.String(), ".nope is not an argument"); n != 1 {
		t.Errorf("the broken file was logged %d times over three loads, want once:\n%s", n, logs.String())
	}
}
