package lint

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// lexicalIllusion flags a word written twice in a row by accident, as "the
// the" split across a line break, which the eye skips over.
var lexicalIllusion = register(&Rule{
	ID: "lexical-illusion", acceptable: true,
	sentence: checkLexicalIllusion,
})

// grammaticalRepeats are doubled words that English uses on purpose:
// "what it had had", "he said that that was all".
var grammaticalRepeats = map[string]bool{"had": true, "that": true}

func checkLexicalIllusion(p *pass, r *Rule, s *sentence) {
	for i := 1; i < len(s.toks); i++ {
		w := s.toks[i].lower
		if w != s.toks[i-1].lower || !s.toks[i].joined || grammaticalRepeats[w] || isNumber(w) {
			continue
		}
		if s.gap(i) == "" {
			continue // no space between: a script written without spaces ("中文文档" is 中文 + 文档)
		}
		first := s.block.Text[s.toks[i-1].start:s.toks[i-1].end]
		word := s.block.Text[s.toks[i].start:s.toks[i].end]
		if !sameWritten(first, word) {
			continue // "a A", "with WITH", "OPEN Open": on purpose, in labelled docs
		}
		p.reportText(r, s.block, s.toks[i-1].start, s.toks[i].end,
			fmt.Sprintf("%q is repeated; delete one", word), word)
	}
}

// sameWritten reports whether a repeat reads as a slip of the pen: the same
// word as written, or the first capitalized at a sentence's start ("The the").
func sameWritten(first, second string) bool {
	if first == second {
		return true
	}
	r, n := utf8.DecodeRuneInString(first)
	return unicode.IsUpper(r) && second != "" && strings.ToLower(first[:n]) == second[:n] && first[n:] == second[n:]
}

func isNumber(w string) bool {
	for i := 0; i < len(w); i++ {
		if (w[i] < '0' || w[i] > '9') && w[i] != '.' && w[i] != ',' {
			return false
		}
	}
	return true
}
