package prose

import (
	"fmt"
	"testing"

	"github.com/speedgrapher/speedgrapher/internal/benchdraft"
	"github.com/speedgrapher/speedgrapher/internal/markdown"
)

// benchDraft is the sample post as one article of size bytes.
func benchDraft(b *testing.B, size int) []byte {
	src, err := benchdraft.Repeat("../../"+benchdraft.Sample, size, true)
	if err != nil {
		b.Fatal(err)
	}
	return src
}

// BenchmarkReadability reports the whole analysis (parse, extraction,
// segmentation, syllables, formulas) beside goldmark's own parse of the same
// bytes.
func BenchmarkReadability(b *testing.B) {
	for _, size := range []int{10 << 10, 100 << 10, 1 << 20} {
		src := benchDraft(b, size)
		name := fmt.Sprintf("%dKiB", size>>10)
		b.Run("goldmark/"+name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				markdown.ParseTree(src)
			}
		})
		b.Run("parse/"+name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				markdown.Parse(src)
			}
		})
		b.Run("analyze/"+name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				Analyze(markdown.Parse(src))
			}
		})
	}
}

// BenchmarkAnalyze measures Analyze alone, on documents parsed beforehand.
func BenchmarkAnalyze(b *testing.B) {
	for _, size := range []int{10 << 10, 100 << 10} {
		doc := markdown.Parse(benchDraft(b, size))
		b.Run(fmt.Sprintf("%dKiB", size>>10), func(b *testing.B) {
			b.SetBytes(int64(len(doc.Source)))
			for b.Loop() {
				Analyze(doc)
			}
		})
	}
}
