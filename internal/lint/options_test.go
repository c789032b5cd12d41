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
	t.Parallel()
	src := "# Café\n\nThé cat ran in order to\neat. We utilize it.\n"
	got := Check(markdown.Parse([]byte(src)), Options{Only: []string{"wordy"}})
	want := []Finding{{
		Rule: "wordy", Severity: Suggestion, Message: `"in order to" is wordy; use "to"`,
		Line: 3, Column: 13, EndLine: 3, EndColumn: 24, Match: "in order to", Suggestions: []string{"to"},
		Start: 22, End: 33, // "é" is two bytes
		Fix: &Fix{Description: `replace "in order to" with "to"`, Safe: true, Edits: []Edit{
			{Line: 3, Column: 13, EndLine: 3, EndColumn: 24, Offset: 22, EndOffset: 33, NewText: "to"}}},
	}, {
		Rule: "wordy", Severity: Suggestion, Message: `"utilize" is wordy; use "use"`,
		Line: 4, Column: 9, EndLine: 4, EndColumn: 16, Match: "utilize", Suggestions: []string{"use"},
		Start: 42, End: 49,
		Fix: &Fix{Description: `replace "utilize" with "use"`, Safe: true, Edits: []Edit{
			{Line: 4, Column: 9, EndLine: 4, EndColumn: 16, Offset: 42, EndOffset: 49, NewText: "use"}}},
	}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("findings (-want +got):\n%s", diff)
	}
}

func TestOptions(t *testing.T) {
	t.Parallel()
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
		{"all", Options{}, []brief{{"multiple-h1", Suggestion}, {"weasel-word", Suggestion}, {"lexical-illusion", Suggestion}, {"passive-voice", Suggestion}}},
		{"style only", Options{Kind: Style}, []brief{{"weasel-word", Suggestion}, {"lexical-illusion", Suggestion}, {"passive-voice", Suggestion}}},
		{"structure only", Options{Kind: Structure}, []brief{{"multiple-h1", Suggestion}}},
		{"only", Options{Only: []string{"passive-voice"}}, []brief{{"passive-voice", Suggestion}}},
		{"disable", Options{Disable: []string{"passive-voice", "multiple-h1"}}, []brief{{"weasel-word", Suggestion}, {"lexical-illusion", Suggestion}}},
		{"severity", Options{Kind: Style, Severity: map[string]Severity{"weasel-word": Error, "lexical-illusion": Warning}},
			[]brief{{"weasel-word", Error}, {"lexical-illusion", Warning}, {"passive-voice", Suggestion}}},
		{"accept", Options{Kind: Style, Accept: []string{"Very", "eaten"}}, []brief{{"lexical-illusion", Suggestion}}},
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
	t.Parallel()
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
	t.Parallel()
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

// TestMatchShowsInlineCode checks that a finding's match shows inline code
// and HTML as written, not as the placeholder that stands for them in the
// prose (issue 10, item 12).
func TestMatchShowsInlineCode(t *testing.T) {
	t.Parallel()
	src := "It's not the hash of `x` — it's the <b>name</b> of it.\n"
	got := Check(markdown.Parse([]byte(src)), Options{Only: []string{"ai-trope"}})
	if len(got) != 1 {
		t.Fatalf("got %d findings, want 1: %+v", len(got), got)
	}
	if want := "It's not the hash of `x` — it's"; got[0].Match != want {
		t.Errorf("match = %q, want %q", got[0].Match, want)
	}
}

func TestDocKindFromPath(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]DocKind{
		"CHANGELOG.md": Changelog, "docs/HISTORY.md": Changelog, "RELEASES.md": Changelog,
		"release-notes.md": Changelog, "NEWS": Changelog, "CHANGELOG-1.x.md": Changelog,
		`docs\changes.markdown`: Changelog,
		"API.md":                Reference, "docs/reference/flags.md": Reference, `docs\api\client.md`: Reference,
		"README.md": "", "docs/history-of-go.md": "", "news-feed.md": "", "text": "", "docs/apis.md": "",
		"docs/api-design.md": "",
	} {
		if got := DocKindFromPath(name); got != want {
			t.Errorf("DocKindFromPath(%q) = %q, want %q", name, got, want)
		}
	}
}

// TestKindTurnsRulesOff checks each kind against a hand-written draft: the
// kind given in Options wins over the front matter, and headings that are
// releases make a changelog only when nothing else says.
func TestKindTurnsRulesOff(t *testing.T) {
	t.Parallel()
	changelogLayout := "# 2.0.0\n\n### Fixes\n\n# 1.0.0\n\n### Fixes\n"
	passive := "# Options\n\nThe option is set by the caller.\n"
	readme := "# Tool\n\n### Install\n\n# Use\n"
	for _, tt := range []struct {
		name, src string
		kind      DocKind
		want      []string
	}{
		{"release headings", changelogLayout, "", nil},
		{"release headings, said to be an article", changelogLayout, Article, []string{"heading-increment", "multiple-h1", "heading-increment"}},
		{"readme", readme, "", []string{"heading-increment", "multiple-h1"}},
		{"readme, said to be a changelog", readme, Changelog, nil},
		{"passive in an article", passive, "", []string{"passive-voice"}},
		{"passive in a reference page", passive, Reference, nil},
		{"front matter kind", "---\nkind: reference\n---\n" + passive, "", nil},
		{"front matter kind overridden", "---\nkind: reference\n---\n" + passive, Article, []string{"passive-voice"}},
		{"front matter kind that is not ours", "---\nkind: page\n---\n" + passive, "", []string{"passive-voice"}},
	} {
		got := Check(markdown.Parse([]byte(tt.src)), Options{DocKind: tt.kind, Only: []string{"multiple-h1", "heading-increment", "passive-voice"}})
		var rules []string
		for _, f := range got {
			rules = append(rules, f.Rule)
		}
		if diff := cmp.Diff(tt.want, rules); diff != "" {
			t.Errorf("%s: rules (-want +got):\n%s", tt.name, diff)
		}
	}
}
