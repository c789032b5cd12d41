package workspace

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/speedgrapher/speedgrapher/internal/typo"
)

// maxWalkEntries bounds how many directory entries one MarkdownFiles call
// looks at, so completion stays fast in a huge tree.
const maxWalkEntries = 10_000

var errWalkLimit = errors.New("walk limit reached")

// MarkdownFiles lists workspace markdown files (*.md, *.markdown, *.mdx) whose
// slash-separated path starts with prefix (case-insensitive), sorted, at most
// limit (no limit if limit <= 0). Files under the first root are given
// relative to it, others as absolute paths, so every result can be passed
// back to ReadFile. Hidden directories,
// node_modules and vendor are skipped, and the walk stops after
// maxWalkEntries entries.
func (w *Workspace) MarkdownFiles(prefix string, limit int) []string {
	prefix = strings.ToLower(filepath.ToSlash(prefix))
	var files []string
	seen := 0
	name := func(p string) string {
		if within(w.roots[0], p) {
			rel, _ := filepath.Rel(w.roots[0], p)
			return filepath.ToSlash(rel)
		}
		return filepath.ToSlash(p)
	}
	for _, root := range w.roots {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if seen++; seen > maxWalkEntries {
				return errWalkLimit
			}
			if err != nil || p == root {
				return nil // an unreadable directory is skipped, not fatal
			}
			if d.IsDir() {
				if skipDir(d.Name()) || !couldMatch(strings.ToLower(name(p))+"/", prefix) {
					return filepath.SkipDir
				}
				return nil
			}
			n := name(p)
			if isMarkdown(n) && strings.HasPrefix(strings.ToLower(n), prefix) && w.readable(p, d) {
				files = append(files, n)
			}
			return nil
		})
		if err == errWalkLimit {
			break
		}
	}
	slices.Sort(files)
	files = slices.Compact(files) // a file under nested roots is seen twice
	if limit > 0 && len(files) > limit {
		files = files[:limit]
	}
	return files
}

func skipDir(name string) bool {
	return strings.HasPrefix(name, ".") || name == "node_modules" || name == "vendor"
}

// couldMatch reports whether a file below dir (lower case, ending in "/")
// could start with prefix.
func couldMatch(dir, prefix string) bool {
	return strings.HasPrefix(dir, prefix) || strings.HasPrefix(prefix, dir)
}

func isMarkdown(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".md", ".markdown", ".mdx":
		return true
	}
	return false
}

// readable reports whether the entry is a regular file, or a link to one
// inside the workspace: a candidate ReadFile would not refuse outright.
func (w *Workspace) readable(p string, d fs.DirEntry) bool {
	if d.Type().IsRegular() {
		return true
	}
	if d.Type()&fs.ModeSymlink == 0 {
		return false
	}
	real, err := w.Resolve(p)
	if err != nil {
		return false
	}
	info, err := os.Stat(real)
	return err == nil && info.Mode().IsRegular()
}

// notFound reports a missing file, suggesting a close match if there is one.
func (w *Workspace) notFound(path string) error {
	msg := fmt.Sprintf("no file %q in the workspace %s; check the name", path, w.describe())
	if s := w.closest(path); s != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", s)
	}
	return &refusal{ErrNotFound, msg}
}

// closest returns the workspace markdown file whose name is nearest to path,
// if it is within a small edit distance.
func (w *Workspace) closest(path string) string {
	want := filepath.ToSlash(path)
	limit := min(len(want)/3+1, 3) // about one typo per three characters, three at most
	return typo.ClosestWithin(want, w.MarkdownFiles("", 0), limit+1)
}
