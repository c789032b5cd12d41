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

// A templateShape is built like lineartest.Nest: head, open repeated n
// times, mid, close repeated n times, tail.
type templateShape struct {
	name                         string
	head, open, mid, close, tail string
}

const (
	fmStart = "---\ndescription: d\n"
	fmEnd   = "---\nBody.\n"
	withArg = "---\ndescription: d\narguments:\n  - name: topic\n    description: t\n    default: go\n---\n"
)

// templateShapes are template files that have been, or could be,
// superlinear: issue 18's item 2 first (the loop is last, see below).
var templateShapes = []templateShape{
	{name: "front matter nesting flow sequences", head: fmStart + "x: ", open: "[", close: "]", tail: "\n" + fmEnd},
	{name: "front matter nesting flow mappings", head: fmStart + "x: ", open: "{a: ", mid: "1", close: "}", tail: "\n" + fmEnd},
	{name: "front matter nesting block sequences", head: fmStart + "x:\n", open: "- ", tail: "a\n" + fmEnd},
	{name: "front matter aliases of aliases", head: fmStart + "x:\n  - &a [x, x, x, x, x, x, x, x]\n", open: "  - &a [*a, *a, *a, *a, *a, *a, *a, *a]\n", tail: fmEnd},
	{name: "front matter nesting in an argument", head: fmStart + "arguments:\n  - name: a\n    description: ", open: "[", close: "]", tail: "\n" + fmEnd},
	{name: "many arguments of one name", head: fmStart + "arguments:\n", open: "  - name: topic\n    description: t\n", tail: fmEnd},
	{name: "a long description", head: "---\ndescription: ", open: "word ", tail: "\n" + fmEnd},
	{name: "ifs nested", head: fmStart + "---\n", open: "{{ if true }}", mid: "x", close: "{{ end }}", tail: "\n"},
	{name: "many actions", head: withArg, open: "{{ .topic }} {{ upper .topic }} ", tail: "\n"},
	{name: "many message markers", head: fmStart + "---\n", open: "<!-- assistant -->\nok\n<!-- user -->\nyes\n"},
	{name: "unclosed actions", head: fmStart + "---\n", open: "{{ ", tail: "\n"},
	{name: "an undeclared argument, many times", head: fmStart + "---\n", open: "{{ .missing }}", tail: "\n"},
	{name: "plain text", head: fmStart + "---\n", open: "Plain words in a line.\n"},
	// Last: without a loop budget it never ends, and every later check in
	// the process would fail with "cannot measure".
	{name: "range loops nested", head: fmStart + "---\n", open: "{{ range 1000 }}", mid: "x", close: "{{ end }}", tail: "\n"},
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
	for _, s := range templateShapes {
		t.Run(s.name, func(t *testing.T) {
			lineartest.Check(t, lineartest.Nest(s.head, s.open, s.mid, s.close, s.tail), loadAndRender, templateOptions)
		})
	}
}

// TestRangeBudget renders issue 18's template, a loop of two billion
// iterations in 40 bytes: it must stop within the deadline.
func TestRangeBudget(t *testing.T) {
	gen := func(int) []byte { return []byte(fmStart + "---\n{{ range 2000000000 }}x{{ end }}\n") }
	lineartest.Check(t, gen, loadAndRender, lineartest.Options{MaxSize: 4 << 10, Runs: 1, Deadline: 5 * time.Second})
}

// FuzzLinearTemplate searches for template files whose loading and
// rendering is superlinear: the fuzzer picks the pieces of a shape, the
// check grows them to 1× and 4× sizes. The seed corpus (every shape above)
// is added only with -fuzz, since TestLinearTemplate runs it otherwise.
func FuzzLinearTemplate(f *testing.F) {
	if lineartest.Fuzzing() {
		for _, s := range templateShapes {
			f.Add(s.head, s.open, s.mid, s.close, s.tail)
		}
	}
	f.Fuzz(func(t *testing.T, head, open, mid, close, tail string) {
		gen, ok := lineartest.FuzzShape(head, open, mid, close, tail)
		if !ok {
			return
		}
		lineartest.Check(t, gen, loadAndRender, lineartest.FuzzOptions)
	})
}
