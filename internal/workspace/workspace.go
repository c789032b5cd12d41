package workspace

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// MaxFileSize is the largest file ReadFile accepts, in bytes.
const MaxFileSize = 16 << 20

// Workspace confines file access to a set of root directories. Safe for
// concurrent use; immutable.
type Workspace struct {
	roots []string // absolute, symlink-free, without duplicates; roots[0] anchors relative paths
}

// New returns a workspace over roots, each a directory path or a file:// URI.
// Roots are made absolute and their symbolic links resolved.
func New(roots ...string) (*Workspace, error) {
	if len(roots) == 0 {
		return nil, fmt.Errorf("new workspace: no root directories; pass at least one")
	}
	w := &Workspace{}
	for _, root := range roots {
		dir, err := resolveRoot(root)
		if err != nil {
			return nil, fmt.Errorf("new workspace: %w", err)
		}
		if !contains(w.roots, dir) {
			w.roots = append(w.roots, dir)
		}
	}
	return w, nil
}

func resolveRoot(root string) (string, error) {
	p, err := parsePath(root)
	if err != nil {
		return "", err
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", fmt.Errorf("root %q: %w", root, err)
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return "", fmt.Errorf("root %q does not exist; pass an existing directory", root)
	}
	info, err := os.Stat(real)
	if err != nil || !info.IsDir() {
		return "", fmt.Errorf("root %q is not a directory; pass a directory", root)
	}
	return real, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Roots returns the workspace's root directories, the first one anchoring
// relative paths.
func (w *Workspace) Roots() []string {
	return append([]string(nil), w.roots...)
}

// Within reports whether every root of w lies inside a root of outer. Roots
// are real paths (symbolic links resolved by New), so a link inside outer that
// points elsewhere does not count as inside.
func (w *Workspace) Within(outer *Workspace) bool {
	for _, root := range w.roots {
		if _, ok := outer.rootOf(root); !ok {
			return false
		}
	}
	return true
}

// Rel returns abs relative to the root that contains it (for display),
// slash-separated. A path in no root is returned unchanged, slash-separated.
func (w *Workspace) Rel(abs string) string {
	root, ok := w.rootOf(abs)
	if !ok {
		return filepath.ToSlash(abs)
	}
	rel, err := filepath.Rel(root, abs)
	if err != nil {
		return filepath.ToSlash(abs)
	}
	return filepath.ToSlash(rel)
}

// rootOf returns the innermost root containing the clean absolute path p.
func (w *Workspace) rootOf(p string) (string, bool) {
	best := ""
	for _, root := range w.roots {
		if within(root, p) && len(root) > len(best) {
			best = root
		}
	}
	return best, best != ""
}

// within reports whether the clean absolute path p is root or below it.
func within(root, p string) bool {
	if p == root {
		return true
	}
	prefix := root
	if !strings.HasSuffix(prefix, string(filepath.Separator)) {
		prefix += string(filepath.Separator)
	}
	return strings.HasPrefix(p, prefix)
}

// describe names the workspace in messages.
func (w *Workspace) describe() string {
	return strings.Join(w.roots, ", ")
}
