package lint

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseSubstitution(t *testing.T) {
	t.Parallel()
	got, err := ParseSubstitution("# a comment\n\nIn  Order to -> to\nin the process of ->\nwith respect to -> about | regarding ; sense-dependent\n")
	if err != nil {
		t.Fatal(err)
	}
	want := []Swap{
		{Phrase: "in order to", Replacements: []string{"to"}},
		{Phrase: "in the process of", Replacements: []string{""}},
		{Phrase: "with respect to", Replacements: []string{"about", "regarding"}, SenseDependent: true},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ParseSubstitution (-want +got):\n%s", diff)
	}
	for text, wantErr := range map[string]string{
		"in order to -> to\nutilize use\n":      "line 2",
		"-> to\n":                               "line 1",
		"in order to -> to ; sense dependent\n": `unknown flag "sense dependent"`,
	} {
		if _, err := ParseSubstitution(text); err == nil || !strings.Contains(err.Error(), wantErr) {
			t.Errorf("ParseSubstitution(%q) = %v, want an error with %q", text, err, wantErr)
		}
	}
}

func TestParseExistence(t *testing.T) {
	t.Parallel()
	got := ParseExistence("# clichés\nAt the end  of the day\n\n low-hanging fruit \n")
	want := []string{"at the end of the day", "low-hanging fruit"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ParseExistence (-want +got):\n%s", diff)
	}
}

// TestRegistry: the rules come in the order of rules.yaml with its
// severities, and an entry with no Go rule is refused.
func TestRegistry(t *testing.T) {
	t.Parallel()
	if registryErr != nil {
		t.Fatal(registryErr)
	}
	want := []string{"lexical-illusion", "passive-voice", "weasel-word", "wordy", "cliche", "long-sentence",
		"inclusive", "ai-trope", "adverb", "so-start", "there-is",
		"multiple-h1", "heading-increment", "duplicate-heading", "empty-heading", "image-alt",
		"empty-link", "broken-anchor", "missing-file", "fence-language", "title-length", "description-length"}
	if diff := cmp.Diff(want, IDs(0)); diff != "" {
		t.Errorf("IDs (-want +got):\n%s", diff)
	}
	if r, _ := Lookup("image-alt"); r.Kind != Structure || r.Severity != Warning || r.Fix != NoFix {
		t.Errorf("image-alt: kind %v, severity %v, fix %v; want structure, warning, none", r.Kind, r.Severity, r.Fix)
	}
	if r, _ := Lookup("wordy"); r.Kind != Style || r.Severity != Suggestion || r.Fix != SafeFix {
		t.Errorf("wordy: kind %v, severity %v, fix %v; want style, suggestion, safe", r.Kind, r.Severity, r.Fix)
	}
	docs, err := ParseRuleDocs([]byte("- id: no-such-rule\n  kind: style\n"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Describe(docs); err == nil || !strings.Contains(err.Error(), `"no-such-rule" has no Go code`) {
		t.Errorf("Describe with an unknown rule = %v, want an error naming it", err)
	}
	if _, err := Describe(ruleDocs[1:]); err == nil || !strings.Contains(err.Error(), `"lexical-illusion" has no entry`) {
		t.Errorf("Describe without lexical-illusion = %v, want an error naming it", err)
	}
}
