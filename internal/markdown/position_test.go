package markdown

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestPositionMatchesNaiveCount checks Position against a count of runes
// from the start of the line, on random lines of UTF-8, of broken UTF-8
// and of long runs, at every offset.
func TestPositionMatchesNaiveCount(t *testing.T) {
	t.Parallel()
	naive := func(src []byte, off int) Position {
		off = min(max(off, 0), len(src))
		start := bytes.LastIndexByte(src[:off], '\n') + 1
		return Position{Line: bytes.Count(src[:off], []byte{'\n'}) + 1, Column: utf8.RuneCount(src[start:off]) + 1}
	}
	pieces := []string{"a", " ", "é", "€", "😀", "\n", "\r\n", "\x80", "\xe2\x82", "\xf0\x9f", "\xff", "\t"}
	rng := rand.New(rand.NewPCG(1, 2))
	for n := range 200 {
		var b bytes.Buffer
		size := rng.IntN(3 * markStride)
		if n%10 == 0 {
			size = 20 * markStride
		}
		for b.Len() < size {
			p := pieces[rng.IntN(len(pieces))]
			if n%3 == 0 && strings.HasSuffix(p, "\n") {
				p = "b" // long lines
			}
			b.WriteString(p)
		}
		src := b.Bytes()
		d := &Document{Source: src, lines: newLineIndex(src)}
		for off := -1; off <= len(src)+1; off++ {
			if got, want := d.Position(off), naive(src, off); got != want {
				t.Fatalf("Position(%d) in %q = %v, want %v", off, src, got, want)
			}
		}
	}
}
