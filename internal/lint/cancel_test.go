package lint

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/speedgrapher/speedgrapher/internal/markdown"
)

// countdown is a context that is cancelled once Err has been asked n times,
// wherever the work then is: it shows that the work asks often, and stops
// when told.
type countdown struct {
	context.Context
	n, asked, afterCancel int
}

func (c *countdown) Err() error {
	c.asked++
	if c.asked > c.n {
		c.afterCancel++
		return context.Canceled
	}
	return nil
}

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

	full := &countdown{Context: context.Background(), n: 1 << 30}
	findings, err := CheckContext(full, doc, opts)
	if err != nil || len(findings) < sentences {
		t.Fatalf("uncancelled: %d findings, %v; want at least %d findings", len(findings), err, sentences)
	}
	if full.asked < sentences+2*links {
		t.Errorf("CheckContext asked its context %d times; want one look per sentence and per link, %d or more", full.asked, sentences+2*links)
	}
	for _, n := range []int{0, 1, sentences / 2, sentences + links, full.asked - 1} {
		ctx := &countdown{Context: context.Background(), n: n}
		findings, err := CheckContext(ctx, doc, opts)
		if !errors.Is(err, context.Canceled) || findings != nil {
			t.Errorf("cancelled after %d looks: %d findings, %v; want none and context.Canceled", n, len(findings), err)
		}
		if ctx.afterCancel > 2 {
			t.Errorf("cancelled after %d looks: it looked %d more times before stopping; want at most 2", n, ctx.afterCancel)
		}
	}
}
