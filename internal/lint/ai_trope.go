package lint

import (
	"fmt"
	"strings"
)

// aiTrope flags phrasing typical of machine-written prose: a handful of
// words language models reach for far more often than people do, stock
// openings, and the "it's not X — it's Y" reversal. The list is this
// project's own.
var aiTrope = &Rule{
	ID: "ai-trope", Kind: Style, Severity: Suggestion, acceptable: true,
	Doc: `Phrasing typical of machine-written prose ("delve into", "tapestry", "it's not X — it's Y").`,
	message: func(match string, _ *phrase) string {
		return fmt.Sprintf("%q reads as machine-written; say it in your own words", match)
	},
	sentence: checkNotXButY,
	phrases: words(
		"delve", "delves", "delved", "delving", "delve into", "delves into", "delving into",
		"tapestry", "rich tapestry", "testament to", "a testament to",
		"in today's fast-paced world", "in today's digital age", "in today's digital world",
		"in today's world", "in the digital age", "fast-paced world",
		"ever-evolving", "ever-changing landscape", "ever-evolving landscape",
		"in the realm of", "the realm of", "navigate the complexities",
		"navigating the complexities", "navigate the landscape", "embark on a journey",
		"embark on", "embarking on", "it's worth noting", "it is worth noting",
		"it's important to note", "it is important to note", "it's important to remember",
		"unlock the power", "unlock the potential", "unleash the power",
		"harness the power", "seamless integration", "seamlessly integrate",
		"look no further", "let's dive in", "let's dive into", "dive into", "deep dive",
		"dive deep", "a myriad of", "myriad", "plays a crucial role", "play a crucial role",
		"plays a pivotal role", "play a pivotal role", "pivotal", "beacon of", "symphony of",
		"multifaceted", "in conclusion", "at its core", "elevate your",
		"whether you're a beginner or", "whether you're a seasoned", "bustling",
		"meticulously", "meticulous", "intricate", "intricacies", "labyrinth",
		"game-changing", "revolutionize", "revolutionise", "supercharge",
		"stands as a", "serves as a testament", "a nuanced", "nuanced",
	),
}

// checkNotXButY flags the reversal "it's not X — it's Y" (and "this isn't
// just X; it's Y") inside one sentence or across two sentences of one block.
func checkNotXButY(p *pass, r *Rule, s *sentence) {
	open := negatedOpening(s)
	if open < 0 {
		return
	}
	for i := open + 1; i < len(s.toks); i++ {
		if !strings.ContainsAny(s.gap(i), "—–;,:-") {
			continue
		}
		if n := affirmation(s, i); n > 0 {
			p.reportText(r, s.block, s.toks[0].start, s.toks[i+n-1].end,
				"\"not X — it's Y\" reads as machine-written; say what it is")
			return
		}
	}
	// "It's not a bug. It's a feature."
	if s.index+1 < len(p.sentences) {
		next := &p.sentences[s.index+1]
		if next.block == s.block {
			if n := affirmation(next, 0); n > 0 && n < len(next.toks) {
				p.reportText(r, s.block, s.toks[0].start, next.toks[n-1].end,
					"\"not X. It's Y\" reads as machine-written; say what it is")
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
