package workspace

import (
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"
)

// maxPathLen is Linux's PATH_MAX: no longer path can be opened, and refusing
// one early keeps the symlink resolution below cheap.
const maxPathLen = 4096

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
	if len(p) >= maxPathLen {
		return "", &refusal{ErrInvalidPath, fmt.Sprintf("path %q... is too long (%d bytes); pass a shorter path", path[:min(len(path), 40)], len(path))}
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
	sep := string(filepath.Separator)
	prefix := filepath.VolumeName(p) + sep
	var rest []string
	if p != prefix {
		rest = strings.Split(p[len(prefix):], sep)
	}
	// Walk forward, so that a long path that is missing early costs one call.
	for len(rest) > 0 {
		next := filepath.Join(prefix, rest[0])
		if _, err := os.Lstat(next); err != nil {
			break
		}
		prefix, rest = next, rest[1:]
	}
	real, err := filepath.EvalSymlinks(prefix)
	if err != nil {
		// The kernel found every element of prefix, so only its last one can
		// fail here: a dangling link or a loop.
		return "", w.brokenLink(path, prefix)
	}
	return filepath.Join(append([]string{real}, rest...)...), nil
}

// brokenLink refuses a path through the link that cannot be resolved.
func (w *Workspace) brokenLink(path, link string) error {
	dir, err := filepath.EvalSymlinks(filepath.Dir(link))
	target, err2 := os.Readlink(link)
	if err != nil || err2 != nil {
		return w.outside(path) // cannot tell where it points: assume the worst
	}
	if !filepath.IsAbs(target) {
		target = filepath.Join(dir, target)
	}
	if _, ok := w.rootOf(filepath.Clean(target)); !ok {
		return w.outside(path)
	}
	return &refusal{ErrNotFound, fmt.Sprintf("path %q goes through a broken link; fix the link or pass another path", path)}
}

// Stat describes the file or directory at a workspace path, refusing what
// Resolve refuses; a path that is not there is ErrNotFound with the nearest
// markdown file's name.
func (w *Workspace) Stat(path string) (fs.FileInfo, error) {
	real, err := w.Resolve(path)
	if err != nil {
		return nil, err
	}
	info, err := os.Stat(real)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, w.notFound(path)
	}
	return info, err
}
