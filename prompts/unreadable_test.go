package prompts_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/speedgrapher/speedgrapher/prompts"
)

// A source a repository brings is read with care: only regular files of a
// sane size, and in a confined source only files really inside the
// workspace. Each refusal is a diagnostic naming the file; the rest load.
func TestUnreadableFiles(t *testing.T) {
	t.Parallel()
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Join(base, "repo")
	dir := filepath.Join(root, ".claude", "commands")
	outside := filepath.Join(base, "secret.md")
	inside := filepath.Join(root, "shared", "notes.md")
	valid := "---\ndescription: A command.\n---\nDo it.\n"
	for path, text := range map[string]string{
		filepath.Join(dir, "ok.md"):  valid,
		outside:                      valid, // valid, so only the confinement can keep it out
		inside:                       valid,
		filepath.Join(dir, "big.md"): "---\ndescription: Big.\n---\n" + strings.Repeat("x", prompts.MaxFileBytes),
	} {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for link, target := range map[string]string{"key.md": outside, "notes.md": inside, "zero.md": "/dev/zero"} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.md"), 0o644); err != nil {
		t.Fatal(err)
	}

	for _, confine := range []string{root, ""} {
		src := prompts.Source{FS: os.DirFS(dir), Label: "cmds", Format: prompts.FormatClaude, Dir: dir, Confine: confine}
		l, diags := prompts.Load(src)
		var names, problems []string
		for _, tm := range l.Templates() {
			names = append(names, tm.Name)
		}
		for _, d := range diags {
			problems = append(problems, d.String())
		}
		slices.Sort(names)
		want := []string{"notes", "ok"}
		if confine == "" {
			want = []string{"key", "notes", "ok"} // the user's own directory: links are theirs to make
		}
		if !slices.Equal(names, want) {
			t.Errorf("confine %q: commands %q, want %q", confine, names, want)
		}
		all := strings.Join(problems, "\n")
		for _, w := range []string{
			"cmds/big.md: 1048602 bytes, over the limit of 1048576", // 26 bytes of front matter + 1 MiB
			"cmds/pipe.md: not a regular file",
			"cmds/zero.md: not a regular file",
		} {
			if !strings.Contains(all, w) {
				t.Errorf("confine %q: diagnostics lack %q:\n%s", confine, w, all)
			}
		}
		if got := strings.Contains(all, "cmds/key.md: a link to a file outside the workspace"); got != (confine != "") {
			t.Errorf("confine %q: key.md refused as outside = %v:\n%s", confine, got, all)
		}
	}
}
