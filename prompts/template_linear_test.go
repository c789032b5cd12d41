package prompts_test

import (
	"testing"
	"testing/fstest"
	"time"

	"github.com/speedgrapher/speedgrapher/internal/lineartest"
	"github.com/speedgrapher/speedgrapher/prompts"
)

// loadAndRender is what a server does with a template file a repository
// brings: load it (front matter and body parsed and validated) and, when it
// loads, render it with its defaults.
func loadAndRender(src []byte) {
	lib, _ := prompts.Load(prompts.Source{
		FS:    fstest.MapFS{"t.md": &fstest.MapFile{Data: src}},
		Label: "linear", Kind: "project directory",
	})
	if tmpl, ok := lib.Lookup("t"); ok {
		tmpl.Render(map[string]string{}, prompts.Env{}) // a budget error is a fine outcome
	}
}

const (
	fmStart = "---\ndescription: d\n"
	fmEnd   = "---\nBody.\n"
	withArg = "---\ndescription: d\narguments:\n  - name: topic\n    description: t\n    default: go\n---\n"
)

// templateShapes are template files that have been, or could be,
// superlinear: issue 18's item 2 first (the loop is last, see below).
var templateShapes = []lineartest.Shape{
	{Name: "front matter nesting flow sequences", Head: fmStart + "x: ", Open: "[", Close: "]", Tail: "\n" + fmEnd},
	{Name: "front matter nesting flow mappings", Head: fmStart + "x: ", Open: "{a: ", Mid: "1", Close: "}", Tail: "\n" + fmEnd},
	{Name: "front matter nesting block sequences", Head: fmStart + "x:\n", Open: "- ", Tail: "a\n" + fmEnd},
	{Name: "front matter aliases of aliases", Head: fmStart + "x:\n  - &a [x, x, x, x, x, x, x, x]\n", Open: "  - &a [*a, *a, *a, *a, *a, *a, *a, *a]\n", Tail: fmEnd},
	{Name: "front matter nesting in an argument", Head: fmStart + "arguments:\n  - name: a\n    description: ", Open: "[", Close: "]", Tail: "\n" + fmEnd},
	{Name: "many arguments of one name", Head: fmStart + "arguments:\n", Open: "  - name: topic\n    description: t\n", Tail: fmEnd},
	{Name: "a long description", Head: "---\ndescription: ", Open: "word ", Tail: "\n" + fmEnd},
	{Name: "ifs nested", Head: fmStart + "---\n", Open: "{{ if true }}", Mid: "x", Close: "{{ end }}", Tail: "\n"},
	{Name: "many actions", Head: withArg, Open: "{{ .topic }} {{ upper .topic }} ", Tail: "\n"},
	{Name: "many message markers", Head: fmStart + "---\n", Open: "<!-- assistant -->\nok\n<!-- user -->\nyes\n"},
	{Name: "unclosed actions", Head: fmStart + "---\n", Open: "{{ ", Tail: "\n"},
	{Name: "an undeclared argument, many times", Head: fmStart + "---\n", Open: "{{ .missing }}", Tail: "\n"},
	{Name: "plain text", Head: fmStart + "---\n", Open: "Plain words in a line.\n"},
	// Last: without a loop budget it never ends, and every later check in
	// the process would fail with "cannot measure".
	{Name: "range loops nested", Head: fmStart + "---\n", Open: "{{ range 1000 }}", Mid: "x", Close: "{{ end }}", Tail: "\n"},
}

// templateOptions keep files within the 1 MiB a template file may have, and
// runs short: a loop without a budget must fail fast, not fill memory.
var templateOptions = lineartest.Options{MaxSize: 1 << 20, HeapPerByte: 40, Deadline: 5 * time.Second}

// TestLinearTemplate checks that loading and rendering each template shape
// takes time linear in the file's size (issue 18).
//
// It and TestRangeBudget do not call t.Parallel: lineartest measures the
// process's CPU time and heap, which parallel tests would add to.
func TestLinearTemplate(t *testing.T) {
	lineartest.CheckShapes(t, templateShapes, loadAndRender, templateOptions)
}

// TestRangeBudget renders issue 18's template, a loop of two billion
// iterations in 40 bytes: it must stop within the deadline.
func TestRangeBudget(t *testing.T) {
	gen := func(int) []byte { return []byte(fmStart + "---\n{{ range 2000000000 }}x{{ end }}\n") }
	lineartest.Check(t, gen, loadAndRender, lineartest.Options{MaxSize: 4 << 10, Runs: 1, Deadline: 5 * time.Second})
}

// FuzzLinearTemplate searches for template files whose loading and
// rendering is superlinear (see lineartest.Fuzz), seeded with templateShapes.
func FuzzLinearTemplate(f *testing.F) {
	lineartest.Fuzz(f, templateShapes, loadAndRender, nil)
}
