package prompts_test

import (
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
	"github.com/speedgrapher/speedgrapher/prompts"
	"github.com/speedgrapher/speedgrapher/templates"
)

func mapFS(files map[string]string) fstest.MapFS {
	fsys := fstest.MapFS{}
	for name, text := range files {
		fsys[name] = &fstest.MapFile{Data: []byte(text)}
	}
	return fsys
}

func TestLoadSources(t *testing.T) {
	t.Parallel()
	embedded := mapFS(map[string]string{
		"haiku.md":                "---\ndescription: Writes a haiku.\n---\nWrite a haiku.\n",
		"review.md":               "---\ndescription: Embedded review.\n---\n{{ template \"_tone\" . }}\n",
		"_tone.md":                "Be kind.",
		"git/commit.md":           "---\ndescription: Writes a commit message.\n---\nWrite it.\n",
		"README.md":               "Not a template.\n",
		"guidelines/editorial.md": "Guideline text, not a template.\n",
		".drafts/x.md":            "Hidden.\n",
	})
	team := mapFS(map[string]string{
		"review.md": "---\ndescription: Team review.\n---\nTeam: {{ template \"_tone\" . }}\n",
		"broken.md": "---\ndescription: Broken.\n---\n{{ if }}\n",
	})
	mine := mapFS(map[string]string{
		"review.md": "---\ndescription: My review.\n---\nMine: {{ template \"_tone\" . }}\n",
		"_tone.md":  "Be blunt.",
	})
	l, diags := prompts.Load(
		prompts.Source{FS: embedded, Label: "embedded"},
		prompts.Source{FS: team, Label: "/team"},
		prompts.Source{FS: mine, Label: "/home/ana/prompts"},
	)

	wantDiags := []string{"/team/broken.md:4: body: missing value for if"}
	var gotDiags []string
	for _, d := range diags {
		gotDiags = append(gotDiags, d.String())
	}
	if diff := cmp.Diff(wantDiags, gotDiags); diff != "" {
		t.Errorf("diagnostics (-want +got):\n%s", diff)
	}

	type summary struct {
		Name, Description, File string
		Overrides               []string
	}
	var got []summary
	for _, tmpl := range l.Templates() {
		got = append(got, summary{tmpl.Name, tmpl.Description, tmpl.File, tmpl.Overrides})
	}
	want := []summary{
		{"git:commit", "Writes a commit message.", "embedded/git/commit.md", nil},
		{"haiku", "Writes a haiku.", "embedded/haiku.md", nil},
		{"review", "My review.", "/home/ana/prompts/review.md", []string{"embedded/review.md", "/team/review.md"}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("templates (-want +got):\n%s", diff)
	}

	// The later partial replaces the earlier one for every template.
	review, ok := l.Lookup("review")
	if !ok {
		t.Fatal(`Lookup("review") found nothing`)
	}
	msgs, err := review.Render(nil, prompts.Env{})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]prompts.Message{{Role: "user", Text: "Mine: Be blunt."}}, msgs); diff != "" {
		t.Errorf("Render (-want +got):\n%s", diff)
	}
	if _, ok := l.Lookup("broken"); ok {
		t.Error(`Lookup("broken") found a template that failed to load`)
	}
}

// TestShippedTemplates loads the templates embedded in the binary: every one
// must load without a diagnostic, warnings included.
func TestShippedTemplates(t *testing.T) {
	t.Parallel()
	l, diags := prompts.Load(prompts.Source{FS: templates.FS, Label: "embedded"})
	for _, d := range diags {
		t.Error(d)
	}
	if _, ok := l.Lookup("haiku"); !ok {
		t.Error(`the shipped templates have no "haiku"`)
	}
	for _, tmpl := range l.Templates() {
		if tmpl.Description == "" {
			t.Errorf("%s: empty description", tmpl.File)
		}
	}
}
