package prose

import (
	"testing"

	"github.com/speedgrapher/speedgrapher/internal/markdown"
)

// FuzzSentences checks that sentence and word spans are ordered, non-empty
// and inside the text, and that nothing panics.
func FuzzSentences(f *testing.F) {
	for _, s := range []string{
		"", "Dr. Lee said e.g. 3.14 v1.2.3. Next one!", "Wait... what?! (Yes.) “No.” x", "J. R. R. Tolkien. No. 5 here.",
		"\uFFFC. \uFFFC", "a…b… C", "!!!", ". . .", "\xff. \xfe? A",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		prev := 0
		for _, s := range Sentences(text) {
			if s.Start < prev || s.End <= s.Start || s.End > len(text) {
				t.Fatalf("sentence %+v after %d in %d bytes", s, prev, len(text))
			}
			prev = s.End
			for _, w := range appendWords(nil, text[s.Start:s.End], s.Start) {
				if w.Start < s.Start || w.End > s.End || w.End <= w.Start {
					t.Fatalf("word %+v outside sentence %+v", w, s)
				}
				Syllables(text[w.Start:w.End])
			}
		}
		for _, w := range Words(text) {
			if w.Start < 0 || w.End > len(text) || w.End <= w.Start {
				t.Fatalf("word %+v outside %d bytes", w, len(text))
			}
		}
	})
}

// FuzzAnalyze runs the whole analysis on arbitrary markdown: every sentence
// must map to a position inside the source.
func FuzzAnalyze(f *testing.F) {
	f.Add([]byte("# T\n\nOne. Two `x` three.\n\n- Item e.g. this\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		d := markdown.Parse(src)
		r := Analyze(d)
		for _, s := range r.Sentences {
			b := &d.Blocks[s.Block]
			start, end := b.SourceRange(s.Start, s.End)
			if start < 0 || end > len(src) || start > end || s.Line < 1 || s.Line > d.LineCount() || s.Column < 1 {
				t.Fatalf("sentence %q maps to [%d,%d) at %d:%d in %d bytes", s.Text, start, end, s.Line, s.Column, len(src))
			}
		}
	})
}

// FuzzASCIIWords checks that the ASCII fast path finds exactly the words the
// UAX #29 segmenter finds.
func FuzzASCIIWords(f *testing.F) {
	for _, s := range []string{"it's a well-known v1.2.3, 1,000 a:b __x_ 3.14. e.g. x\uFFFCy", "a--b a-1 1-a 1-2 'a' a.'b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if !isASCIIOrPlaceholder(text) {
			return
		}
		fast := appendASCIIWords(nil, text, 0)
		slow := appendUnicodeWords(nil, text, 0)
		if len(fast) != len(slow) {
			t.Fatalf("%q: fast %v, uax29 %v", text, texts(text, fast), texts(text, slow))
		}
		for i := range fast {
			if fast[i] != slow[i] {
				t.Fatalf("%q: fast %v, uax29 %v", text, texts(text, fast), texts(text, slow))
			}
		}
	})
}
