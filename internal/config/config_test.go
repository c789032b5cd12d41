package config

import (
	"errors"
	"io/fs"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/speedgrapher/speedgrapher/internal/lint"
	"github.com/speedgrapher/speedgrapher/internal/markdown"
)

func TestParse(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		yaml string
		want *Config
	}{
		{"empty", "", &Config{}},
		{"only a comment", "# nothing yet\n", &Config{}},
		{"rules and accept", `# house style
rules:
  passive-voice: off
  weasel-word: error
  adverb: Suggestion
  wordy: on
  cliche: false
accept:
  - Kubernetes
  - sanity check
`, &Config{
			Rules: map[string]Setting{
				"passive-voice": {Off: true}, "weasel-word": {Severity: lint.Error},
				"adverb": {Severity: lint.Suggestion}, "wordy": {}, "cliche": {Off: true},
			},
			Accept: []string{"Kubernetes", "sanity check"},
		}},
		{"flow style", "rules: {so-start: off}\naccept: [very, \"quite\"]\n", &Config{
			Rules: map[string]Setting{"so-start": {Off: true}}, Accept: []string{"very", "quite"},
		}},
		{"null sections", "rules:\naccept:\n", &Config{Rules: map[string]Setting{}}},
		{"kind", "kind: Reference\n", &Config{Kind: lint.Reference}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse(".speedgrapher.yaml", []byte(tt.yaml))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, yaml string
		line       int
		msg        string // a part of the message
	}{
		{"unknown key", "rules:\n  adverb: off\nignore: [x]\n", 3, `unknown key "ignore"; use rules, accept, kind, styles or styles_path`},
		{"unknown rule", "rules:\n  adverb: off\n  pasive-voice: off\n", 3, `unknown rule "pasive-voice"; did you mean "passive-voice"?`},
		{"unknown rule, nothing near", "rules:\n  frobnicate: off\n", 2, `unknown rule "frobnicate"; the rules are lexical-illusion, passive-voice`},
		{"bad setting", "\n\nrules:\n  adverb: loud\n", 4, `rule adverb: "loud" is not a setting; use off, on, error, warning or suggestion`},
		{"rules not a map", "rules: [adverb]\n", 1, "rules must map rule names"},
		{"accept a map", "accept:\n  a: b\n", 2, "accept must be a list"},
		{"accept nested", "accept:\n  - ok\n  - [a, b]\n", 3, "accept must list words and phrases"},
		{"not a mapping", "- rules\n", 1, "must be a mapping"},
		{"tab indent", "rules:\n  adverb: off\n\twordy: on\n", 3, "cannot start any token; fix the YAML syntax"},
		{"unclosed list", "rules:\n  adverb: off\naccept: [a, b\n", 3, "']' not found; fix the YAML syntax"},
		{"unknown kind", "kind: manual\n", 1, `kind "manual" is not a kind of document; use article, changelog or reference`},
		{"duplicate rule", "rules:\n  adverb: off\n  adverb: on\n", 3, `mapping key "adverb" already defined`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("site/.speedgrapher.yaml", []byte(tt.yaml))
			var ce *Error
			if !errors.As(err, &ce) {
				t.Fatalf("Parse error = %v, want *Error", err)
			}
			if ce.File != "site/.speedgrapher.yaml" || ce.Line != tt.line || !contains(ce.Msg, tt.msg) {
				t.Errorf("Parse error = %q, want line %d containing %q", err, tt.line, tt.msg)
			}
		})
	}
}

func contains(s, sub string) bool { return len(sub) == 0 || len(s) >= len(sub) && indexOf(s, sub) >= 0 }

func indexOf(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}

func TestFromFrontMatter(t *testing.T) {
	t.Parallel()
	yamlDraft := "---\ntitle: A post\nspeedgrapher:\n  rules:\n    adverb: off\n  accept: [utilize]\n---\n# A post\n"
	c, err := FromFrontMatter("post.md", markdown.Parse([]byte(yamlDraft)).FrontMatter)
	if err != nil {
		t.Fatal(err)
	}
	want := &Config{Rules: map[string]Setting{"adverb": {Off: true}}, Accept: []string{"utilize"}}
	if diff := cmp.Diff(want, c); diff != "" {
		t.Errorf("YAML front matter (-want +got):\n%s", diff)
	}

	tomlDraft := "+++\ntitle = \"A post\"\n[speedgrapher.rules]\nwordy = \"error\"\n+++\n"
	c, err = FromFrontMatter("post.md", markdown.Parse([]byte(tomlDraft)).FrontMatter)
	if err != nil {
		t.Fatal(err)
	}
	want = &Config{Rules: map[string]Setting{"wordy": {Severity: lint.Error}}}
	if diff := cmp.Diff(want, c, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("TOML front matter (-want +got):\n%s", diff)
	}

	// Line 5 of the draft: the front matter starts on line 2.
	bad := "---\ntitle: A post\nspeedgrapher:\n  rules:\n    adverbs: off\n---\n"
	_, err = FromFrontMatter("post.md", markdown.Parse([]byte(bad)).FrontMatter)
	if err == nil || !contains(err.Error(), `post.md:5: unknown rule "adverbs"`) {
		t.Errorf("bad front matter error = %v, want post.md:5: unknown rule", err)
	}

	badTOML := "+++\n[speedgrapher]\nrules = 3\n+++\n"
	_, err = FromFrontMatter("post.md", markdown.Parse([]byte(badTOML)).FrontMatter)
	if err == nil || !contains(err.Error(), `post.md:2: front matter "speedgrapher": rules must map`) {
		t.Errorf("bad TOML front matter error = %v", err)
	}

	for _, src := range []string{"# No front matter\n", "---\ntitle: x\n---\n", "---\n: : bad\n---\n"} {
		c, err := FromFrontMatter("post.md", markdown.Parse([]byte(src)).FrontMatter)
		if err != nil || len(c.Rules) != 0 || len(c.Accept) != 0 {
			t.Errorf("FromFrontMatter(%q) = %+v, %v; want empty", src, c, err)
		}
	}
}

func TestMergeAndOptions(t *testing.T) {
	t.Parallel()
	base := &Config{
		Rules:  map[string]Setting{"adverb": {Off: true}, "wordy": {Severity: lint.Error}, "cliche": {Severity: lint.Suggestion}},
		Accept: []string{"Kubernetes"},
	}
	over := &Config{Rules: map[string]Setting{"adverb": {}, "cliche": {Off: true}}, Accept: []string{"utilize"}}
	got := base.Merge(over).Options()
	want := lint.Options{
		Disable:  []string{"cliche"},
		Severity: map[string]lint.Severity{"wordy": lint.Error},
		Accept:   []string{"Kubernetes", "utilize"},
	}
	if diff := cmp.Diff(want, got, cmpopts.IgnoreFields(lint.Options{}, "FileExists")); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestLoad(t *testing.T) {
	t.Parallel()
	missing := func(string) ([]byte, error) { return nil, fs.ErrNotExist }
	if c, err := Load(missing); err != nil || len(c.Rules) != 0 {
		t.Errorf("Load(missing) = %+v, %v; want empty", c, err)
	}
	denied := func(string) ([]byte, error) { return nil, fs.ErrPermission }
	if _, err := Load(denied); !errors.Is(err, fs.ErrPermission) {
		t.Errorf("Load(denied) error = %v, want permission error", err)
	}
	file := func(name string) ([]byte, error) {
		if name != FileName {
			t.Errorf("Load read %q, want %q", name, FileName)
		}
		return []byte("rules:\n  adverb: off\n"), nil
	}
	if c, err := Load(file); err != nil || !c.Rules["adverb"].Off {
		t.Errorf("Load(file) = %+v, %v", c, err)
	}
}

func FuzzParse(f *testing.F) {
	f.Add("rules:\n  adverb: off\naccept: [a]\n")
	f.Add("rules: {wordy: error}\n")
	f.Add("- x\n")
	f.Add("rules:\n  adverb: off\n   wordy: on\n")
	f.Fuzz(func(t *testing.T, data string) {
		c, err := Parse("f.yaml", []byte(data))
		var ce *Error
		if err != nil && (!errors.As(err, &ce) || ce.Line < 1) {
			t.Fatalf("Parse error %v is not an *Error with a line", err)
		}
		if err == nil && c == nil {
			t.Fatal("Parse returned nil config and nil error")
		}
	})
}

func TestForDraft(t *testing.T) {
	t.Parallel()
	base := &Config{Rules: map[string]Setting{"adverb": {Off: true}, "wordy": {Severity: lint.Error}}}
	doc := markdown.Parse([]byte("---\nspeedgrapher:\n  rules: {adverb: warning}\n  accept: [very]\n---\nText.\n"))
	got, err := ForDraft(base, "post.md", doc)
	if err != nil {
		t.Fatal(err)
	}
	want := lint.Options{
		Severity: map[string]lint.Severity{"adverb": lint.Warning, "wordy": lint.Error},
		Accept:   []string{"very"},
	}
	if diff := cmp.Diff(want, got, cmpopts.IgnoreFields(lint.Options{}, "FileExists")); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if _, err := ForDraft(nil, "post.md", markdown.Parse([]byte("---\nspeedgrapher: {rules: {x: off}}\n---\n"))); err == nil {
		t.Error("ForDraft accepted an unknown rule in front matter")
	}
}

// TestForDraftKind checks where a draft's kind comes from: its front matter
// first, then its file name, then the workspace file.
func TestForDraftKind(t *testing.T) {
	t.Parallel()
	workspace := &Config{Kind: lint.Reference}
	for _, tt := range []struct {
		name, file, src string
		base            *Config
		want            lint.DocKind
	}{
		{"nothing said", "README.md", "# Tool\n", nil, ""},
		{"workspace", "guide.md", "# Guide\n", workspace, lint.Reference},
		{"file name over workspace", "CHANGELOG.md", "# Changes\n", workspace, lint.Changelog},
		{"front matter over file name", "CHANGELOG.md", "---\nkind: article\n---\n", workspace, lint.Article},
		{"speedgrapher key", "HISTORY.md", "---\nspeedgrapher:\n  kind: reference\n---\n", nil, lint.Reference},
		{"top-level kind that is not ours", "NEWS.md", "---\nkind: page\n---\n", nil, lint.Changelog},
	} {
		got, err := ForDraft(tt.base, tt.file, markdown.Parse([]byte(tt.src)))
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got.DocKind != tt.want {
			t.Errorf("%s: kind = %q, want %q", tt.name, got.DocKind, tt.want)
		}
	}
	if _, err := ForDraft(nil, "post.md", markdown.Parse([]byte("---\nspeedgrapher: {kind: manual}\n---\n"))); err == nil {
		t.Error("ForDraft accepted an unknown kind under the speedgrapher key")
	}
}

// TestLimits checks that YAML nested past markdown.MaxFrontMatterNesting, in
// .speedgrapher.yaml and in a draft's front matter (YAML, or TOML re-encoded
// as YAML), is refused with the file and line before the YAML parser sees it
// (it takes seconds on 20,000 levels).
func TestLimits(t *testing.T) {
	t.Parallel()
	deep := "accept: " + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + "\n"
	_, err := Parse(".speedgrapher.yaml", []byte("rules: {}\n"+deep))
	want := ".speedgrapher.yaml:2: the YAML nests 20,000 levels deep; speedgrapher reads at most 64, so flatten it"
	if err == nil || err.Error() != want {
		t.Errorf("Parse(deep) = %v, want %s", err, want)
	}

	draft := "---\ntitle: x\nspeedgrapher:\n  " + deep + "---\nText.\n"
	_, err = FromFrontMatter("post.md", markdown.Parse([]byte(draft)).FrontMatter)
	want = "post.md:4: front matter: the YAML nests 20,001 levels deep; speedgrapher reads at most 64, so flatten it"
	if err == nil || err.Error() != want {
		t.Errorf("FromFrontMatter(deep YAML) = %v, want %s", err, want)
	}

	// go-toml reads up to 10,000 levels; 100 pass it, not the YAML check.
	toml := "+++\n[speedgrapher]\naccept = " + strings.Repeat("[", 100) + strings.Repeat("]", 100) + "\n+++\nText.\n"
	_, err = FromFrontMatter("post.md", markdown.Parse([]byte(toml)).FrontMatter)
	var ce *Error
	if !errors.As(err, &ce) || !strings.Contains(ce.Msg, "levels deep; speedgrapher reads at most 64") {
		t.Errorf("FromFrontMatter(deep TOML) = %v, want a nesting error", err)
	}
}
