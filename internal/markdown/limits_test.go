package markdown

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestLimits checks that each shape goldmark or the YAML parser reads in
// more than linear time is refused with a message that names the limit and
// the line, and that a shape just inside a limit parses.
func TestLimits(t *testing.T) {
	t.Parallel()
	r := strings.Repeat
	// 100 KB of prose, so that the draft's weight allows what follows.
	filler := r("word ", 20000) + "\n\n"
	tests := []struct {
		name, src, want string
	}{
		{"list nesting on one line", "Intro.\n\n" + r("- ", 80000) + "x\n",
			"line 3: lists and block quotes nest more than 32 levels deep; speedgrapher reads at most 32, so flatten the list or quote"},
		{"quote nesting", r("> ", 33) + "x\n",
			"line 1: lists and block quotes nest more than 32 levels deep; speedgrapher reads at most 32, so flatten the list or quote"},
		{"quote and list nesting", r("> 1. ", 17) + "x\n",
			"line 1: lists and block quotes nest more than 32 levels deep; speedgrapher reads at most 32, so flatten the list or quote"},
		{"nesting by indentation", func() string {
			var b strings.Builder
			for i := range 40 {
				b.WriteString(r("  ", i) + "- x\n")
			}
			return b.String()
		}(), "line 33: lists and block quotes nest more than 32 levels deep; speedgrapher reads at most 32, so flatten the list or quote"},
		{"32 levels", r("> ", 16) + r("- ", 16) + "x\n", ""},
		{"unclosed link destinations", "A\nB\n" + r("[a](", 300000) + "\n",
			// Each "](" costs the rest of its line, 1,199,996 - 4k bytes for the
			// k-th from 0; the sum passes 8 × 1,200,005 + 1,048,576 =
			// 10,648,616 at k = 8: 9 × 1,199,996 - 4 × 36 = 10,799,820.
			`line 3: links from here on open destinations or titles that do not close ("](" with no ")"), and finding where they end would read 10,799,820 bytes, more than 8 times the draft's size; close them with ")" or write "\]" for a bracket that starts no link`},
		{"brackets", "# T\n\n" + filler + r("[", 5000) + "\n",
			`line 5: a paragraph holds more than 4,096 inline markers ("[", "*", "_", "~", "<"); speedgrapher reads at most 4,096 in one paragraph, heading or table cell, so split it or escape the markers with "\"`},
		{"emphasis", filler + r("*a ", 5000) + "\n",
			`line 3: a paragraph holds more than 4,096 inline markers ("[", "*", "_", "~", "<"); speedgrapher reads at most 4,096 in one paragraph, heading or table cell, so split it or escape the markers with "\"`},
		{"4,096 markers", filler + r("*a ", 4096) + "\n", ""},
		{"reference definitions", "x\n\n" + r("[a]: b\n", 1001),
			"line 3: more than 1,000 link reference definitions follow one another; speedgrapher reads at most 1,000 without a blank line between, so put blank lines between groups of them"},
		{"reference definitions in groups", r(r("[a]: b\n", 1000)+"\n", 3), ""},
		{"wide table", "| a |\n|" + r("-|", 1001) + "\n",
			"line 2: a table row has 1,002 cells; speedgrapher reads at most 1,000 columns, so split the table"},
		{"dense draft", r("`a` ", 20000) + "\n",
			// Each code span weighs 3 (node, child, text after), 60,000 in all,
			// past 80,001/4 + 4,096 = 24,096 at the 8,032nd.
			"line 1: the draft is too dense to read: its lines, blocks, table cells and inline elements weigh more than 24,096, one per 4 of its 80,001 bytes plus 4,096; split the draft"},
		{"deep YAML front matter", "---\ntitle: x\ntags: " + r("[", 20000) + r("]", 20000) + "\n---\nText.\n",
			"line 3: the YAML nests 20,000 levels deep; speedgrapher reads at most 64, so flatten it"},
		{"nested YAML block sequences", "---\nt:\n  " + r("- ", 100) + "x\n---\nText.\n",
			"line 3: the YAML nests 101 levels deep; speedgrapher reads at most 64, so flatten it"},
		{"quoted brackets do not nest", "---\ntitle: \"" + r("[", 100) + "\"\n---\nText.\n", ""},
		// "a: a: …" nests mappings on one line: 100 keys deep.
		{"keys nested on one line", "---\ntitle: x\n" + r("a: ", 100) + "1\n---\nText.\n",
			"line 3: the YAML nests 100 levels deep; speedgrapher reads at most 64, so flatten it"},
		{"keys in a flow mapping do not nest", "---\nm: {" + r("k: 1, ", 100) + "z: 2}\n---\nText.\n", ""},
		{"large YAML front matter", "---\n" + r("a: b\n", 14000) + "---\n",
			"line 2: the YAML is 70,000 bytes; speedgrapher reads at most 65,536, so shorten it"},
		{"large TOML front matter", "+++\n" + r("a = 1\n", 11000) + "+++\n",
			"line 2: the TOML is 66,000 bytes; speedgrapher reads at most 65,536, so shorten it"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := ParseContext(context.Background(), []byte(tt.src))
			got := ""
			if err != nil {
				got = err.Error()
				var le *LimitError
				if !errors.As(err, &le) {
					t.Errorf("error %v is not a *LimitError", err)
				}
				if len(d.Blocks) != 0 || string(d.Source) != tt.src {
					t.Errorf("refused draft has %d blocks and %d bytes of source", len(d.Blocks), len(d.Source))
				}
			}
			if got != tt.want {
				t.Errorf("ParseContext error\n got: %s\nwant: %s", got, tt.want)
			}
		})
	}
}

// TestParseContextCancelled checks that a cancelled context stops the parse.
func TestParseContextCancelled(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	d, err := ParseContext(ctx, []byte(strings.Repeat("A paragraph.\n\n", 1000)))
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("ParseContext(cancelled) = %v, want context.Canceled", err)
	}
	if len(d.Blocks) != 0 {
		t.Errorf("cancelled parse has %d blocks", len(d.Blocks))
	}
}

func TestCount(t *testing.T) {
	t.Parallel()
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 80000: "80,000", 1234567: "1,234,567", -5: "-5"} {
		if got := count(n); got != want {
			t.Errorf("count(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestLinearTime parses shapes that were superlinear before the limits at
// 1x and 4x their size and checks that the CPU time grows about 4 times,
// not 16: the best of five runs each, with room for a loaded machine.
func TestLinearTime(t *testing.T) {
	// Not parallel: it times the process's CPU, which parallel tests would add to.
	if testing.Short() {
		t.Skip("times parses")
	}
	r := strings.Repeat
	runs := func(n int) string { // backtick runs of growing length that never close
		var b strings.Builder
		for k := 1; b.Len() < n; k++ {
			b.WriteString(r("`", k%200+1) + " a ")
		}
		return b.String()
	}
	shapes := map[string]func(n int) string{
		"unclosed backticks": runs,
		"unclosed links":     func(n int) string { return r("[a](", n/4) },
		"list nesting":       func(n int) string { return r("- ", n/2) },
		"brackets":           func(n int) string { return r("[", n) },
		"emphasis":           func(n int) string { return r("*a ", n/3) },
		"entities":           func(n int) string { return r("&a", n/2) },
		"positions on one line": func(n int) string {
			return r("Très very really quite ", n/24)
		},
	}
	best := func(src []byte) time.Duration {
		b := time.Duration(1 << 62)
		for range 5 {
			start := cpuTime()
			d, _ := ParseContext(context.Background(), src)
			for off := 0; off < len(src); off += 16 {
				d.Position(off)
			}
			b = min(b, cpuTime()-start)
		}
		return b
	}
	for name, shape := range shapes {
		small, large := best([]byte(shape(256<<10))), best([]byte(shape(1<<20)))
		if ratio := float64(large) / float64(small); ratio > 10 {
			t.Errorf("%s: 4 times the bytes took %.1f times the time (%v, %v)", name, ratio, small, large)
		}
	}
}

// TestParseConcurrent checks that parses running at once, some past a
// limit, give what they give one at a time: the guard lives in each
// parse's context, not in the shared parsers.
func TestParseConcurrent(t *testing.T) {
	t.Parallel()
	srcs := []string{
		"# T\n\nSome *prose* with `code` and [a link](x).\n",
		strings.Repeat("- ", 100) + "x\n",
		strings.Repeat("*a ", 5000) + "\n",
		"| a | b |\n|---|---|\n| c | d |\n",
	}
	type result struct {
		blocks int
		err    string
	}
	parseOne := func(src string) result {
		d, err := ParseContext(context.Background(), []byte(src))
		return result{len(d.Blocks), fmt.Sprint(err)}
	}
	want := make([]result, len(srcs))
	for i, s := range srcs {
		want[i] = parseOne(s)
	}
	var wg sync.WaitGroup
	got := make([]result, 8*len(srcs))
	for i := range got {
		wg.Go(func() { got[i] = parseOne(srcs[i%len(srcs)]) })
	}
	wg.Wait()
	for i, g := range got {
		if g != want[i%len(srcs)] {
			t.Errorf("parse %d at once = %+v, alone %+v", i, g, want[i%len(srcs)])
		}
	}
}
