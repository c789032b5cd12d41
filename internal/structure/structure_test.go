package structure

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/speedgrapher/speedgrapher/internal/markdown"
)

// The expected values are counted by hand from the draft.
func TestSummarize(t *testing.T) {
	t.Parallel()
	src := "---\ntitle: Notes on drafts\ndescription: How we edit.\n---\n" + // lines 1-4
		"# Notes\n\n" + // line 5: 1 word
		"Two [links](a.md) and <https://example.com>.\n\n" + // line 7: Two, links, and = 3
		"## Lists and tables\n\n" + // line 9: 3 words
		"- one\n- two\n  - nested three\n\n" + // 4 words; 2 lists, 3 items
		"| A b | C |\n|---|---|\n| d | e f |\n\n" + // 6 words, 1 table
		"![alt text](x.png)\n\n" + // image, alt text is not prose
		"```go\nx := 1\n```\n\n```\nplain\n```\n\n    indented\n\n" +
		"### Tail end\n" // 2 words
	got := Summarize(markdown.Parse([]byte(src)))
	want := Summary{
		Outline: []Heading{
			{Level: 1, Text: "Notes", Line: 5, Slug: "notes"},
			{Level: 2, Text: "Lists and tables", Line: 9, Slug: "lists-and-tables"},
			{Level: 3, Text: "Tail end", Line: 31, Slug: "tail-end"},
		},
		Counts: Counts{
			// The image stands in a paragraph of its own.
			Words: 1 + 3 + 3 + 4 + 6 + 2, Paragraphs: 2, Lists: 2, ListItems: 3, Tables: 1,
			Images: 1, Links: 2, CodeBlocks: 3, CodeLanguages: map[string]int{"go": 1, "none": 2},
		},
		Title: "Notes on drafts", Description: "How we edit.",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Summarize (-want +got):\n%s", diff)
	}
}

func TestSummarizeEmpty(t *testing.T) {
	t.Parallel()
	got := Summarize(markdown.Parse(nil))
	want := Summary{Outline: []Heading{}, Counts: Counts{CodeLanguages: map[string]int{}}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Summarize(empty) (-want +got):\n%s", diff)
	}
}

// TestSummarizeContextStops: a cancelled context stops the count of words,
// which looks at it per block.
func TestSummarizeContextStops(t *testing.T) {
	t.Parallel()
	doc := markdown.Parse([]byte("# One\n\nTwo words.\n\n- three\n- four\n"))
	ctx, cancel := context.WithCancel(context.Background())
	s, err := SummarizeContext(ctx, doc)
	if err != nil || s.Counts.Words != 5 { // One, Two, words, three, four: counted by hand
		t.Fatalf("SummarizeContext = %d words, %v; want 5 and no error", s.Counts.Words, err)
	}
	cancel()
	if s, err := SummarizeContext(ctx, doc); !errors.Is(err, context.Canceled) || s.Counts.Words != 0 {
		t.Errorf("cancelled: %d words, %v; want an empty summary and context.Canceled", s.Counts.Words, err)
	}
}
