package style

import (
	"fmt"
	"io/fs"
	"os"
	"testing"

	"github.com/speedgrapher/speedgrapher/internal/benchdraft"
	"github.com/speedgrapher/speedgrapher/internal/markdown"
)

// BenchmarkCheck runs a set on the sample post repeated to 10 KiB, 100 KiB
// and 1 MiB. The rules are this package's test styles; with
// VALE_STYLES=/path/to/styles set, the four public packages (Google,
// Microsoft, write-good, proselint) from there instead.
func BenchmarkCheck(b *testing.B) {
	set := loadHouseB(b, "Vocab = Base\n[*.md]\nBasedOnStyles = Vale, Team, Docs\n", house)
	if dir := os.Getenv("VALE_STYLES"); dir != "" {
		set = loadHouseB(b, "[*.md]\nBasedOnStyles = Google, Microsoft, write-good, proselint\n", os.DirFS(dir))
	}
	for _, size := range []int{10 << 10, 100 << 10, 1 << 20} {
		src, err := benchdraft.Repeat("../../"+benchdraft.Sample, size, true)
		if err != nil {
			b.Fatal(err)
		}
		doc := markdown.Parse(src)
		b.Run(fmt.Sprintf("%dKiB", size>>10), func(b *testing.B) {
			b.SetBytes(int64(size))
			for range b.N {
				set.Check(doc)
			}
		})
	}
}

func loadHouseB(b *testing.B, ini string, fsys fs.FS) *Set {
	b.Helper()
	cfg, err := ParseConfig(".vale.ini", []byte(ini))
	if err != nil {
		b.Fatal(err)
	}
	return Load(fsys, cfg).For("post.md")
}
