package lint

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/speedgrapher/speedgrapher/internal/markdown"
)

// anchorDraft is a draft of about size bytes, alternating a heading and a
// link to a misspelt anchor of that heading ("#section-12x" for "Section
// 12"): as many broken links as headings, each with a near miss.
func anchorDraft(size int) []byte {
	var b bytes.Buffer
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "## Section %d\n\n[x](#section-%dx)\n\n", i, i)
	}
	return b.Bytes()[:size]
}

// BenchmarkBrokenAnchor is the broken-anchor rule alone on anchorDraft:
// 158 KB is about 4,000 headings and 4,000 broken links.
func BenchmarkBrokenAnchor(b *testing.B) {
	for _, size := range []int{158_000, 1 << 20, 8 << 20} {
		src := anchorDraft(size)
		doc := markdown.Parse(src)
		b.Run(fmt.Sprintf("%dKB", size/1000), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			var suggested int
			cpu := cpuTime()
			for b.Loop() {
				suggested = 0
				for _, f := range Check(doc, Options{Only: []string{"broken-anchor"}}) {
					if strings.Contains(f.Message, "did you mean") {
						suggested++
					}
				}
			}
			b.ReportMetric(float64((cpuTime()-cpu).Milliseconds())/float64(b.N), "cpu-ms/op")
			b.ReportMetric(float64(len(doc.Headings)), "headings")
			b.ReportMetric(float64(suggested), "suggested")
		})
	}
}
