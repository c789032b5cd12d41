package lint

import (
	"fmt"
	"math"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/speedgrapher/speedgrapher/internal/markdown"
	"github.com/speedgrapher/speedgrapher/internal/prose"
)

// MaxSentenceWords is the longest sentence long-sentence lets pass.
const MaxSentenceWords = 25

// HardSentenceWords is the fewest words a sentence needs to be called hard
// for its grade alone; a shorter one is called very hard at
// prose.VeryHardGrade and above, never merely hard, and one under
// prose.MinMarkedWords never at all.
const HardSentenceWords = 20

// maxShownGrade is the highest grade a message names: past it a grade says
// nothing a reader can use ("grade 27" reads as broken), so the message says
// "above grade 20".
const maxShownGrade = 20

// identifierLetters is what an identifier, a path or a URL written as a word
// counts toward the grade: the letters of an average English word, so that
// "ParseAsyncOptions" or "github.com/foo/bar" does not make a plain sentence
// read as hard.
const identifierLetters = 5

// longSentence flags sentences of more than MaxSentenceWords words, and
// sentences hard or very hard to read by their own grade (the automated
// readability index of the sentence alone): hard from HardSentenceWords
// words at grade 10, very hard from 14 words at grade 14. Only sentences of
// paragraphs, list items and quotes count, as in readability: headings and
// table cells are labels. A list item that does not end like a sentence is a
// label too: only its length counts. Status tags ("DEPRECATED") are not
// words of the sentence.
var longSentence = register(&Rule{
	ID:       "long-sentence",
	sentence: checkLongSentence,
})

var statusTags = set(dataLines("status-tags.txt")...)

func checkLongSentence(p *pass, r *Rule, s *sentence) {
	if !isSentenceBlock(s) {
		return
	}
	c := prose.Counts{Sentences: 1}
	for _, t := range s.toks {
		w := s.block.Text[t.start:t.end]
		if statusTags[t.lower] && isUpper(w) {
			continue
		}
		c.Words++
		n := lettersAndDigits(w)
		if looksLikeIdentifier(w) {
			n = min(n, identifierLetters)
		}
		c.Characters += n
	}
	n := c.Words
	if n < prose.MinMarkedWords {
		return
	}
	grade := prose.ARI(c)
	difficulty := prose.Normal
	switch {
	case s.block.Kind == markdown.ListItem && !endsSentence(s):
		// a label: its length alone counts
	case grade >= prose.VeryHardGrade:
		difficulty = prose.VeryHard
	case grade >= prose.HardGrade && n >= HardSentenceWords:
		difficulty = prose.Hard
	}
	long := n > MaxSentenceWords
	var msg string
	switch {
	case long && difficulty != prose.Normal:
		msg = fmt.Sprintf("sentence has %d words and is %s to read (%s); split it", n, difficulty, gradeText(grade))
	case long:
		msg = fmt.Sprintf("sentence has %d words (more than %d); split it", n, MaxSentenceWords)
	case difficulty != prose.Normal:
		msg = fmt.Sprintf("sentence is %s to read (%s); split it or use shorter words", difficulty, gradeText(grade))
	default:
		return
	}
	p.reportText(r, s.block, s.start, s.end, msg)
}

// gradeText names a grade for a message, "above grade 20" past maxShownGrade.
func gradeText(grade float64) string {
	if grade > maxShownGrade {
		return fmt.Sprintf("above grade %d", maxShownGrade)
	}
	// Whole grades, cut down rather than rounded, so that the grade named
	// agrees with the thresholds: 13.6 is hard, and reads "grade 13".
	return fmt.Sprintf("grade %d", int(math.Floor(grade)))
}

// endsSentence reports whether s ends with terminal punctuation, closing
// quotes and brackets aside.
func endsSentence(s *sentence) bool {
	t := strings.TrimRightFunc(s.block.Text[s.start:s.end], func(r rune) bool {
		return unicode.IsSpace(r) || strings.ContainsRune(`"'”’)]*_`, r) || r == '\uFFFC'
	})
	last, _ := utf8.DecodeLastRuneInString(t)
	return strings.ContainsRune(".!?:;…", last)
}

// looksLikeIdentifier reports whether a word is code, a path or a URL written
// as a word rather than English: it holds "_", "/", "@" or ":", a dot between
// letters ("os.Open", "example.com"), a capital after a small letter
// ("parseAsync"), letters and digits mixed ("utf8"), or is all capitals
// ("HTTP", "DEPRECATED").
func looksLikeIdentifier(w string) bool {
	if strings.ContainsAny(w, "_/@:=\\<>{}") {
		return true
	}
	var prev rune
	letters, digits, upper := 0, 0, 0
	for i, r := range w {
		switch {
		case unicode.IsUpper(r):
			upper++
			if i > 0 && unicode.IsLower(prev) {
				return true
			}
			letters++
		case unicode.IsLetter(r):
			letters++
		case unicode.IsDigit(r):
			digits++
		case r == '.' && i > 0 && i < len(w)-1 && unicode.IsLetter(prev):
			return true
		}
		prev = r
	}
	return letters > 0 && digits > 0 || letters > 1 && upper == letters
}

// isUpper reports whether w has letters and all of them are capitals.
func isUpper(w string) bool {
	has := false
	for _, r := range w {
		if unicode.IsLower(r) {
			return false
		}
		has = has || unicode.IsUpper(r)
	}
	return has
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
