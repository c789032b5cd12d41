package lint

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/speedgrapher/speedgrapher/internal/markdown"
	"github.com/speedgrapher/speedgrapher/internal/prose"
)

// sentence is one sentence of prose with its words, as the rules read it.
type sentence struct {
	block      *markdown.Block
	index      int // in pass.sentences
	start, end int // byte range in block.Text
	toks       []token
}

// token is one word of a sentence.
type token struct {
	start, end int // byte range in block.Text
	// lower is the word in lower case with typographic apostrophes made
	// straight, the form word lists are written in.
	lower string
	// joined is true when only spaces stand between the previous word and
	// this one: no punctuation, no removed inline code or link. Phrases
	// match only across joined words.
	joined bool
}

// splitSentences segments doc's prose with package prose and prepares every
// sentence's words.
func splitSentences(doc *markdown.Document) []sentence {
	ps := prose.Split(doc)
	out := make([]sentence, len(ps))
	total := 0
	for _, s := range ps {
		total += len(s.Words)
	}
	toks := make([]token, 0, total)
	for i, s := range ps {
		b := &doc.Blocks[s.Block]
		first := len(toks)
		for j, w := range s.Words {
			t := token{start: w.Start, end: w.End, lower: normalize(b.Text[w.Start:w.End])}
			if j > 0 {
				t.joined = onlySpace(b.Text[s.Words[j-1].End:w.Start])
			}
			toks = append(toks, t)
		}
		out[i] = sentence{block: b, index: i, start: s.Start, end: s.End, toks: toks[first:len(toks):len(toks)]}
	}
	return out
}

// isSentenceBlock reports whether s is a sentence of running prose: in a
// paragraph, a list item or a quote. Headings and table cells are labels, as
// in package prose's readability.
func isSentenceBlock(s *sentence) bool {
	switch s.block.Kind {
	case markdown.Paragraph, markdown.ListItem, markdown.Quote:
		return true
	}
	return false
}

// text returns the text of tokens i..j (inclusive) of s.
func (s *sentence) text(i, j int) string {
	return s.block.Text[s.toks[i].start:s.toks[j].end]
}

// word returns the lower-case token i, or "" past either end.
func (s *sentence) word(i int) string {
	if i < 0 || i >= len(s.toks) {
		return ""
	}
	return s.toks[i].lower
}

// gap returns the text between token i-1 and token i.
func (s *sentence) gap(i int) string {
	if i <= 0 || i >= len(s.toks) {
		return ""
	}
	return s.block.Text[s.toks[i-1].end:s.toks[i].start]
}

// normalize lower-cases a word and straightens its apostrophes.
func normalize(w string) string {
	ascii := true
	upper := false
	for i := 0; i < len(w); i++ {
		c := w[i]
		if c >= utf8.RuneSelf {
			ascii = false
			break
		}
		if 'A' <= c && c <= 'Z' {
			upper = true
		}
	}
	if ascii {
		if upper {
			return strings.ToLower(w)
		}
		return w
	}
	return strings.ReplaceAll(strings.ToLower(w), "’", "'")
}

// onlySpace reports whether s is all white space (and not empty of it
// because of a removed element, which leaves a markdown.Placeholder).
func onlySpace(s string) bool {
	for _, r := range s {
		if !unicode.IsSpace(r) {
			return false
		}
	}
	return true
}

// acceptForm lower-cases text, turns punctuation other than apostrophes and
// hyphens into spaces and collapses runs of spaces, so that an accepted word
// and a match compare as words.
func acceptForm(text string) string {
	mapped := strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '\'' || r == '-' {
			return r
		}
		return ' '
	}, normalize(text))
	return strings.Join(strings.Fields(mapped), " ")
}

// acceptList holds Options.Accept, each as " word word ".
type acceptList []string

func newAcceptList(words []string) acceptList {
	var a acceptList
	for _, w := range words {
		if n := acceptForm(w); n != "" {
			a = append(a, " "+n+" ")
		}
	}
	return a
}

// covers reports whether an accepted word or phrase appears, as whole words,
// in match.
func (a acceptList) covers(match string) bool {
	if len(a) == 0 {
		return false
	}
	m := " " + acceptForm(match) + " "
	for _, w := range a {
		if strings.Contains(m, w) {
			return true
		}
	}
	return false
}
