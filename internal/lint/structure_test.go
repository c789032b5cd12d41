package lint

import (
	"strings"
	"testing"

	"github.com/speedgrapher/speedgrapher/internal/markdown"
)

// TestLineBreakAfter: the line index finds the same newline as a walk from
// each offset, blank lines, CRLF and a last line without newline included.
func TestLineBreakAfter(t *testing.T) {
	t.Parallel()
	for _, src := range []string{"", "\n", "one", "one\ntwo\r\n\nfour", "a\n\n\nb\n"} {
		p := &pass{doc: &markdown.Document{Source: []byte(src)}}
		for off := 0; off <= len(src); off++ {
			want := strings.IndexByte(src[off:], '\n')
			if want < 0 {
				want = len(src)
			} else {
				want += off
			}
			if got := p.lineBreakAfter(off); got != want {
				t.Errorf("lineBreakAfter(%d) in %q = %d; want %d", off, src, got, want)
			}
		}
	}
}
