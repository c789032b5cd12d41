package style

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"github.com/speedgrapher/speedgrapher/internal/lint"
	"github.com/speedgrapher/speedgrapher/internal/markdown"
)

// run checks src with one rule read from yml and returns the findings as
// "line:col match", the form the expected values are written in by hand.
func run(t *testing.T, yml, src string) []string {
	t.Helper()
	r, err := ParseRule("Test.Rule", "Test/Rule.yml", []byte(yml), nil)
	if err != nil {
		t.Fatalf("ParseRule: %v", err)
	}
	set := &Set{Rules: []*Rule{r}}
	out := []string{}
	for _, f := range set.Check(markdown.Parse([]byte(src))) {
		out = append(out, fmt.Sprintf("%d:%d %s", f.Line, f.Column, f.Match))
	}
	return out
}

func TestKinds(t *testing.T) {
	tests := []struct {
		name, yml, src string
		want           []string
	}{
		{"existence ignorecase, whole words",
			"extends: existence\nmessage: \"x\"\nignorecase: true\ntokens: [utilize]\n",
			"We Utilize it, utilized not.\n", []string{"1:4 Utilize"}},
		{"existence case-sensitive by default",
			"extends: existence\nmessage: \"x\"\ntokens: [utilize]\n",
			"We Utilize it, utilize it.\n", []string{"1:16 utilize"}},
		{"existence nonword",
			"extends: existence\nmessage: \"x\"\nnonword: true\ntokens: ['\\s{2,}']\n",
			"Two  spaces.\n", []string{"1:4   "}},
		{"existence raw",
			"extends: existence\nmessage: \"x\"\nraw: ['\\b(?:it|this)\\s', 'is\\b']\n",
			"So it is done.\n", []string{"1:4 it is"}},
		{"existence exceptions",
			"extends: existence\nmessage: \"x\"\ntokens: ['[A-Z]{3,}']\nexceptions: [API]\n",
			"The API and CLI.\n", []string{"1:13 CLI"}},
		{"existence look-ahead (backtracking engine)",
			"extends: existence\nmessage: \"x\"\nnonword: true\ntokens: ['foo(?=bar)']\n",
			"foobar foobaz\n", []string{"1:1 foo"}},
		{"inline code and URLs are not read",
			"extends: existence\nmessage: \"x\"\ntokens: [utilize]\n",
			"Run `utilize` at <https://utilize.example>, then utilize.\n", []string{"1:50 utilize"}},
		{"a match across a line break: kept in a paragraph, lost in a list item, as Vale",
			"extends: existence\nmessage: \"x\"\nnonword: true\ntokens: ['been\\s+reported']\n",
			"It has been\nreported.\n\n- It has been\n  reported.\n- It **has** been\n  reported.\n", []string{"1:8 been\nreported"}},
		{"a match over inline markup in an item or quote of several lines is lost, as Vale",
			"extends: existence\nmessage: \"x\"\nnonword: true\ntokens: ['\\(.+\\)']\n",
			"- by using (see `y`) or not\n\n- First line\n  by using (see `y`)\n\n> by using (see `y`) or not\n\n> First\n> by using (see `y`) or not\n\n- First line\n  by using (see *y*) or not\n",
			[]string{"1:12 (see \uFFFC)", "6:12 (see \uFFFC)"}},
		{"scope heading",
			"extends: existence\nmessage: \"x\"\nscope: heading\ntokens: [Utilize]\n",
			"# Utilize\n\nUtilize it.\n", []string{"1:3 Utilize"}},
		{"scope negation",
			"extends: existence\nmessage: \"x\"\nscope: ~heading\ntokens: [Utilize]\n",
			"# Utilize\n\nUtilize it.\n", []string{"3:1 Utilize"}},
		{"scope heading.h2",
			"extends: existence\nmessage: \"x\"\nscope: heading.h2\ntokens: [Utilize]\n",
			"# Utilize\n\n## Utilize\n", []string{"3:4 Utilize"}},
		{"scope list",
			"extends: existence\nmessage: \"x\"\nscope: list\ntokens: [utilize]\n",
			"- utilize\n\nutilize\n", []string{"1:3 utilize"}},
		{"scope blockquote",
			"extends: existence\nmessage: \"x\"\nscope: blockquote\ntokens: [utilize]\n",
			"> utilize\n\nutilize\n", []string{"1:3 utilize"}},
		{"scope raw reads the markdown source",
			"extends: existence\nmessage: \"x\"\nscope: raw\nnonword: true\ntokens: ['`']\n",
			"Use `x` here.\n", []string{"1:5 `", "1:7 `"}},
		{"scope sentence with occurrence",
			"extends: occurrence\nmessage: \"%s words\"\nscope: sentence\nmax: 3\ntoken: '\\b\\w+\\b'\n",
			"One two three. One two three four.\n", []string{"1:16 One"}},
		{"occurrence min",
			"extends: occurrence\nmessage: \"x\"\nscope: heading\nmin: 2\ntoken: '\\b\\w+\\b'\n",
			"# Title\n\n## Two words\n", []string{"1:3 Title"}},
		{"substitution",
			"extends: substitution\nmessage: \"Use '%s' instead of '%s'.\"\nignorecase: true\nswap:\n  utilize: use\n  e-mail: email\n",
			"Please utilize e-mail.\n", []string{"1:8 utilize", "1:16 e-mail"}},
		{"substitution leaves the preferred form alone",
			"extends: substitution\nmessage: \"x\"\nswap:\n  '(?:Javascript|javascript)': JavaScript\n",
			"JavaScript and Javascript.\n", []string{"1:16 Javascript"}},
		{"repetition",
			"extends: repetition\nmessage: \"'%s' is repeated\"\nalpha: true\ntokens: ['[^\\s]+']\n",
			"the the cat sat\n", []string{"1:1 the the"}},
		{"consistency flags the second spelling",
			"extends: consistency\nmessage: \"x\"\nignorecase: true\neither:\n  advisor: adviser\n",
			"An advisor.\n\nAn adviser.\n", []string{"3:4 adviser"}},
		{"conditional: defined acronyms pass",
			"extends: conditional\nmessage: \"x\"\nfirst: '\\b([A-Z]{3,5})\\b'\nsecond: '(?:\\b[A-Z][a-z]+ )+\\(([A-Z]{3,5})\\)'\n",
			"The World Health Organization (WHO) and WHO. Then NASA.\n", []string{"1:51 NASA"}},
		{"conditional exceptions",
			"extends: conditional\nmessage: \"x\"\nfirst: '\\b([A-Z]{3,5})\\b'\nsecond: '(?:\\b[A-Z][a-z]+ )+\\(([A-Z]{3,5})\\)'\nexceptions: [NASA]\n",
			"Then NASA and ESA.\n", []string{"1:15 ESA"}},
		{"capitalization $sentence",
			"extends: capitalization\nmessage: \"x\"\nscope: heading\nmatch: $sentence\n",
			"# This Is Title Case\n\n# This is sentence case\n", []string{"1:3 This Is Title Case"}},
		{"capitalization $sentence exceptions and indicators",
			"extends: capitalization\nmessage: \"x\"\nscope: heading\nmatch: $sentence\nexceptions: [Kubernetes]\nindicators: [':']\n",
			"# Deploy to Kubernetes: The basics\n\n# Deploy To Docker\n", []string{"3:3 Deploy To Docker"}},
		{"capitalization $sentence: an exception keeps only its own case",
			// As Vale: "code" may be lower case although "Code" is an
			// exception; "Code" written so is kept too.
			"extends: capitalization\nmessage: \"x\"\nscope: heading\nmatch: $sentence\nexceptions: [Code]\n",
			"# Print this source code\n\n# Open in Code\n\n# Open In Visual Code\n", []string{"5:3 Open In Visual Code"}},
		{"capitalization $title",
			"extends: capitalization\nmessage: \"x\"\nscope: heading\nmatch: $title\n",
			"# The Lord of the Rings\n\n# the lord of the rings\n", []string{"3:3 the lord of the rings"}},
		{"capitalization $upper and a pattern",
			"extends: capitalization\nmessage: \"x\"\nscope: heading\nmatch: $upper\n",
			"# ABC\n\n# Abc\n", []string{"3:3 Abc"}},
		{"metric",
			"extends: metric\nmessage: \"%s words a sentence\"\nformula: words / sentences\ncondition: \"> 5\"\n",
			"One two three four five six seven.\n\nShort one.\n", []string{"1:1 "}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, run(t, tt.yml, tt.src)); diff != "" {
				t.Errorf("findings (-want +got):\n%s", diff)
			}
		})
	}
}

func TestFindingFields(t *testing.T) {
	yml := "extends: substitution\nmessage: \"Use '%s' instead of '%s'.\"\nlevel: error\nlink: https://example.com/style\naction:\n  name: replace\nswap:\n  utilize: use|employ\n"
	r, err := ParseRule("House.Use", "House/Use.yml", []byte(yml), nil)
	if err != nil {
		t.Fatal(err)
	}
	got := (&Set{Rules: []*Rule{r}}).Check(markdown.Parse([]byte("We utilize it.\n")))
	want := []lint.Finding{{
		Rule: "House.Use", Severity: lint.Error, Message: "Use 'use' or 'employ' instead of 'utilize'.",
		Line: 1, Column: 4, EndLine: 1, EndColumn: 11, Match: "utilize", Suggestions: []string{"use", "employ"},
		Link: "https://example.com/style", Start: 3, End: 10,
	}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("finding (-want +got):\n%s", diff)
	}
}

func TestActions(t *testing.T) {
	tests := []struct {
		action Action
		match  string
		want   []string
	}{
		{Action{Name: "remove"}, "very", []string{""}},
		{Action{Name: "replace", Params: []string{"a", "b"}}, "x", []string{"a", "b"}},
		{Action{Name: "edit", Params: []string{"truncate", " "}}, "the the", []string{"the"}},
		{Action{Name: "edit", Params: []string{"trim_right", "."}}, "end..", []string{"end"}},
		{Action{Name: "edit", Params: []string{"regex", "(\\w+) (\\w+)", "$2 $1"}}, "b a", []string{"a b"}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, actionSuggestions(tt.action, tt.match)); diff != "" {
			t.Errorf("%v on %q (-want +got):\n%s", tt.action, tt.match, diff)
		}
	}
}

func TestRuleErrors(t *testing.T) {
	tests := []struct {
		name, yml string
		line      int
		want      string
	}{
		{"unknown kind", "extends: existance\nmessage: x\n", 1, `unknown kind "existance" (did you mean "existence"?)`},
		{"unknown key", "extends: existence\nmessage: x\ntokenz: [a]\n", 3, `unknown key "tokenz" for a existence rule; did you mean "tokens"?`},
		{"bad regex", "extends: existence\nmessage: x\ntokens:\n  - 'a(b'\n", 3, `"a(b" is not a valid regular expression`},
		{"missing tokens", "extends: existence\nmessage: x\n", 1, "needs a list of tokens"},
		{"missing swap", "extends: substitution\nmessage: x\n", 1, "needs a swap map"},
		{"bad level", "extends: existence\nmessage: x\nlevel: fatal\ntokens: [a]\n", 3, `level "fatal"`},
		{"missing message", "extends: existence\ntokens: [a]\n", 1, `missing "message"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseRule("T.R", "T/R.yml", []byte(tt.yml), nil)
			e, ok := err.(*Error)
			if !ok {
				t.Fatalf("error = %v, want an *Error", err)
			}
			if e.Line != tt.line || !strings.Contains(e.Msg, tt.want) || e.File != "T/R.yml" {
				t.Errorf("error = %v, want T/R.yml:%d containing %q", err, tt.line, tt.want)
			}
		})
	}
}

func TestUnsupportedKindsLoad(t *testing.T) {
	for _, kind := range []string{"sequence", "script", "spelling"} {
		r, err := ParseRule("T.R", "T/R.yml", []byte("extends: "+kind+"\nmessage: x\n"), nil)
		if err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		if !r.Unsupported() {
			t.Errorf("%s: Unsupported() = false", kind)
		}
		if got := (&Set{Rules: []*Rule{r}}).Check(markdown.Parse([]byte("Some text.\n"))); len(got) != 0 {
			t.Errorf("%s: findings %v, want none", kind, got)
		}
	}
}

// house is a small styles folder: one style of our own and a vocabulary.
var house = fstest.MapFS{
	"Team/Use.yml":                          {Data: []byte("extends: existence\nmessage: \"Say 'use', not '%s'.\"\nlevel: warning\nignorecase: true\ntokens: [utilize, leverage]\n")},
	"Team/Camel.yml":                        {Data: []byte("extends: existence\nmessage: x\nlevel: suggestion\ntokens: ['[A-Z][a-z]+[A-Z]\\w*']\n")},
	"Team/Seq.yml":                          {Data: []byte("extends: sequence\nmessage: x\ntokens: []\n")},
	"Docs/Latin.yml":                        {Data: []byte("extends: substitution\nmessage: x\nlevel: error\nswap:\n  via: through\n")},
	"config/vocabularies/Base/accept.txt":   {Data: []byte("# our product names\nGitHub\n(?i)kubernetes\n")},
	"config/vocabularies/Base/reject.txt":   {Data: []byte("whitelist\n")},
	"config/vocabularies/Broken/accept.txt": {Data: []byte("ok\nbad(\n")},
}

func loadHouse(t *testing.T, ini string) *House {
	t.Helper()
	cfg, err := ParseConfig(".vale.ini", []byte(ini))
	if err != nil {
		t.Fatal(err)
	}
	return Load(house, cfg)
}

func ids(fs []lint.Finding) []string {
	out := []string{}
	for _, f := range fs {
		out = append(out, fmt.Sprintf("%d:%d %s %s", f.Line, f.Column, f.Rule, f.Severity))
	}
	return out
}

func TestHouseConfig(t *testing.T) {
	h := loadHouse(t, `StylesPath = styles
MinAlertLevel = suggestion
Vocab = Base

[*.md]
BasedOnStyles = Vale, Team
Team.Use = error

[docs/**/*.md]
BasedOnStyles = Docs
Team.Camel = NO
`)
	if len(h.Problems) != 0 {
		t.Fatalf("problems: %v", h.Problems)
	}
	src := "We utilize GitHub and YouTube via the whitelist.\n"
	doc := markdown.Parse([]byte(src))
	// Hand-placed: utilize at 4, GitHub (accepted) not flagged, YouTube
	// at 23, via at 31, whitelist at 39.
	want := []string{"1:4 Team.Use error", "1:23 Team.Camel suggestion", "1:39 Vale.Avoid error"}
	if diff := cmp.Diff(want, ids(h.For("README.md").Check(doc))); diff != "" {
		t.Errorf("README.md (-want +got):\n%s", diff)
	}
	want = []string{"1:4 Team.Use error", "1:31 Docs.Latin error", "1:39 Vale.Avoid error"}
	if diff := cmp.Diff(want, ids(h.For("docs/guide/intro.md").Check(doc))); diff != "" {
		t.Errorf("docs/guide/intro.md (-want +got):\n%s", diff)
	}
	if note := h.UnsupportedNote(); !strings.Contains(note, "Team.Seq (sequence)") || !strings.Contains(note, "Vale.Spelling (spelling)") {
		t.Errorf("UnsupportedNote = %q", note)
	}
}

func TestMinAlertLevelAndVocabCase(t *testing.T) {
	h := loadHouse(t, "MinAlertLevel = warning\nVocab = Base\n[*]\nBasedOnStyles = Vale, Team\n")
	doc := markdown.Parse([]byte("Utilize Kubernetes, KUBERNETES and Github and YouTube.\n"))
	// Team.Camel (suggestion) is below the minimum. Vale.Terms: the
	// case-insensitive entry accepts any case; GitHub is case-sensitive, so
	// Github is in the wrong case.
	want := []string{"1:1 Team.Use warning", "1:36 Vale.Terms error"}
	if diff := cmp.Diff(want, ids(h.For("a.md").Check(doc))); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestHouseProblems(t *testing.T) {
	h := loadHouse(t, "Vocab = Broken, Missing\n[*.md]\nBasedOnStyles = Nowhere\n")
	var got []string
	for _, p := range h.Problems {
		got = append(got, p.Error())
	}
	joined := strings.Join(got, "\n")
	for _, want := range []string{
		`config/vocabularies/Broken/accept.txt:2: term "bad("`,
		`vocabulary "Missing" is not in`,
		`style "Nowhere" is not in the styles path`,
	} {
		if !strings.Contains(joined, want) {
			t.Errorf("problems:\n%s\nwant one containing %q", joined, want)
		}
	}
}

func TestSpeedgrapherSwitches(t *testing.T) {
	h := loadHouse(t, "[*.md]\nBasedOnStyles = Team\nSpeedgrapher = NO\nSpeedgrapher.passive-voice = error\n")
	on, rules := h.Speedgrapher("a.md")
	if on || rules["passive-voice"] != "error" {
		t.Errorf("Speedgrapher = %v, %v; want off with passive-voice at error", on, rules)
	}
}

func TestGlob(t *testing.T) {
	tests := []struct {
		glob, path string
		want       bool
	}{
		{"*.md", "README.md", true},
		{"*.md", "docs/a.md", true}, // Vale matches the extension too
		{"docs/**/*.md", "docs/a/b/c.md", true},
		{"docs/**/*.md", "docs/c.md", true},
		{"docs/**/*.md", "blog/c.md", false},
		{"*.{md,txt}", "notes.txt", true},
		{"*.md", "notes.txt", false},
	}
	for _, tt := range tests {
		re, err := globPattern(tt.glob)
		if err != nil {
			t.Fatal(err)
		}
		s := Section{match: re}
		if got := s.Matches(tt.path); got != tt.want {
			t.Errorf("[%s] matches %q = %v, want %v", tt.glob, tt.path, got, tt.want)
		}
	}
}

func TestLiterals(t *testing.T) {
	tests := []struct {
		expr string
		want []string
	}{
		{`(?i)\b(?:utilize)\b`, []string{"utilize"}},
		{`[Ee]-mail`, []string{"e-mail"}},
		{`(?:cell|smart) ?phone`, []string{"phone"}},
		{`foo(?=bar)`, []string{"foo"}},
		{`\w+ed`, []string{"ed"}},
		{`[a-z]+`, nil},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, literals(tt.expr)); diff != "" {
			t.Errorf("literals(%q) (-want +got):\n%s", tt.expr, diff)
		}
	}
}

// TestConcurrentCheck runs one set from several goroutines, as a server
// linting several drafts does (run it with -race).
func TestConcurrentCheck(t *testing.T) {
	h := loadHouse(t, "Vocab = Base\n[*]\nBasedOnStyles = Vale, Team\n")
	set := h.For("a.md")
	want := ids(set.Check(markdown.Parse([]byte("We utilize GitHub and YouTube via the whitelist.\n"))))
	done := make(chan []string)
	for range 4 {
		go func() {
			done <- ids(set.Check(markdown.Parse([]byte("We utilize GitHub and YouTube via the whitelist.\n"))))
		}()
	}
	for range 4 {
		if diff := cmp.Diff(want, <-done); diff != "" {
			t.Errorf("concurrent (-want +got):\n%s", diff)
		}
	}
}
