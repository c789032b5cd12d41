package style

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/speedgrapher/speedgrapher/internal/markdown"
)

func BenchmarkAllRules(b *testing.B) {
	dir := "/work/shared/vale-styles"
	cfg, _ := ParseConfig("x", []byte("StylesPath = "+dir+"\n[*.md]\nBasedOnStyles = Google, Microsoft, write-good, proselint\n"))
	h := Load(os.DirFS(dir), cfg)
	set := h.For("a.md")
	files, _ := filepath.Glob("/root/go/pkg/mod/github.com/*/*/*.md")
	var srcs [][]byte
	for _, f := range files[:40] {
		b, _ := os.ReadFile(f)
		srcs = append(srcs, b)
	}
	b.ResetTimer()
	for range b.N {
		for _, s := range srcs {
			set.Check(markdown.Parse(s))
		}
	}
}
