package labels

import (
	"strings"
	"testing"

	"github.com/speedgrapher/speedgrapher/internal/lint"
)

const file = "../../../testdata/precision/labels.tsv"

// TestLabelsFile checks the committed hand labels: the file parses, every
// label names a rule that exists, and every rule that fired on the corpus
// has labels, so that its default severity rests on some. (Which rules fired
// was read off `go run ./scripts/precision`; the corpus itself needs the
// network and is not part of the tests.)
func TestLabelsFile(t *testing.T) {
	labels, err := Load(file)
	if err != nil {
		t.Fatal(err)
	}
	perRule := map[string]int{}
	for k := range labels {
		if _, ok := lint.Lookup(k.Rule); !ok {
			t.Errorf("%s:%d:%d: unknown rule %q", k.Doc, k.Line, k.Column, k.Rule)
		}
		perRule[k.Rule]++
	}
	fired := []string{
		"adverb", "ai-trope", "broken-anchor", "cliche", "description-length",
		"duplicate-heading", "empty-heading", "empty-link", "fence-language",
		"heading-increment", "image-alt", "inclusive", "lexical-illusion",
		"long-sentence", "missing-file", "multiple-h1", "passive-voice",
		"so-start", "there-is", "title-length", "weasel-word", "wordy",
	}
	for _, id := range fired {
		if perRule[id] == 0 {
			t.Errorf("rule %s fired on the corpus but has no labels", id)
		}
	}
	// A rule at warning or error by default must rest on labels: at
	// least a handful, and none of them labelled as deserving less than
	// its severity without a reason.
	for _, r := range lint.Rules() {
		if r.Severity < lint.Warning {
			continue
		}
		if perRule[r.ID] < 4 {
			t.Errorf("rule %s is a %s by default but has %d labels; label its findings first", r.ID, r.Severity, perRule[r.ID])
		}
	}
}

func TestParse(t *testing.T) {
	good := Columns + "\n" +
		"go:m@v1/README.md\t3\t5\twordy\tin order to\ttp\tsuggestion\tplain cut\n" +
		"go:m@v1/README.md\t9\t1\tmissing-file\tx.md\tfp\tnone\tartefact: nested module\n"
	got, err := Parse("good", good)
	if err != nil {
		t.Fatal(err)
	}
	l := got[Key{"go:m@v1/README.md", 3, 5, "wordy"}]
	if !l.TruePositive || l.Deserves != 1 || l.Match != "in order to" || l.Artefact() {
		t.Errorf("wordy label = %+v", l)
	}
	if !got[Key{"go:m@v1/README.md", 9, 1, "missing-file"}].Artefact() {
		t.Error("artefact label not recognised")
	}

	bad := []struct{ name, row, want string }{
		{"fields", "d\t1\t1\twordy\tm\ttp\tsuggestion", "want 8 tab-separated fields"},
		{"line", "d\tx\t1\twordy\tm\ttp\tsuggestion\tr", "line and col must be positive"},
		{"verdict", "d\t1\t1\twordy\tm\tyes\tsuggestion\tr", `verdict "yes"`},
		{"deserves", "d\t1\t1\twordy\tm\ttp\tloud\tr", `deserves "loud"`},
		{"fp worth something", "d\t1\t1\twordy\tm\tfp\twarning\tr", "a false positive deserves none"},
		{"no reason", "d\t1\t1\twordy\tm\ttp\tsuggestion\t ", "give a one-line reason"},
		{"twice", "d\t1\t1\twordy\tm\ttp\tsuggestion\tr\nd\t1\t1\twordy\tm\tfp\tnone\tr", "labelled twice"},
	}
	for _, tt := range bad {
		_, err := Parse(tt.name, Columns+"\n"+tt.row+"\n")
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: err = %v, want it to contain %q", tt.name, err, tt.want)
		}
	}
	if _, err := Parse("no header", "d\t1\t1\twordy\tm\ttp\tsuggestion\tr\n"); err == nil {
		t.Error("a file without the header parsed")
	}
}
