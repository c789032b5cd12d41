package prose

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/speedgrapher/speedgrapher/internal/ctxtest"
	"github.com/speedgrapher/speedgrapher/internal/markdown"
)

// TestAnalyzeContextStops: AnalyzeContext looks at its context at least
// once per sentence, and stops at the first look after cancellation.
func TestAnalyzeContextStops(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	const paragraphs, perParagraph = 50, 6
	for i := range paragraphs {
		fmt.Fprintf(&b, "## Part %d\n\n", i)
		for range perParagraph {
			b.WriteString("The cat sat on the mat. ")
		}
		b.WriteString("\n\n")
	}
	doc := markdown.Parse([]byte(b.String()))
	full := ctxtest.New(1 << 30)
	r, err := AnalyzeContext(full, doc)
	if err != nil || r.Counts.Sentences != paragraphs*perParagraph {
		t.Fatalf("uncancelled: %d sentences, %v; want %d", r.Counts.Sentences, err, paragraphs*perParagraph)
	}
	if full.Asked < paragraphs*perParagraph {
		t.Errorf("AnalyzeContext asked its context %d times; want once per sentence, %d or more", full.Asked, paragraphs*perParagraph)
	}
	for _, n := range []int{0, paragraphs, full.Asked - 1} {
		ctx := ctxtest.New(n)
		r, err := AnalyzeContext(ctx, doc)
		if !errors.Is(err, context.Canceled) || r.Counts.Sentences != 0 {
			t.Errorf("cancelled after %d looks: %d sentences, %v; want an empty report and context.Canceled", n, r.Counts.Sentences, err)
		}
		if ctx.AfterCancel != 1 {
			t.Errorf("cancelled after %d looks: it looked %d times after; want it to stop at the first", n, ctx.AfterCancel)
		}
	}
}
