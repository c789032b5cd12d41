package library

import (
	"bytes"
	"io/fs"
	"log/slog"
	"os"
	"path"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/speedgrapher/speedgrapher/internal/workspace"
	"github.com/speedgrapher/speedgrapher/prompts"
	"github.com/speedgrapher/speedgrapher/templates"
)

// A workspace's own guideline file replaces the shipped one; an empty one
// does not (it is more likely a mistake), and says so in the log.
func TestGuideline(t *testing.T) {
	root := t.TempDir()
	tree(t, root, map[string]string{"EDITORIAL.md": "# House rules\n", "LOCALIZATION.md": " \n"})
	ws, err := workspace.New(root)
	if err != nil {
		t.Fatal(err)
	}
	shipped, err := fs.ReadFile(templates.FS, "guidelines/localization.md")
	if err != nil {
		t.Fatal(err)
	}
	var logs bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logs, nil))

	if got, err := Guideline(ws, "editorial", log); got != "# House rules\n" || err != nil {
		t.Errorf("editorial = %q, %v; want the workspace's EDITORIAL.md", got, err)
	}
	if got, err := Guideline(ws, "localization", log); got != string(shipped) || err != nil {
		t.Errorf("localization with an empty LOCALIZATION.md = %.40q…, %v; want the shipped text", got, err)
	}
	if want := `msg="guideline file is empty; using the shipped default" file=LOCALIZATION.md`; !strings.Contains(logs.String(), want) {
		t.Errorf("log lacks %q:\n%s", want, logs.String())
	}
	_, err = Guideline(ws, "voice", log)
	if want := `unknown guideline "voice"; known: editorial, localization`; err == nil || err.Error() != want {
		t.Errorf("Guideline(voice) error = %v, want %q", err, want)
	}
}

// The guideline table names every shipped guideline file and only those,
// and the docs name each guideline, its workspace file and its resource.
func TestGuidelineTableAndDocs(t *testing.T) {
	shipped, err := fs.Glob(templates.FS, "guidelines/*.md")
	if err != nil {
		t.Fatal(err)
	}
	shipped = slices.DeleteFunc(shipped, func(p string) bool { return path.Base(p) == "README.md" })
	var inTable []string
	for _, g := range prompts.AllGuidelines() {
		inTable = append(inTable, g.Shipped)
	}
	slices.Sort(inTable)
	if diff := cmp.Diff(shipped, inTable); diff != "" {
		t.Errorf("shipped guideline files and the table's (-files +table):\n%s", diff)
	}

	docs := map[string]func(g prompts.Guideline) []string{
		"../../README.md": func(g prompts.Guideline) []string {
			return []string{"`" + g.Name + "`", "`" + g.File + "`", "speedgrapher://guidelines/" + g.Name}
		},
		"../../templates/guidelines/README.md": func(g prompts.Guideline) []string {
			return []string{`{{ guideline "` + g.Name + `" }}`, "`" + path.Base(g.Shipped) + "`", "`" + g.File + "`"}
		},
	}
	for file, mentions := range docs {
		text, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range prompts.AllGuidelines() {
			for _, m := range mentions(g) {
				if !bytes.Contains(text, []byte(m)) {
					t.Errorf("%s does not mention %s of the %s guideline", file, m, g.Name)
				}
			}
		}
	}
}
