package lint

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/speedgrapher/speedgrapher/internal/markdown"
)

// shapes are drafts that grow one part of the work faster than the rest:
// many disable directives among many findings, and paragraphs of 900 broken
// links each (about the most inline markers a paragraph may hold).
var shapes = []struct {
	name string
	unit string // repeated to the size
	opts Options
}{
	{"directives", "<!-- speedgrapher-disable cliche -->\n\nIt is very good.\n\n", Options{Kind: Style}},
	{"link-paragraphs", string(bytes.Repeat([]byte("[a](#nowhere) [b](gone.md) "), 450)) + "\n\n",
		Options{Kind: Structure, FileExists: func(string) bool { return false }}},
}

// BenchmarkShapes reports the CPU time of Check on each shape at 1 and 8
// MiB: linear work keeps cpu-ms/op at 8 MiB near 8 times that at 1 MiB.
func BenchmarkShapes(b *testing.B) {
	for _, sh := range shapes {
		for _, size := range []int{1 << 20, 8 << 20} {
			src := bytes.Repeat([]byte(sh.unit), size/len(sh.unit)+1)[:size]
			doc := markdown.Parse(src)
			b.Run(fmt.Sprintf("%s/%dMiB", sh.name, size>>20), func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				var n int
				cpu := cpuTime()
				for b.Loop() {
					n = len(Check(doc, sh.opts))
				}
				b.ReportMetric(float64((cpuTime()-cpu).Milliseconds())/float64(b.N), "cpu-ms/op")
				b.ReportMetric(float64(n), "findings")
			})
		}
	}
}
