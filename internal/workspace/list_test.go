package workspace

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// listFixture builds two roots of files to list and returns the workspace
// over them and the second root's path.
func listFixture(t *testing.T) (*Workspace, string) {
	t.Helper()
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, rel := range []string{
		"ws/a.md", "ws/B.markdown", "ws/c.mdx", "ws/d.txt", "ws/README",
		"ws/drafts/intro.md", "ws/drafts/Outline.MD", "ws/drafts/deep/er.md",
		"ws/.git/x.md", "ws/.hidden/y.md", "ws/node_modules/pkg/z.md", "ws/vendor/v.md",
		"ws/.dotfile.md", // a hidden file, not a hidden directory: listed
		"outside/o.md",
		"ws2/notes.md",
	} {
		p := filepath.Join(base, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for target, link := range map[string]string{
		"a.md":            "ws/link-in.md",
		"../outside/o.md": "ws/link-out.md",
		"../outside":      "ws/out-dir",
		"drafts":          "ws/in-dir", // a directory link is not followed
		"missing.md":      "ws/dangling.md",
	} {
		if err := os.Symlink(target, filepath.Join(base, link)); err != nil {
			t.Fatal(err)
		}
	}
	w, err := New(filepath.Join(base, "ws"), filepath.Join(base, "ws2"))
	if err != nil {
		t.Fatal(err)
	}
	return w, filepath.Join(base, "ws2")
}

func TestMarkdownFiles(t *testing.T) {
	w, ws2 := listFixture(t)
	all := []string{
		".dotfile.md", ws2 + "/notes.md", "B.markdown", "a.md", "c.mdx",
		"drafts/Outline.MD", "drafts/deep/er.md", "drafts/intro.md", "link-in.md",
	}
	tests := []struct {
		prefix string
		limit  int
		want   []string
	}{
		{"", 0, all},
		{"", 100, all},
		{"", 3, all[:3]},
		{"dr", 0, []string{"drafts/Outline.MD", "drafts/deep/er.md", "drafts/intro.md"}},
		{"DRAFTS/o", 0, []string{"drafts/Outline.MD"}},
		{"drafts/deep/", 0, []string{"drafts/deep/er.md"}},
		{"b", 0, []string{"B.markdown"}},
		{ws2, 0, []string{ws2 + "/notes.md"}},
		{"zzz", 0, nil},
		{"../", 0, nil},
	}
	for _, tt := range tests {
		got := w.MarkdownFiles(tt.prefix, tt.limit)
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("MarkdownFiles(%q, %d) (-want +got):\n%s", tt.prefix, tt.limit, diff)
		}
	}
}

func TestMarkdownFilesNestedRoots(t *testing.T) {
	w, _ := listFixture(t)
	ws := w.Roots()[0]
	nested, err := New(ws, filepath.Join(ws, "drafts"))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"drafts/Outline.MD", "drafts/deep/er.md", "drafts/intro.md"}
	if diff := cmp.Diff(want, nested.MarkdownFiles("drafts", 0)); diff != "" {
		t.Errorf("MarkdownFiles with nested roots (-want +got):\n%s", diff)
	}
}

func TestMarkdownFilesStopsAfterLimit(t *testing.T) {
	root := t.TempDir()
	// "a/" holds more entries than one walk looks at; "z.md" comes after it.
	if err := os.Mkdir(filepath.Join(root, "a"), 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range maxWalkEntries {
		if err := os.WriteFile(filepath.Join(root, "a", fmt.Sprintf("%05d.md", i)), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(root, "z.md"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	w, err := New(root)
	if err != nil {
		t.Fatal(err)
	}
	got := w.MarkdownFiles("", 0)
	// The walk counts the root, "a" and then files a/00000.md onwards.
	if want := maxWalkEntries - 2; len(got) != want {
		t.Errorf("MarkdownFiles listed %d files; want %d", len(got), want)
	}
	if got := w.MarkdownFiles("z", 0); len(got) != 1 {
		t.Errorf(`MarkdownFiles("z") = %q; want [z.md]: the prefix prunes "a"`, got)
	}
}
