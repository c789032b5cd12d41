package lint

import (
	"strings"
)

// aiTrope flags phrasing often found in machine-written text: stock phrases
// language models reach for far more often than people do (data/ai-trope.txt,
// this project's own list, kept to phrases very unlikely in documentation
// people write) and the "it's not X — it's Y" reversal set off by a dash, a
// semicolon, a colon or a full stop ("it's not A, it's B" with a comma is
// ordinary English). The message says where such phrasing is often found; it
// does not judge who wrote it.
var aiTrope = register(&Rule{
	ID: "ai-trope", acceptable: true,
	message:  existenceMessage("%q is often found in machine-written text; say it plainly"),
	sentence: checkNotXButY,
	phrases:  existenceData("ai-trope.txt"),
})

// checkNotXButY flags the reversal "it's not X — it's Y" (and "this isn't
// just X; it's Y") inside one sentence or across two sentences of one block.
func checkNotXButY(p *pass, r *Rule, s *sentence) {
	open := negatedOpening(s)
	if open < 0 {
		return
	}
	for i := open + 1; i < len(s.toks); i++ {
		if !strings.ContainsAny(s.gap(i), "—–;:-") {
			continue
		}
		if n := affirmation(s, i); n > 0 {
			p.reportText(r, s.block, s.toks[0].start, s.toks[i+n-1].end,
				"\"not X — it's Y\" is often found in machine-written text; say what it is")
			return
		}
	}
	// "It's not a bug. It's a feature."
	if s.index+1 < len(p.sentences) {
		next := &p.sentences[s.index+1]
		if next.block == s.block {
			if n := affirmation(next, 0); n > 0 && n < len(next.toks) {
				p.reportText(r, s.block, s.toks[0].start, next.toks[n-1].end,
					"\"not X. It's Y\" is often found in machine-written text; say what it is")
			}
		}
	}
}

// negatedOpening returns the index of the word that closes a negated
// opening ("it's not", "this isn't", "they are not"), or -1.
func negatedOpening(s *sentence) int {
	if !subjects[s.word(0)] && !contractedSubjects[s.word(0)] {
		return -1
	}
	switch {
	case contractedSubjects[s.word(0)] && s.word(1) == "not":
		return 1
	case subjects[s.word(0)] && negatedBe[s.word(1)]:
		return 1
	case subjects[s.word(0)] && beForms[s.word(1)] && s.word(2) == "not":
		return 2
	}
	return -1
}

// affirmation returns how many words from i make "it's", "it is", "they're"
// and the like, or 0.
func affirmation(s *sentence, i int) int {
	switch {
	case contractedSubjects[s.word(i)]:
		return 1
	case subjects[s.word(i)] && beForms[s.word(i+1)]:
		return 2
	}
	return 0
}

var (
	subjects           = map[string]bool{"it": true, "this": true, "that": true, "they": true, "these": true, "those": true}
	contractedSubjects = map[string]bool{"it's": true, "that's": true, "they're": true, "this's": true}
	beForms            = map[string]bool{"is": true, "are": true, "was": true, "were": true}
	negatedBe          = map[string]bool{"isn't": true, "aren't": true, "wasn't": true, "weren't": true}
)
