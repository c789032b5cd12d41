package fix

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/speedgrapher/speedgrapher/internal/lint"
	"github.com/speedgrapher/speedgrapher/internal/markdown"
)

func check(doc *markdown.Document) []lint.Finding { return lint.Check(doc, lint.Options{}) }

// TestApplyUntilSettled: a fix uncovers another ("In order to to" → "To to")
// and overlapping fixes wait a run; Apply runs until nothing is left, and a
// second Apply changes nothing.
func TestApplyUntilSettled(t *testing.T) {
	t.Parallel()
	src := "In order to to win, we utilize utilize it.\n"
	res := Apply([]byte(src), check, nil)
	if want := "To win, we use it.\n"; string(res.Source) != want || !res.Changed {
		t.Errorf("fixed %q (changed %v), want %q", res.Source, res.Changed, want)
	}
	if diff := cmp.Diff(map[string]int{"wordy": 2, "lexical-illusion": 2}, res.Applied); diff != "" {
		t.Errorf("applied (-want +got):\n%s", diff)
	}
	again := Apply(res.Source, check, nil)
	if again.Changed || again.Total() != 0 || string(again.Source) != string(res.Source) {
		t.Errorf("second run changed %q to %q", res.Source, again.Source)
	}
}

// TestApplyChoice: the safe fixes leave fence-language; All takes it, and
// OnlyRules when it names it.
func TestApplyChoice(t *testing.T) {
	t.Parallel()
	src := "We utilize it.\n\n```\nx\n```\n"
	for _, tt := range []struct {
		name string
		want func(lint.Finding) bool
		out  string
	}{
		{"safe", Safe, "We use it.\n\n```\nx\n```\n"},
		{"all", All, "We use it.\n\n```text\nx\n```\n"},
		{"only fence-language", OnlyRules([]string{"fence-language"}), "We utilize it.\n\n```text\nx\n```\n"},
		{"only wordy: its safe fixes", OnlyRules([]string{"wordy"}), "We use it.\n\n```\nx\n```\n"},
	} {
		if got := Apply([]byte(src), check, tt.want); string(got.Source) != tt.out {
			t.Errorf("%s: %q, want %q", tt.name, got.Source, tt.out)
		}
	}
	// Naming wordy does not take its fixes that are not safe.
	mixed := "They run with respect to each other and utilize it.\n"
	if got := Apply([]byte(mixed), check, OnlyRules([]string{"wordy"})); string(got.Source) != "They run with respect to each other and use it.\n" {
		t.Errorf("only wordy: %q", got.Source)
	}
	res := Apply([]byte(src), check, Safe)
	if len(res.Remaining) != 1 || res.Remaining[0].Rule != "fence-language" {
		t.Errorf("remaining %v, want fence-language alone", res.Remaining)
	}
}
