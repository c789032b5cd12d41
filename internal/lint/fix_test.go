package lint

import (
	"testing"

	"github.com/speedgrapher/speedgrapher/internal/markdown"
)

// fixOnce applies the safe fixes of one run of every rule.
func fixOnce(src string) (string, Applied) {
	res := ApplyFixes([]byte(src), Check(markdown.Parse([]byte(src)), Options{}), nil)
	return string(res.Source), res
}

// TestSafeFixes checks one run of the safe fixes against texts fixed by hand.
func TestSafeFixes(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, src, want string }{
		{"repeated word", "We went to the the shop.\n", "We went to the shop.\n"},
		{"repeated word across a line", "We went to the\nthe shop.\n", "We went to the shop.\n"},
		{"case of the first word kept", "The the shop opened.\n", "The shop opened.\n"},
		{"wordy at a sentence start", "In order to win, we try.\n", "To win, we try.\n"},
		{"capital word", "Utilize it.\n", "Use it.\n"},
		{"all capitals", "WE UTILIZE IT.\n", "WE USE IT.\n"},
		{"title case", "## In Order To Win\n", "## To Win\n"},
		{"cut, mid-sentence", "We are in the process of moving.\n", "We are moving.\n"},
		{"cut at the start: the next word takes the capital", "In the process of moving, we rest.\n", "Moving, we rest.\n"},
		{"no cut before markup that would start the line", "In the process of ```x\n", "In the process of ```x\n"},
		{"sense-dependent: not safe", "There is a need for tests.\n", "There is a need for tests.\n"},
		{"inclusive", "Add it to the whitelist.\n", "Add it to the allowlist.\n"},
		{"sense-dependent inclusive: not safe", "This is an insane idea.\n", "This is an insane idea.\n"},
		{"sense-dependent wordy: not safe", "They run with respect to each other.\n", "They run with respect to each other.\n"},
		{"phrase across a soft line break", "We ran in order\nto win.\n", "We ran to win.\n"},
		{"link text, not its destination", "See [in order to](https://x.test/in-order-to) now.\n", "See [to](https://x.test/in-order-to) now.\n"},
		{"in a table cell", "| a | b |\n|---|---|\n| utilize | x |\n", "| a | b |\n|---|---|\n| use | x |\n"},
		{"list item", "- We utilize it.\n", "- We use it.\n"},
		// Not prose, or markup inside the match: no fix.
		{"emphasis inside the phrase", "We ran *in order* to win.\n", "We ran *in order* to win.\n"},
		{"a link's end between the words", "See [the guide in](https://x.test/in) in full.\n", "See [the guide in](https://x.test/in) in full.\n"},
		{"hard line break inside", "We ran in order  \nto win.\n", "We ran in order  \nto win.\n"},
		{"escape inside", "We ran in order to\\! win.\n", "We ran to\\! win.\n"},
		{"inline code", "Run `utilize the the` now.\n", "Run `utilize the the` now.\n"},
		{"code block", "```go\n// utilize the the\n```\n", "```go\n// utilize the the\n```\n"},
		{"front matter", "---\ntitle: in order to utilize\n---\nText.\n", "---\ntitle: in order to utilize\n---\nText.\n"},
		{"HTML", "<p>in order to utilize</p>\n", "<p>in order to utilize</p>\n"},
		{"URL", "See https://x.test/utilize-the-the now.\n", "See https://x.test/utilize-the-the now.\n"},
		{"quoted example", "Avoid \"in order to\" here.\n", "Avoid \"in order to\" here.\n"},
		{"disabled by a comment", "<!-- speedgrapher-disable wordy -->\nWe utilize it.\n", "<!-- speedgrapher-disable wordy -->\nWe utilize it.\n"},
		// Passive voice has no fix; fence-language's fix is not safe.
		{"passive voice", "The cake was eaten.\n", "The cake was eaten.\n"},
		{"fence without language", "```\nx\n```\n", "```\nx\n```\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got, _ := fixOnce(tt.src); got != tt.want {
				t.Errorf("fixed\n%q\nwant\n%q", got, tt.want)
			}
		})
	}
}

// TestSenseDependentFixes: a fix that fits only some senses of the phrase is
// offered, not safe, and applied when all fixes are asked for.
func TestSenseDependentFixes(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ src, want string }{
		{"There is a need for tests.\n", "We need tests.\n"},
		{"This is an insane idea.\n", "This is a surprising idea.\n"}, // the article follows the word
		{"An insane idea.\n", "A surprising idea.\n"},
	} {
		findings := Check(markdown.Parse([]byte(tt.src)), Options{Only: []string{"wordy", "inclusive"}})
		for _, f := range findings {
			if f.Fix == nil || f.Fix.Safe {
				t.Errorf("%q: %s fix %+v, want one not safe", tt.src, f.Rule, f.Fix)
			}
		}
		if got := ApplyFixes([]byte(tt.src), findings, func(Finding) bool { return true }); string(got.Source) != tt.want {
			t.Errorf("all fixes of %q: %q, want %q", tt.src, got.Source, tt.want)
		}
	}
}

// TestOverlappingFixes: "utilize utilize" has a lexical-illusion fix over
// both words and a wordy fix on each; the first by position wins and the
// others wait for the next run.
func TestOverlappingFixes(t *testing.T) {
	t.Parallel()
	got, res := fixOnce("We utilize utilize it.\n")
	if want := "We utilize it.\n"; got != want {
		t.Errorf("first run: %q, want %q", got, want)
	}
	if len(res.Fixes) != 1 || res.Fixes[0].Rule != "lexical-illusion" || res.Skipped != 2 {
		t.Errorf("applied %d (first %v), skipped %d; want lexical-illusion alone, 2 skipped", len(res.Fixes), res.Fixes, res.Skipped)
	}
	if got, _ = fixOnce(got); got != "We use it.\n" {
		t.Errorf("second run: %q, want %q", got, "We use it.\n")
	}
}

// TestFenceLanguageFix: the unsafe fix names the language "text" right after
// the fence, in a list and a quote too.
func TestFenceLanguageFix(t *testing.T) {
	t.Parallel()
	src := "Intro.\n\n```\nx\n```\n\n> ~~~~\n> y\n> ~~~~\n"
	doc := markdown.Parse([]byte(src))
	res := ApplyFixes([]byte(src), Check(doc, Options{Only: []string{"fence-language"}}), func(f Finding) bool { return true })
	want := "Intro.\n\n```text\nx\n```\n\n> ~~~~text\n> y\n> ~~~~\n"
	if string(res.Source) != want {
		t.Errorf("fixed\n%q\nwant\n%q", res.Source, want)
	}
	for _, f := range res.Fixes {
		if f.Fix.Safe {
			t.Errorf("fence-language fix marked safe: %+v", f.Fix)
		}
	}
}

func TestKeepCase(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ match, repl, want string }{
		{"in order to", "to", "to"},
		{"In order to", "to", "To"},
		{"IN ORDER TO", "to", "TO"},
		{"Utilize", "use", "Use"},
		{"Master Branch", "main branch", "Main Branch"},
		{"master branch", "main branch", "main branch"},
		{"Élan", "verve", "Verve"},
		{"An", "a", "A"},
	} {
		if got := keepCase(tt.match, tt.repl); got != tt.want {
			t.Errorf("keepCase(%q, %q) = %q, want %q", tt.match, tt.repl, got, tt.want)
		}
	}
}
