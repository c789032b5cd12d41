package lint

import (
	"fmt"
	"testing"

	"github.com/speedgrapher/speedgrapher/internal/benchdraft"
	"github.com/speedgrapher/speedgrapher/internal/markdown"
	"github.com/speedgrapher/speedgrapher/internal/structure"
)

// benchDraft is the sample post as one article of size bytes.
func benchDraft(b *testing.B, size int) []byte {
	src, err := benchdraft.Repeat("../../"+benchdraft.Sample, size, true)
	if err != nil {
		b.Fatal(err)
	}
	return src
}

// BenchmarkLint reports, beside goldmark's own parse of the same bytes:
// style (the lint tool: parse and the style rules), lint+structure (the
// speedgrapher lint command: parse and every rule) and structure-tool (parse,
// structure rules, outline and counts). The target is within 3x goldmark.
func BenchmarkLint(b *testing.B) {
	exists := func(string) bool { return true }
	for _, size := range []int{10 << 10, 100 << 10, 1 << 20} {
		src := benchDraft(b, size)
		name := fmt.Sprintf("%dKiB", size>>10)
		b.Run("goldmark/"+name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				markdown.ParseTree(src)
			}
		})
		b.Run("style/"+name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				Check(markdown.Parse(src), Options{Kind: Style})
			}
		})
		b.Run("lint+structure/"+name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				Check(markdown.Parse(src), Options{FileExists: exists})
			}
		})
		b.Run("structure-tool/"+name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				doc := markdown.Parse(src)
				Check(doc, Options{Kind: Structure, FileExists: exists})
				structure.Summarize(doc)
			}
		})
	}
}
