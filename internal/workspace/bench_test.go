package workspace

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

func BenchmarkResolve(b *testing.B) {
	fx := newFixture(b)
	for _, path := range []string{"post.md", "inner-dir/intro.md", "../outside/secret.md", "new/dir/x.md"} {
		b.Run(path, func(b *testing.B) {
			for b.Loop() {
				fx.w.Resolve(path)
			}
		})
	}
}

func BenchmarkReadFile(b *testing.B) {
	fx := newFixture(b)
	for b.Loop() {
		if _, _, err := fx.w.ReadFile("post.md"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMarkdownFiles lists a tree of 2,000 markdown files in 100
// directories, as completion does on every keystroke.
func BenchmarkMarkdownFiles(b *testing.B) {
	root := b.TempDir()
	for d := range 100 {
		dir := filepath.Join(root, fmt.Sprintf("section-%03d", d))
		if err := os.Mkdir(dir, 0o755); err != nil {
			b.Fatal(err)
		}
		for f := range 20 {
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("post-%02d.md", f)), nil, 0o644); err != nil {
				b.Fatal(err)
			}
		}
	}
	w, err := New(root)
	if err != nil {
		b.Fatal(err)
	}
	for _, prefix := range []string{"", "section-05"} {
		b.Run(fmt.Sprintf("prefix=%q", prefix), func(b *testing.B) {
			for b.Loop() {
				w.MarkdownFiles(prefix, 100)
			}
		})
	}
}
