package lint

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/speedgrapher/speedgrapher/internal/ctxtest"
	"github.com/speedgrapher/speedgrapher/internal/markdown"
)

// TestCheckContextStops: CheckContext looks at its context at least once
// per sentence and once per link, and returns context.Canceled and no
// findings at the first look after cancellation, wherever that falls.
func TestCheckContextStops(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	const sentences, links = 300, 200
	b.WriteString("# Title\n\n")
	for i := range sentences {
		fmt.Fprintf(&b, "The report was written by the the team %d. ", i)
	}
	b.WriteString("\n\n")
	for i := range links {
		fmt.Fprintf(&b, "[x](#nowhere-%d) [y](missing-%d.md)\n", i, i)
	}
	doc := markdown.Parse([]byte(b.String()))
	opts := Options{FileExists: func(string) bool { return false }}

	full := ctxtest.New(1 << 30)
	findings, err := CheckContext(full, doc, opts)
	if err != nil || len(findings) < sentences {
		t.Fatalf("uncancelled: %d findings, %v; want at least %d findings", len(findings), err, sentences)
	}
	if full.Asked < sentences+2*links {
		t.Errorf("CheckContext asked its context %d times; want one look per sentence and per link, %d or more", full.Asked, sentences+2*links)
	}
	for _, n := range []int{0, 1, sentences / 2, sentences + links, full.Asked - 1} {
		ctx := ctxtest.New(n)
		findings, err := CheckContext(ctx, doc, opts)
		if !errors.Is(err, context.Canceled) || findings != nil {
			t.Errorf("cancelled after %d looks: %d findings, %v; want none and context.Canceled", n, len(findings), err)
		}
		if ctx.AfterCancel > 2 {
			t.Errorf("cancelled after %d looks: it looked %d more times before stopping; want at most 2", n, ctx.AfterCancel)
		}
	}
}
