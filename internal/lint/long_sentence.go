package lint

import (
	"fmt"
	"math"
	"unicode"
	"unicode/utf8"

	"github.com/speedgrapher/speedgrapher/internal/prose"
)

// MaxSentenceWords is the longest sentence long-sentence lets pass.
const MaxSentenceWords = 25

// longSentence flags sentences of more than MaxSentenceWords words, and
// sentences that package prose marks hard or very hard the way the Hemingway
// Editor does (14 words or more at a grade of 10 or 14 and above). Only
// sentences of paragraphs, list items and quotes count, as in readability:
// headings and table cells are labels.
var longSentence = &Rule{
	ID: "long-sentence", Kind: Style, Severity: Suggestion,
	Doc:      `Sentences over 25 words, and sentences hard or very hard to read by their own grade.`,
	sentence: checkLongSentence,
}

func checkLongSentence(p *pass, r *Rule, s *sentence) {
	if !isSentenceBlock(s) {
		return
	}
	n := len(s.toks)
	if n < prose.MinMarkedWords {
		return
	}
	c := prose.Counts{Words: n, Sentences: 1}
	for _, t := range s.toks {
		c.Characters += lettersAndDigits(s.block.Text[t.start:t.end])
	}
	grade := prose.ARI(c)
	difficulty := prose.Classify(n, grade)
	long := n > MaxSentenceWords
	var msg string
	switch {
	case long && difficulty != prose.Normal:
		msg = fmt.Sprintf("sentence has %d words and is %s to read (grade %.0f); split it", n, difficulty, math.Round(grade))
	case long:
		msg = fmt.Sprintf("sentence has %d words (more than %d); split it", n, MaxSentenceWords)
	case difficulty != prose.Normal:
		msg = fmt.Sprintf("sentence is %s to read (grade %.0f); split it or use shorter words", difficulty, math.Round(grade))
	default:
		return
	}
	p.reportText(r, s.block, s.start, s.end, msg)
}

// lettersAndDigits counts what the automated readability index calls
// characters: the letters and digits of a word.
func lettersAndDigits(w string) int {
	n := 0
	for i := 0; i < len(w); {
		c := w[i]
		if c < utf8.RuneSelf {
			if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' {
				n++
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(w[i:])
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			n++
		}
		i += size
	}
	return n
}
