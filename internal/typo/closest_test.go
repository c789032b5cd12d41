package typo

import "testing"

func TestClosest(t *testing.T) {
	t.Parallel()
	commands := []string{"serve", "readability", "structure", "lint", "prompts", "prompt", "check", "new", "call", "version"}
	for _, tc := range []struct{ word, want string }{
		{"promt", "prompt"}, // one letter left out
		{"readabilty", "readability"},
		{"Lint", "lint"},   // case does not count
		{"chekc", "check"}, // a swap is two edits
		{"frobnicate", ""}, // nothing near
		{"x", ""},          // one letter is too short to guess from
	} {
		if got := Closest(tc.word, commands); got != tc.want {
			t.Errorf("Closest(%q) = %q, want %q", tc.word, got, tc.want)
		}
	}
	if got := Closest("reveiw", []string{"haiku", "review", "reflect"}); got != "review" {
		t.Errorf("Closest(reveiw) = %q, want review", got)
	}
	if got := DidYouMean("pasive-voice", []string{"passive-voice", "adverb"}); got != `; did you mean "passive-voice"?` {
		t.Errorf("DidYouMean = %q", got)
	}
}
