package lint

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// weaselWord flags hedges and empty intensifiers: words that make a claim
// vaguer or louder without making it more precise: an existence list,
// data/weasel-word.txt, with vetoes for the senses that say something.
var weaselWord = register(&Rule{
	ID: "weasel-word", acceptable: true,
	message: existenceMessage("%q hedges or inflates; cut it or say exactly how much"),
	phrases: existenceData("weasel-word.txt").unless(adjectiveVery, "very").
		unless(contrastRather, "rather").
		unless(informativeMostly, "mostly", "largely").
		unless(nounKindOf, "kind of", "sort of"),
})

// nounKindOf: after a determiner, "kind of" and "sort of" name a kind ("any
// kind of block", "what sort of characters"); only on their own ("it is
// kind of slow") do they hedge.
func nounKindOf(s *sentence, i, _ int) bool {
	return kindDeterminers[s.word(i-1)] && s.toks[i].joined
}

var kindDeterminers = set("a", "an", "the", "this", "that", "these", "those", "what", "which",
	"any", "some", "each", "every", "no", "one", "another", "same", "other", "its", "their",
	"our", "your", "my", "his", "her", "whatever", "new", "different", "right", "wrong")

// contrastRather: "rather than" contrasts two things ("call parseAsync()
// rather than parse()"), "would rather" states a preference and "or rather"
// corrects; none of them hedges. Only "rather" before a word it softens
// ("rather slow") is a weasel word.
func contrastRather(s *sentence, i, _ int) bool {
	if s.word(i+1) == "than" {
		return true
	}
	switch s.word(i - 1) {
	case "would", "or", "i'd", "we'd", "you'd", "they'd", "he'd", "she'd":
		return s.toks[i].joined
	}
	return false
}

// informativeMostly: "mostly" and "largely" before a noun phrase, a name or
// a number say how much of a group ("some clients (mostly Adobe
// products)", "mostly in Go"); only before a verb or an adjective ("it
// mostly works") do they hedge.
func informativeMostly(s *sentence, i, _ int) bool {
	if strings.Contains(s.gap(i), "(") || i+1 >= len(s.toks) {
		return true
	}
	next := s.block.Text[s.toks[i+1].start:s.toks[i+1].end]
	if r, _ := utf8.DecodeRuneInString(next); unicode.IsUpper(r) || unicode.IsDigit(r) {
		return true
	}
	return quantifiedStarts[s.word(i+1)]
}

// quantifiedStarts begin the noun or prepositional phrase that "mostly"
// quantifies.
var quantifiedStarts = set("a", "an", "the", "this", "that", "these", "those", "my", "your", "our",
	"their", "its", "his", "her", "some", "in", "on", "for", "from", "with", "to", "by", "at", "of",
	"about", "via", "through", "because", "when", "where", "during", "after", "before", "under",
	"over", "as", "within", "without", "between", "among")

// adjectiveVery: "very" after "the" or "this" is an adjective ("the very
// end", "this very page"), not an intensifier.
func adjectiveVery(s *sentence, i, _ int) bool {
	switch s.word(i - 1) {
	case "the", "this", "that", "these", "those", "its", "his", "her", "their", "our", "my", "your":
		return s.toks[i].joined
	}
	return false
}
