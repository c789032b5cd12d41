package lint

import (
	"context"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/speedgrapher/speedgrapher/internal/markdown"
	"github.com/speedgrapher/speedgrapher/internal/prose"
)

// sentence is one sentence of prose with its words, as the rules read it.
type sentence struct {
	block      *markdown.Block
	blockIndex int // in Document.Blocks
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
	flags wordFlags
	// node is the phrase matcher's node for this word, nil when no listed
	// phrase starts with it.
	node *trieNode
	// joined is true when only spaces stand between the previous word and
	// this one: no punctuation, no removed inline code or link. Phrases
	// match only across joined words.
	joined bool
}

// splitSentences segments doc's prose with package prose and prepares every
// sentence's words. It is prose.Split, done with one word pass per block
// rather than one allocation per sentence: a sentence boundary always falls
// on white space, so the words of a block are the words of its sentences.
// It stops early, with what it has, when ctx is done.
func splitSentences(ctx context.Context, doc *markdown.Document) []sentence {
	out := make([]sentence, 0, len(doc.Source)/50+1)
	lex := lexicon()
	for bi := range doc.Blocks {
		if ctx.Err() != nil {
			return out
		}
		b := &doc.Blocks[bi]
		words := prose.Words(b.Text)
		toks := make([]token, 0, len(words))
		w := 0
		for _, s := range prose.Sentences(b.Text) {
			for w < len(words) && words[w].Start < s.Start {
				w++
			}
			first := len(toks)
			for ; w < len(words) && words[w].End <= s.End; w++ {
				t := token{start: words[w].Start, end: words[w].End, lower: normalize(b.Text[words[w].Start:words[w].End])}
				if e, ok := lex[t.lower]; ok {
					t.flags, t.node = e.flags, e.node
				}
				if len(toks) > first {
					t.joined = onlySpace(b.Text[toks[len(toks)-1].end:t.start])
				}
				toks = append(toks, t)
			}
			out = append(out, sentence{block: b, blockIndex: bi, index: len(out), start: s.Start, end: s.End, toks: toks[first:len(toks):len(toks)]})
		}
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

// has reports whether token i has all of flags; false past either end.
func (s *sentence) has(i int, flags wordFlags) bool {
	return i >= 0 && i < len(s.toks) && s.toks[i].flags&flags == flags
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
