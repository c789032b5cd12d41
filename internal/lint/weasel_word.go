package lint

import "fmt"

// weaselWord flags hedges and empty intensifiers: words that make a claim
// vaguer or louder without making it more precise. The list is this
// project's own.
var weaselWord = &Rule{
	ID: "weasel-word", Kind: Style, Severity: Suggestion, acceptable: true,
	Doc: `Hedges and empty intensifiers ("very", "quite", "fairly", "somewhat").`,
	message: func(match string, _ *phrase) string {
		return fmt.Sprintf("%q hedges or inflates; cut it or say exactly how much", match)
	},
	phrases: words(
		"very", "really", "quite", "fairly", "rather", "somewhat", "pretty much",
		"extremely", "exceedingly", "incredibly", "remarkably", "terribly", "awfully",
		"relatively", "slightly", "basically", "essentially", "actually", "literally",
		"virtually", "totally", "truly", "arguably", "seemingly", "kind of", "sort of",
		"a bit", "a little bit", "more or less", "to some extent", "to a certain extent",
		"in some ways", "in a sense", "mostly", "largely", "significantly",
		"substantially", "various",
	).unless(adjectiveVery, "very"),
}

// adjectiveVery: "very" after "the" or "this" is an adjective ("the very
// end", "this very page"), not an intensifier.
func adjectiveVery(s *sentence, i, _ int) bool {
	switch s.word(i - 1) {
	case "the", "this", "that", "these", "those", "its", "his", "her", "their", "our", "my", "your":
		return s.toks[i].joined
	}
	return false
}
