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

// draftShapes are drafts that have been, or could be, superlinear: issue 18's
// list first, then others of the same families.
var draftShapes = []lineartest.Shape{
	// Issue 18, item 3.
	{Name: "front matter nesting flow sequences", Head: "---\nx: ", Open: "[", Close: "]", Tail: "\n---\nText.\n"},
	{Name: "nested list items on one line", Open: "- ", Tail: "x\n"},
	{Name: "unclosed link destinations", Open: "[a](", Tail: "\n"},
	{Name: "a run of [", Open: "[", Tail: "\n"},
	{Name: "one long line of findings", Open: "the the ", Tail: "\n"},
	{Name: "passive sentences on one line", Open: "The cake was eaten by the dog. ", Tail: "\n"},
	// A heading is a goldmark node, a Document heading with its slug, and an
	// outline entry: about 40 bytes per byte, measured 35 to 41, linear.
	{Name: "broken anchors and many headings", Open: "## Section heading\n\n", Close: "[see](#section-headin)\n", HeapPerByte: 56},
	// Front matter, as the YAML parser sees it.
	{Name: "front matter nesting flow mappings", Head: "---\nx: ", Open: "{a: ", Mid: "1", Close: "}", Tail: "\n---\nText.\n"},
	{Name: "front matter nesting block sequences", Head: "---\nx:\n", Open: "- ", Tail: "a\n---\nText.\n"},
	{Name: "front matter aliases of aliases", Head: "---\n- &a [x, x, x, x, x, x, x, x]\n", Open: "- &a [*a, *a, *a, *a, *a, *a, *a, *a]\n", Tail: "---\nText.\n"},
	{Name: "front matter long list", Head: "---\nx:\n", Open: "  - item\n", Tail: "---\nText.\n"},
	// Block structure.
	{Name: "nested block quotes on one line", Open: "> ", Tail: "x\n"},
	{Name: "nested ordered lists on one line", Open: "1. ", Tail: "x\n"},
	{Name: "quotes and lists nested", Open: "> - ", Tail: "x\n"},
	{Name: "nested list items, one per line", Open: "- x\n  ", Tail: "y\n"},
	{Name: "a table with many columns", Open: "| a ", Mid: "|\n", Close: "| - ", Tail: "|\n"},
	{Name: "many duplicate headings", Open: "# Same\n\n"},
	// Inlines.
	{Name: "unclosed image destinations", Open: "![a](", Tail: "\n"},
	{Name: "nested links", Open: "[", Mid: "a", Close: "](b)", Tail: "\n"},
	{Name: "unmatched emphasis", Open: "*a _b ", Tail: "\n"},
	{Name: "nested emphasis", Open: "*a ", Mid: "x", Close: " b*", Tail: "\n"},
	// Every other backtick opens a code span, so goldmark builds about three
	// nodes per 10 bytes, each near 170 bytes: 51 to 66 bytes per byte
	// measured, linear, over the 40. The draft-weight limit keeps the
	// total bounded.
	{Name: "unmatched backticks", Open: "a ``` b ` ", Tail: "\n", HeapPerByte: 96},
	{Name: "reference links", Head: "[a]: /b\n\n", Open: "[a] [a][] [x][a] ", Tail: "\n"},
	{Name: "unclosed html comments", Open: "<!-- a ", Tail: "\n"},
	{Name: "entities", Open: "&amp;&#123;&nbsp;", Tail: "\n"},
	{Name: "one long word", Open: "a", Tail: "\n"},
	{Name: "one long sentence", Open: "word ", Tail: ".\n"},
	// Rules that compare findings with each other.
	{Name: "disable comments and findings", Open: "<!-- speedgrapher-disable lexical-illusion -->\nthe the\n\n"},
}

var draftOptions = lineartest.Options{HeapPerByte: 40}

// TestLinearDraft checks that the analysis of each draft shape takes time
// linear in its size, and at most 40 bytes of peak heap per byte (issue 18).
func TestLinearDraft(t *testing.T) {
	lineartest.CheckShapes(t, draftShapes, analyzeDraft, draftOptions)
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
// superlinear (see lineartest.Fuzz), seeded with draftShapes.
func FuzzLinearDraft(f *testing.F) {
	lineartest.Fuzz(f, draftShapes, analyzeDraft, nil)
}
