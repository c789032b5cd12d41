package workspace

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestNew(t *testing.T) {
	fx := newFixture(t)
	linkToWS := filepath.Join(fx.base, "link-to-ws")
	if err := os.Symlink("ws", linkToWS); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		roots []string
		want  []string
	}{
		{"one", []string{fx.ws}, []string{fx.ws}},
		{"order kept", []string{fx.ws2, fx.ws}, []string{fx.ws2, fx.ws}},
		{"link resolved", []string{linkToWS}, []string{fx.ws}},
		{"duplicates dropped", []string{fx.ws, linkToWS, fx.ws + "/"}, []string{fx.ws}},
		{"file URI", []string{"file://" + fx.ws}, []string{fx.ws}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, err := New(tt.roots...)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, w.Roots()); diff != "" {
				t.Errorf("New(%q).Roots() (-want +got):\n%s", tt.roots, diff)
			}
		})
	}
}

func TestNewRefuses(t *testing.T) {
	fx := newFixture(t)
	post := filepath.Join(fx.ws, "post.md")
	missing := filepath.Join(fx.base, "missing")
	tests := []struct {
		roots []string
		msg   string
	}{
		{nil, "new workspace: no root directories; pass at least one"},
		{[]string{post}, `new workspace: root "` + post + `" is not a directory; pass a directory`},
		{[]string{fx.ws, missing}, `new workspace: root "` + missing + `" does not exist; pass an existing directory`},
		{[]string{""}, "new workspace: path is empty; pass the path of a markdown file in the workspace"},
	}
	for _, tt := range tests {
		w, err := New(tt.roots...)
		if err == nil {
			t.Errorf("New(%q) = %v; want an error", tt.roots, w.Roots())
			continue
		}
		if diff := cmp.Diff(tt.msg, err.Error()); diff != "" {
			t.Errorf("New(%q) error (-want +got):\n%s", tt.roots, diff)
		}
	}
}

func TestResolve(t *testing.T) {
	fx := newFixture(t)
	tests := []struct {
		path, want string
	}{
		{"post.md", filepath.Join(fx.ws, "post.md")},
		{"not-yet.md", filepath.Join(fx.ws, "not-yet.md")}, // may not exist
		{"new/dir/x.md", filepath.Join(fx.ws, "new", "dir", "x.md")},
		{"inner-dir/new.md", filepath.Join(fx.ws, "drafts", "new.md")},
		{"inner-link.md", filepath.Join(fx.ws, "post.md")},
		{".", fx.ws},
		{"drafts/", filepath.Join(fx.ws, "drafts")},
		{`back\slash.md`, filepath.Join(fx.ws, `back\slash.md`)}, // a file name on Unix
		{"%2e%2e", filepath.Join(fx.ws, "%2e%2e")},
		{fx.ws2, fx.ws2},
	}
	for _, tt := range tests {
		got, err := fx.w.Resolve(tt.path)
		if err != nil {
			t.Errorf("Resolve(%q): %v", tt.path, err)
			continue
		}
		if got != tt.want {
			t.Errorf("Resolve(%q) = %q; want %q", tt.path, got, tt.want)
		}
	}
}

func TestResolveBrokenLinkInside(t *testing.T) {
	fx := newFixture(t)
	if err := os.Symlink("gone.md", filepath.Join(fx.ws, "broken.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("loop.md", filepath.Join(fx.ws, "loop.md")); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"broken.md", "loop.md", "loop.md/x.md"} {
		_, err := fx.w.Resolve(path)
		if !errors.Is(err, ErrNotFound) {
			t.Errorf("Resolve(%q) = %v; want ErrNotFound", path, err)
		}
	}
}

func TestRel(t *testing.T) {
	fx := newFixture(t)
	nested, err := New(fx.base, fx.ws)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		w         *Workspace
		abs, want string
	}{
		{fx.w, filepath.Join(fx.ws, "drafts", "intro.md"), "drafts/intro.md"},
		{fx.w, filepath.Join(fx.ws2, "notes.md"), "notes.md"},
		{fx.w, fx.ws, "."},
		{fx.w, "/elsewhere/x.md", "/elsewhere/x.md"},
		{fx.w, fx.ws + "-evil/x.md", fx.ws + "-evil/x.md"},
		{nested, filepath.Join(fx.ws, "post.md"), "post.md"}, // the innermost root wins
		{nested, filepath.Join(fx.base, "outside", "secret.md"), "outside/secret.md"},
	}
	for _, tt := range tests {
		if got := tt.w.Rel(tt.abs); got != tt.want {
			t.Errorf("Rel(%q) = %q; want %q", tt.abs, got, tt.want)
		}
	}
}

func TestRootIsSlash(t *testing.T) {
	fx := newFixture(t)
	w, err := New("/")
	if err != nil {
		t.Fatal(err)
	}
	post := filepath.Join(fx.ws, "post.md")
	if got, err := w.Resolve(fx.ws + "/drafts/../inner-link.md"); got != post || err != nil {
		t.Errorf(`Resolve under root "/" = %q, %v; want %q`, got, err, post)
	}
	if got, want := w.Rel(post), strings.TrimPrefix(post, "/"); got != want {
		t.Errorf(`Rel(%q) under root "/" = %q; want %q`, post, got, want)
	}
}

// TestConcurrentUse is for -race: one workspace serves many calls at once.
func TestConcurrentUse(t *testing.T) {
	fx := newFixture(t)
	errs := make(chan error, 8)
	for range 8 {
		go func() {
			_, data, err := fx.w.ReadFile("drafts/intro.md")
			if err == nil && string(data) != "intro\n" {
				err = errors.New("wrong content " + string(data))
			}
			if err == nil && len(fx.w.MarkdownFiles("drafts", 10)) != 1 {
				err = errors.New("MarkdownFiles(drafts) lost drafts/intro.md")
			}
			errs <- err
		}()
	}
	for range 8 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

func TestWithin(t *testing.T) {
	fx := newFixture(t)
	outer := mustNew(t, fx.ws)
	tests := []struct {
		name  string
		roots []string
		want  bool
	}{
		{"the same root", []string{fx.ws}, true},
		{"a directory inside", []string{filepath.Join(fx.ws, "drafts")}, true},
		{"the parent", []string{fx.base}, false},
		{"the filesystem root", []string{"/"}, false},
		{"a sibling whose name extends the root's", []string{fx.ws2}, false},
		{"a link inside that points outside", []string{filepath.Join(fx.ws, "out-dir")}, false},
		{"a link inside that points inside", []string{filepath.Join(fx.ws, "inner-dir")}, true},
		{"one inside, one outside", []string{fx.ws, filepath.Join(fx.base, "outside")}, false},
	}
	for _, tt := range tests {
		if got := mustNew(t, tt.roots...).Within(outer); got != tt.want {
			t.Errorf("%s: New(%q).Within(%q) = %v; want %v", tt.name, tt.roots, fx.ws, got, tt.want)
		}
	}
}

func mustNew(t *testing.T, roots ...string) *Workspace {
	t.Helper()
	w, err := New(roots...)
	if err != nil {
		t.Fatal(err)
	}
	return w
}
