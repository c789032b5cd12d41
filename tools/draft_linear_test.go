package tools_test

import (
	"testing"

	"github.com/speedgrapher/speedgrapher/internal/benchdraft"
	"github.com/speedgrapher/speedgrapher/internal/config"
	"github.com/speedgrapher/speedgrapher/internal/lineartest"
	"github.com/speedgrapher/speedgrapher/internal/lint"
	"github.com/speedgrapher/speedgrapher/internal/markdown"
	"github.com/speedgrapher/speedgrapher/internal/structure"
	"github.com/speedgrapher/speedgrapher/tools"
)

// analyzeDraft is everything the lint, readability and structure tools do
// with a draft once it is read: parse, front matter options, every rule,
// the readability report and the outline.
func analyzeDraft(src []byte) {
	doc := markdown.Parse(src)
	opts, _ := config.ForDraft(nil, "draft.md", doc) // a front matter error still leaves a draft to check
	lint.Check(doc, opts)
	tools.Readability(src)
	structure.Summarize(doc)
}

// A shape is an input built from short pieces: head, open repeated n times,
// mid, close repeated n times, tail (see lineartest.Nest). Repetition has an
// empty close; nesting pairs open with close.
type shape struct {
	name                         string
	head, open, mid, close, tail string
	// heapPerByte, when set, replaces the 40 bytes per byte of draftOptions
	// for a shape known to need more, with the reason beside it.
	heapPerByte float64
}

func (s shape) gen() func(int) []byte {
	return lineartest.Nest(s.head, s.open, s.mid, s.close, s.tail)
}

// draftShapes are drafts that have been, or could be, superlinear: issue 18's
// list first, then others of the same families.
var draftShapes = []shape{
	// Issue 18, item 3.
	{name: "front matter nesting flow sequences", head: "---\nx: ", open: "[", close: "]", tail: "\n---\nText.\n"},
	{name: "nested list items on one line", open: "- ", tail: "x\n"},
	{name: "unclosed link destinations", open: "[a](", tail: "\n"},
	{name: "a run of [", open: "[", tail: "\n"},
	{name: "one long line of findings", open: "the the ", tail: "\n"},
	{name: "passive sentences on one line", open: "The cake was eaten by the dog. ", tail: "\n"},
	// A heading is a goldmark node, a Document heading with its slug, and an
	// outline entry: about 40 bytes per byte, measured 35 to 41, linear.
	{name: "broken anchors and many headings", open: "## Section heading\n\n", close: "[see](#section-headin)\n", heapPerByte: 56},
	// Front matter, as the YAML parser sees it.
	{name: "front matter nesting flow mappings", head: "---\nx: ", open: "{a: ", mid: "1", close: "}", tail: "\n---\nText.\n"},
	{name: "front matter nesting block sequences", head: "---\nx:\n", open: "- ", tail: "a\n---\nText.\n"},
	{name: "front matter aliases of aliases", head: "---\n- &a [x, x, x, x, x, x, x, x]\n", open: "- &a [*a, *a, *a, *a, *a, *a, *a, *a]\n", tail: "---\nText.\n"},
	{name: "front matter long list", head: "---\nx:\n", open: "  - item\n", tail: "---\nText.\n"},
	// Block structure.
	{name: "nested block quotes on one line", open: "> ", tail: "x\n"},
	{name: "nested ordered lists on one line", open: "1. ", tail: "x\n"},
	{name: "quotes and lists nested", open: "> - ", tail: "x\n"},
	{name: "nested list items, one per line", open: "- x\n  ", tail: "y\n"},
	{name: "a table with many columns", open: "| a ", mid: "|\n", close: "| - ", tail: "|\n"},
	{name: "many duplicate headings", open: "# Same\n\n"},
	// Inlines.
	{name: "unclosed image destinations", open: "![a](", tail: "\n"},
	{name: "nested links", open: "[", mid: "a", close: "](b)", tail: "\n"},
	{name: "unmatched emphasis", open: "*a _b ", tail: "\n"},
	{name: "nested emphasis", open: "*a ", mid: "x", close: " b*", tail: "\n"},
	// Every other backtick opens a code span, so goldmark builds about three
	// nodes per 10 bytes, each near 170 bytes: 51 to 66 bytes per byte
	// measured, linear, over the 40. The draft-weight limit keeps the
	// total bounded.
	{name: "unmatched backticks", open: "a ``` b ` ", tail: "\n", heapPerByte: 96},
	{name: "reference links", head: "[a]: /b\n\n", open: "[a] [a][] [x][a] ", tail: "\n"},
	{name: "unclosed html comments", open: "<!-- a ", tail: "\n"},
	{name: "entities", open: "&amp;&#123;&nbsp;", tail: "\n"},
	{name: "one long word", open: "a", tail: "\n"},
	{name: "one long sentence", open: "word ", tail: ".\n"},
	// Rules that compare findings with each other.
	{name: "disable comments and findings", open: "<!-- speedgrapher-disable lexical-illusion -->\nthe the\n\n"},
}

var draftOptions = lineartest.Options{HeapPerByte: 40}

// TestLinearDraft checks that the analysis of each draft shape takes time
// linear in its size, and at most 40 bytes of peak heap per byte (issue 18).
func TestLinearDraft(t *testing.T) {
	for _, s := range draftShapes {
		t.Run(s.name, func(t *testing.T) {
			o := draftOptions
			if s.heapPerByte > 0 {
				o.HeapPerByte = s.heapPerByte
			}
			lineartest.Check(t, s.gen(), analyzeDraft, o)
		})
	}
	// An ordinary post, for comparison: the check must pass it.
	t.Run("the sample post", func(t *testing.T) {
		gen := func(size int) []byte {
			b, err := benchdraft.Repeat("../"+benchdraft.Sample, size, true)
			if err != nil {
				t.Fatal(err)
			}
			return b
		}
		lineartest.Check(t, gen, analyzeDraft, draftOptions)
	})
}

// FuzzLinearDraft searches for draft shapes that make the analysis
// superlinear: the fuzzer picks the short pieces of a shape (see shape),
// the check grows them to 1× and 4× sizes and compares the times. The seed
// corpus (every shape above) is added only with -fuzz, since
// TestLinearDraft runs it otherwise.
func FuzzLinearDraft(f *testing.F) {
	if lineartest.Fuzzing() {
		for _, s := range draftShapes {
			f.Add(s.head, s.open, s.mid, s.close, s.tail)
		}
	}
	f.Fuzz(func(t *testing.T, head, open, mid, close, tail string) {
		gen, ok := lineartest.FuzzShape(head, open, mid, close, tail)
		if !ok {
			return
		}
		lineartest.Check(t, gen, analyzeDraft, lineartest.FuzzOptions)
	})
}
