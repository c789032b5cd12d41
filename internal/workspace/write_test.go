package workspace

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestWriteFile(t *testing.T) {
	fx := newFixture(t)
	post := filepath.Join(fx.ws, "post.md")
	if err := os.Chmod(post, 0o640); err != nil {
		t.Fatal(err)
	}
	_, old, err := fx.w.ReadFile("post.md")
	if err != nil {
		t.Fatal(err)
	}
	if err := fx.w.WriteFile("post.md", old, []byte("# Post\n\nHi.\n")); err != nil {
		t.Fatalf("WriteFile: %v", err)
	}
	got, _ := os.ReadFile(post)
	if string(got) != "# Post\n\nHi.\n" {
		t.Errorf("content %q", got)
	}
	if info, _ := os.Stat(post); info.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want 0640 kept", info.Mode().Perm())
	}
	entries, _ := os.ReadDir(fx.ws)
	for _, e := range entries {
		if e.Name()[0] == '.' {
			t.Errorf("temporary file %q left behind", e.Name())
		}
	}

	// The file changed since it was read (old is stale now): nothing is written.
	err = fx.w.WriteFile("post.md", old, []byte("stale fix\n"))
	if !errors.Is(err, ErrChanged) {
		t.Errorf("write over a changed file: %v, want ErrChanged", err)
	}
	if got, _ := os.ReadFile(post); string(got) != "# Post\n\nHi.\n" {
		t.Errorf("changed file overwritten: %q", got)
	}

	// The byte order mark ReadFile removed comes back.
	_, old, _ = fx.w.ReadFile("bom.md")
	if err := fx.w.WriteFile("bom.md", old, []byte("# Fixed\n")); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(fx.ws, "bom.md")); string(got) != "\xEF\xBB\xBF# Fixed\n" {
		t.Errorf("bom.md: %q", got)
	}

	// A link inside the workspace writes its target, and the link stays.
	_, old, _ = fx.w.ReadFile("inner-link.md")
	if err := fx.w.WriteFile("inner-link.md", old, []byte("via link\n")); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(post); string(got) != "via link\n" {
		t.Errorf("link target: %q", got)
	}
	if info, err := os.Lstat(filepath.Join(fx.ws, "inner-link.md")); err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Errorf("inner-link.md is no longer a link")
	}

	// Refusals: outside, a link leading outside, a directory, a named pipe, a missing file.
	for path, kind := range map[string]error{
		"../outside/secret.md": ErrOutside, "passwd.md": ErrOutside, "dir": ErrNotRegular,
		"fifo.md": ErrNotRegular, "gone.md": ErrNotFound,
	} {
		if err := fx.w.WriteFile(path, nil, []byte("x")); !errors.Is(err, kind) {
			t.Errorf("WriteFile(%q): %v, want %v", path, err, kind)
		}
	}
	if got, _ := os.ReadFile(filepath.Join(fx.base, "outside/secret.md")); string(got) != secret {
		t.Errorf("outside file changed")
	}
}
