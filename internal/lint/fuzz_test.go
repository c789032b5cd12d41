package lint

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/speedgrapher/speedgrapher/internal/markdown"
)

// FuzzCheck runs every rule on arbitrary drafts: no panic, and every finding
// lies inside the source with its end after its start.
func FuzzCheck(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.md")
	for _, file := range files {
		if b, err := os.ReadFile(file); err == nil {
			f.Add(string(b))
		}
	}
	f.Add("It's not a bug. It's")
	f.Add("the the")
	f.Fuzz(func(t *testing.T, src string) {
		doc := markdown.Parse([]byte(src))
		opts := Options{
			FileExists: func(string) bool { return false },
			// Every other page is this one, so links between files are checked too.
			Anchors: func(string) ([]string, bool) { return DocumentAnchors(doc), true },
		}
		for _, fd := range Check(doc, opts) {
			if fd.Start < 0 || fd.End < fd.Start || fd.End > len(src) {
				t.Fatalf("finding %+v outside the source (%d bytes)", fd, len(src))
			}
			if fd.Line < 1 || fd.Column < 1 || fd.EndLine < fd.Line || (fd.EndLine == fd.Line && fd.EndColumn < fd.Column) {
				t.Fatalf("finding %+v has a bad position", fd)
			}
		}
	})
}
