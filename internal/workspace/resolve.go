package workspace

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
)

// Resolve turns a writer's path (relative to the first root, absolute inside a
// root, or a file:// URI) into a clean absolute path inside the workspace
// after resolving symbolic links, or returns an error a writer understands.
// The file need not exist; ReadFile reports a missing one.
func (w *Workspace) Resolve(path string) (string, error) {
	p, err := parsePath(path)
	if err != nil {
		return "", err
	}
	if filepath.IsAbs(p) {
		p = filepath.Clean(p)
	} else {
		p = filepath.Join(w.roots[0], p)
	}
	real, err := w.evalSymlinks(path, p)
	if err != nil {
		return "", err
	}
	if _, ok := w.rootOf(real); !ok {
		return "", w.outside(path)
	}
	return real, nil
}

func (w *Workspace) outside(path string) error {
	return &refusal{ErrOutside, fmt.Sprintf("path %q is outside the workspace %s; pass a path inside it", path, w.describe())}
}

// parsePath checks a writer's path and decodes it if it is a file:// URI.
// Nothing else is decoded: "%2e%2e" stays a file name.
func parsePath(path string) (string, error) {
	if path == "" {
		return "", &refusal{ErrInvalidPath, "path is empty; pass the path of a markdown file in the workspace"}
	}
	if strings.ContainsRune(path, 0) {
		return "", &refusal{ErrInvalidPath, fmt.Sprintf("path %q contains a NUL byte; pass a plain file path", path)}
	}
	if len(path) < len("file://") || !strings.EqualFold(path[:len("file://")], "file://") {
		return path, nil
	}
	bad := &refusal{ErrInvalidPath, fmt.Sprintf("path %q is not a usable file URI; pass file:///absolute/path or a plain path", path)}
	u, err := url.Parse(path)
	if err != nil || (u.Host != "" && u.Host != "localhost") || u.RawQuery != "" || u.Fragment != "" {
		return "", bad
	}
	if !filepath.IsAbs(u.Path) || strings.ContainsRune(u.Path, 0) {
		return "", bad
	}
	return u.Path, nil
}

// evalSymlinks resolves the symbolic links in the clean absolute path p: the
// longest prefix that exists is resolved and the missing rest appended. A
// broken link is refused: as outside if it points outside every root.
func (w *Workspace) evalSymlinks(path, p string) (string, error) {
	prefix, rest := p, []string(nil)
	real, err := filepath.EvalSymlinks(prefix)
	for err != nil {
		parent := filepath.Dir(prefix)
		if parent == prefix {
			return "", w.notFound(path)
		}
		rest = append(rest, filepath.Base(prefix))
		prefix = parent
		real, err = filepath.EvalSymlinks(prefix)
	}
	if len(rest) == 0 {
		return real, nil
	}
	// rest is in reverse order; its last element is the first missing component.
	first := filepath.Join(real, rest[len(rest)-1])
	if info, err := os.Lstat(first); err == nil {
		// It exists but could not be resolved: a dangling link or a loop.
		if info.Mode()&os.ModeSymlink != 0 {
			target, err := os.Readlink(first)
			if err == nil && !filepath.IsAbs(target) {
				target = filepath.Join(real, target)
			}
			if _, ok := w.rootOf(filepath.Clean(target)); err != nil || !ok {
				return "", w.outside(path)
			}
		}
		return "", &refusal{ErrNotFound, fmt.Sprintf("path %q goes through a broken link; fix the link or pass another path", path)}
	}
	for i := len(rest) - 1; i >= 0; i-- {
		real = filepath.Join(real, rest[i])
	}
	return real, nil
}
