package prose

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func texts(text string, spans []Span) []string {
	out := []string{}
	for _, s := range spans {
		out = append(out, text[s.Start:s.End])
	}
	return out
}

func TestWords(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text string
		want []string
	}{
		{"", []string{}},
		{"Hello, world!", []string{"Hello", "world"}},
		{"It's a well-known state-of-the-art tool.", []string{"It's", "a", "well-known", "state-of-the-art", "tool"}},
		{"Pi is 3.14; use v1.2.3 — or 2.0.", []string{"Pi", "is", "3.14", "use", "v1.2.3", "or", "2.0"}},
		{"e.g. café naïve résumé", []string{"e.g", "café", "naïve", "résumé"}},
		{"the \uFFFC the", []string{"the", "the"}},
		{"— … ! \uFFFC 👍", []string{}},
		{"don’t stop", []string{"don’t", "stop"}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, texts(tt.text, Words(tt.text))); diff != "" {
			t.Errorf("Words(%q) (-want +got):\n%s", tt.text, diff)
		}
	}
}

func TestSentences(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		text string
		want []string
	}{
		{"empty", "", []string{}},
		{"no terminator", "A heading with no period", []string{"A heading with no period"}},
		{"three kinds", "It works. Does it? Yes! Good", []string{"It works.", "Does it?", "Yes!", "Good"}},
		{"abbreviations", "Use a tool, e.g. Vale, i.e. a linter. Ask Dr. Lee and Mr. Smith vs. Ms. Jones. Done.",
			[]string{"Use a tool, e.g. Vale, i.e. a linter.", "Ask Dr. Lee and Mr. Smith vs. Ms. Jones.", "Done."}},
		{"etc. ends a sentence before a capital", "Bring pens, paper, etc. Then start. Add salt, etc. and stir.",
			[]string{"Bring pens, paper, etc.", "Then start.", "Add salt, etc. and stir."}},
		{"decimals and versions", "Pi is 3.14 today. Go 1.22.3 shipped. Use v1.2.3.", []string{"Pi is 3.14 today.", "Go 1.22.3 shipped.", "Use v1.2.3."}},
		{"ellipses", "Wait... what now? Well… Maybe later.", []string{"Wait... what now?", "Well…", "Maybe later."}},
		{"closing quotes and parentheses", `He said "stop." Then he left. (It was late.) “Why?” she asked.`,
			[]string{`He said "stop."`, "Then he left.", "(It was late.)", "“Why?” she asked."}},
		{"initials", "J. R. R. Tolkien wrote it. Plan B failed.", []string{"J. R. R. Tolkien wrote it.", "Plan B failed."}},
		{"number abbreviation", "See No. 5 here. I said no. Then left.", []string{"See No. 5 here.", "I said no.", "Then left."}},
		{"urls and domains stay whole", "Visit example.com today. Then go.", []string{"Visit example.com today.", "Then go."}},
		{"a number starts a sentence", "It ended in 2023. 2024 was better.", []string{"It ended in 2023.", "2024 was better."}},
		{"placeholder after a period", "Run the tests. \uFFFC does it.", []string{"Run the tests.", "\uFFFC does it."}},
		{"punctuation only is no sentence", "Hello. ... !", []string{"Hello."}},
		{"interrobang and repeats", "Really?! Yes!!! Fine.", []string{"Really?!", "Yes!!!", "Fine."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, texts(tt.text, Sentences(tt.text))); diff != "" {
				t.Errorf("Sentences(%q) (-want +got):\n%s", tt.text, diff)
			}
		})
	}
}

func TestSyllablesHandCounted(t *testing.T) {
	t.Parallel()
	tests := []struct {
		word string
		want int
	}{
		{"the", 1}, {"cat", 1}, {"make", 1}, {"table", 2}, {"tables", 2}, {"wanted", 2},
		{"loved", 1}, {"boxes", 2}, {"pages", 2}, {"readability", 5}, {"syllable", 3},
		{"beautiful", 3}, {"idea", 3}, {"radio", 3}, {"nation", 2}, {"quiet", 2},
		{"rhythm", 2}, {"criticism", 4}, {"statement", 2}, {"lifeguard", 2}, {"league", 1},
		{"Hello", 2}, {"DON'T", 1}, {"well-known", 2}, {"café", 2}, {"2024", 1}, {"", 0},
		{"naïve", 2}, {"x", 1}, {"easiest", 3}, {"bottled", 2}, {"basically", 3},
	}
	for _, tt := range tests {
		if got := Syllables(tt.word); got != tt.want {
			t.Errorf("Syllables(%q) = %d, want %d", tt.word, got, tt.want)
		}
	}
}
