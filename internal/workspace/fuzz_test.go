package workspace

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzResolve checks that no path, however odd, resolves or reads outside the
// roots, and that nothing panics.
func FuzzResolve(f *testing.F) {
	fx := newFixture(f)
	for _, seed := range []string{
		"post.md", "../x", "../outside/secret.md", "/etc/passwd", "passwd.md",
		"out-dir/secret.md", "dangling.md", "inner-link.md", "inner-dir/intro.md",
		"%2e%2e/outside/secret.md", "post.md\x00", "fifo.md", "dir", "bom.md",
		"file://" + fx.ws + "/%2e%2e/outside/secret.md", "file://" + fx.ws + "/post.md",
		fx.ws + "/../outside/secret.md", fx.ws2 + "/notes.md", "./././", "//", "",
	} {
		f.Add(seed)
	}
	roots := []string{fx.ws, fx.ws2}
	f.Fuzz(func(t *testing.T, path string) {
		r, err := fx.w.Resolve(path)
		if err == nil {
			if !filepath.IsAbs(r) || filepath.Clean(r) != r {
				t.Fatalf("Resolve(%q) = %q; want a clean absolute path", path, r)
			}
			if !insideAny(roots, realLocation(r)) {
				t.Fatalf("Resolve(%q) = %q, which is outside %q", path, r, roots)
			}
		} else if strings.Contains(err.Error(), secret) {
			t.Fatalf("Resolve(%q) error leaks the secret: %v", path, err)
		}

		abs, data, err := fx.w.ReadFile(path)
		if err != nil {
			if strings.Contains(err.Error(), secret) {
				t.Fatalf("ReadFile(%q) error leaks the secret: %v", path, err)
			}
			return
		}
		if !insideAny(roots, realLocation(abs)) || strings.Contains(string(data), secret) {
			t.Fatalf("ReadFile(%q) read %q from outside %q", path, abs, roots)
		}
	})
}

// realLocation resolves the symbolic links in the existing part of p, the
// way the operating system would, independently of the code under test.
func realLocation(p string) string {
	rest := ""
	for {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			return filepath.Join(real, rest)
		}
		if _, err := os.Lstat(p); err == nil {
			return "<unresolvable " + p + ">" // an existing but broken link: never inside
		}
		parent := filepath.Dir(p)
		if parent == p {
			return p
		}
		rest = filepath.Join(filepath.Base(p), rest)
		p = parent
	}
}

func insideAny(roots []string, p string) bool {
	for _, root := range roots {
		if p == root || strings.HasPrefix(p, root+"/") {
			return true
		}
	}
	return false
}
