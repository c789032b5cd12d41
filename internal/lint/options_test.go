package lint

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/speedgrapher/speedgrapher/internal/markdown"
	"github.com/speedgrapher/speedgrapher/internal/prose"
)

// TestFindingFields checks every field of a finding against hand-counted
// positions: "é" is one column, the end is exclusive.
func TestFindingFields(t *testing.T) {
	src := "# Café\n\nThé cat ran in order to\neat. We utilize it.\n"
	got := Check(markdown.Parse([]byte(src)), Options{Only: []string{"wordy"}})
	want := []Finding{{
		Rule: "wordy", Severity: Warning, Message: `"in order to" is wordy; use "to"`,
		Line: 3, Column: 13, EndLine: 3, EndColumn: 24, Match: "in order to", Suggestions: []string{"to"},
		Start: 22, End: 33, // "é" is two bytes
	}, {
		Rule: "wordy", Severity: Warning, Message: `"utilize" is wordy; use "use"`,
		Line: 4, Column: 9, EndLine: 4, EndColumn: 16, Match: "utilize", Suggestions: []string{"use"},
		Start: 42, End: 49,
	}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("findings (-want +got):\n%s", diff)
	}
}

func TestOptions(t *testing.T) {
	src := []byte("# Title\n\n# Again\n\nIt was very good and the the cake was eaten.\n")
	doc := markdown.Parse(src)
	type brief struct {
		Rule     string
		Severity Severity
	}
	tests := []struct {
		name string
		opts Options
		want []brief
	}{
		{"all", Options{}, []brief{{"multiple-h1", Warning}, {"weasel-word", Warning}, {"lexical-illusion", Error}, {"passive-voice", Warning}}},
		{"style only", Options{Kind: Style}, []brief{{"weasel-word", Warning}, {"lexical-illusion", Error}, {"passive-voice", Warning}}},
		{"structure only", Options{Kind: Structure}, []brief{{"multiple-h1", Warning}}},
		{"only", Options{Only: []string{"passive-voice"}}, []brief{{"passive-voice", Warning}}},
		{"disable", Options{Disable: []string{"passive-voice", "multiple-h1"}}, []brief{{"weasel-word", Warning}, {"lexical-illusion", Error}}},
		{"severity", Options{Kind: Style, Severity: map[string]Severity{"weasel-word": Error, "lexical-illusion": Suggestion}},
			[]brief{{"weasel-word", Error}, {"lexical-illusion", Suggestion}, {"passive-voice", Warning}}},
		{"accept", Options{Kind: Style, Accept: []string{"Very", "eaten"}}, []brief{{"lexical-illusion", Error}}},
		{"missing-file needs FileExists", Options{Only: []string{"missing-file"}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []brief
			for _, f := range Check(doc, tt.opts) {
				got = append(got, brief{f.Rule, f.Severity})
			}
			if diff := cmp.Diff(tt.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseSeverity(t *testing.T) {
	for _, s := range []Severity{Suggestion, Warning, Error} {
		got, err := ParseSeverity(s.String())
		if err != nil || got != s {
			t.Errorf("ParseSeverity(%q) = %v, %v", s.String(), got, err)
		}
	}
	if _, err := ParseSeverity("fatal"); err == nil {
		t.Error(`ParseSeverity("fatal") succeeded`)
	}
}

// TestSplitMatchesProse checks that splitSentences finds exactly the
// sentences and words of prose.Split, on every fixture and the sample post.
func TestSplitMatchesProse(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.md")
	files = append(files, "../../testdata/drafts/sample-post.md", "../../testdata/drafts/dense-report.md")
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		doc := markdown.Parse(src)
		type span struct{ Block, Start, End int }
		var want, got [][]span
		for _, s := range prose.Split(doc) {
			one := []span{{s.Block, s.Start, s.End}}
			for _, w := range s.Words {
				one = append(one, span{s.Block, w.Start, w.End})
			}
			want = append(want, one)
		}
		for _, s := range splitSentences(context.Background(), doc) {
			one := []span{{s.blockIndex, s.start, s.end}}
			for _, w := range s.toks {
				one = append(one, span{s.blockIndex, w.start, w.end})
			}
			got = append(got, one)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: splitSentences differs from prose.Split (-want +got):\n%s", file, diff)
		}
	}
}
