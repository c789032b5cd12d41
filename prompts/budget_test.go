package prompts

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestLoopsRefusedAtLoad: ranges over number constants whose product is
// over MaxLoopSteps keep the template out, reported at the outermost loop's
// line (counted by hand: the body starts on line 4).
func TestLoopsRefusedAtLoad(t *testing.T) {
	t.Parallel()
	head := "---\ndescription: x\n---\n"
	tests := []struct {
		name, body string
		want       []string // nil: loads
	}{
		{"huge range", "Hi\n{{ range 2000000000 }}x{{ end }}\n",
			[]string{"f.md:5: loop runs 2000000000 times, over the limit of 100000 loop iterations in one render; loop fewer times"}},
		{"nested", "{{ range 1000 }}\n{{ range 101 }}x{{ end }}\n{{ end }}\n",
			[]string{"f.md:4: loop runs 101000 times, over the limit of 100000 loop iterations in one render; loop fewer times"}},
		{"through a template call", "{{ define \"row\" }}{{ range 1000 }}x{{ end }}{{ end }}\n\n{{ range 1000 }}{{ template \"row\" }}{{ end }}\n",
			[]string{"f.md:6: loop runs 1000000 times, over the limit of 100000 loop iterations in one render; loop fewer times"}},
		{"in an else branch", "{{ if true }}{{ else }}\n{{ range 100001 }}{{ end }}{{ end }}\n",
			[]string{"f.md:5: loop runs 100001 times, over the limit of 100000 loop iterations in one render; loop fewer times"}},
		{"at the limit", "{{ range 100 }}{{ range 1000 }}x{{ end }}{{ end }}\n", nil},
		{"recursive define", "{{ define \"r\" }}{{ range 10 }}{{ template \"r\" }}{{ end }}{{ end }}\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tmpl, diags := parseTemplate("f.md", "f", []byte(head+tt.body), nil)
			var got []string
			for _, d := range diags {
				got = append(got, d.String())
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("diagnostics (-want +got):\n%s", diff)
			}
			if (tmpl == nil) != (tt.want != nil) {
				t.Errorf("template loaded = %v, want %v", tmpl != nil, tt.want == nil)
			}
		})
	}
}

// mustParse parses a template file or fails the test.
func mustParse(t *testing.T, src string) *Template {
	t.Helper()
	tmpl, diags := parseTemplate("f.md", "f", []byte(src), nil)
	if tmpl == nil {
		t.Fatalf("parseTemplate: %v", diags)
	}
	return tmpl
}

// TestRenderBudgets: what the load-time check cannot see stops at run time
// with a *BudgetError naming the file and line of the loop, template call or
// function at fault.
func TestRenderBudgets(t *testing.T) {
	// Not parallel: it sets renderTimeout, which every render reads.
	// Six levels of defines, each calling the one below ten times: a million
	// template calls and no range at all.
	var fan strings.Builder
	fan.WriteString("---\ndescription: x\n---\n{{ define \"l0\" }}x{{ end }}\n")
	for i := 1; i <= 6; i++ {
		fmt.Fprintf(&fan, "{{ define \"l%d\" }}%s{{ end }}\n", i, strings.Repeat(fmt.Sprintf("{{ template \"l%d\" }}", i-1), 10))
	}
	fan.WriteString("{{ template \"l6\" }}\n") // line 11

	tests := []struct {
		name  string
		src   string
		args  map[string]string
		where string
		msg   string
	}{
		{
			name: "range over a computed number",
			src: "---\ndescription: x\narguments:\n  - name: text\n    description: t\n---\n" +
				"{{ $n := len .text }}\n{{ range $n }}{{ range $n }}{{ end }}{{ end }}\n",
			args:  map[string]string{"text": strings.Repeat("a", 400)}, // 400 × 400 steps
			where: "f.md:8",
			msg:   "over the limit of 100000 loop iterations and template calls in one render; loop fewer times",
		},
		{
			name:  "template fan-out",
			src:   fan.String(),
			where: "f.md:4", // the last step is a call of l0, defined on line 4
			msg:   "over the limit of 100000 loop iterations and template calls in one render; loop fewer times",
		},
		{
			name:  "printf width",
			src:   "---\ndescription: x\n---\nHello\n\n{{ printf \"%0999999999d\" 1 }}\n",
			where: "f.md:6",
			msg:   `printf "%0999999999d": width or precision 999999999 is over the limit of 100`,
		},
		{
			name:  "printf precision",
			src:   "---\ndescription: x\n---\n{{ printf \"%.101f\" 1.5 }}\n",
			where: "f.md:4",
			msg:   `printf "%.101f": width or precision 101 is over the limit of 100`,
		},
		{
			name:  "printf star",
			src:   "---\ndescription: x\n---\n{{ printf \"%*d\" 999999999 1 }}\n",
			where: "f.md:4",
			msg:   `printf "%*d": a width or precision from an argument (*) is not supported in templates; write the number`,
		},
		{
			// Doubling a string 40 times is 8 TB; it stops at the byte budget.
			name:  "doubling with print",
			src:   "---\ndescription: x\n---\n{{ $x := \"abcdefgh\" }}\n{{ range 40 }}{{ $x = print $x $x }}{{ end }}\n",
			where: "f.md:5",
			msg:   "writes over the limit of 33554432 bytes in one render; write less",
		},
		{
			// js doubles every backslash.
			name:  "doubling with js",
			src:   "---\ndescription: x\n---\n{{ $x := \"\\\\\" }}{{ range 40 }}{{ $x = js $x }}{{ end }}\n",
			where: "f.md:4",
			msg:   "writes over the limit of 33554432 bytes in one render; write less",
		},
		{
			name: "output",
			// 100 bytes doubled 10 times, written 400 times: 40 MiB.
			src:   "---\ndescription: x\n---\n{{ $x := printf \"%0100d\" 0 }}{{ range 10 }}{{ $x = print $x $x }}{{ end }}\n{{ range 400 }}{{ $x }}{{ end }}\n",
			where: "f.md:5",
			msg:   "writes over the limit of 33554432 bytes in one render; write less",
		},
	}
	defer func(d time.Duration) { renderTimeout = d }(renderTimeout)
	renderTimeout = time.Hour // the limits under test, not the clock, must stop these
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := mustParse(t, tt.src).Render(tt.args, Env{})
			var be *BudgetError
			if !errors.As(err, &be) {
				t.Fatalf("Render error = %v, want a *BudgetError", err)
			}
			if be.Where != tt.where || be.Message != tt.msg || be.Prompt != "f" {
				t.Errorf("Render error = %q at %q, want %q at %q", be.Message, be.Where, tt.msg, tt.where)
			}
		})
	}
}

// TestRenderTimeout: a render past its time stops at its next step. The
// time is set in the past rather than waited for.
func TestRenderTimeout(t *testing.T) {
	// Not parallel: it sets renderTimeout, which every render reads.
	defer func(d time.Duration) { renderTimeout = d }(renderTimeout)
	renderTimeout = -time.Second
	_, err := mustParse(t, "---\ndescription: x\n---\nHi\n{{ range 10 }}x{{ end }}\n").Render(nil, Env{})
	var be *BudgetError
	if !errors.As(err, &be) || be.Message != "took longer than the limit of 2s for one render; loop fewer times" || be.Where != "f.md:4" {
		t.Fatalf("Render error = %v, want the time limit at f.md:4", err)
	}
}

// TestRenderCancelled: a done context stops a render at its next step.
func TestRenderCancelled(t *testing.T) {
	t.Parallel()
	tmpl := mustParse(t, "---\ndescription: x\narguments:\n  - name: path\n    description: p\n---\n"+
		"{{ range 50000 }}{{ draft $.path }}{{ end }}\n")
	t.Run("before it starts", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		msgs, err := tmpl.RenderContext(ctx, map[string]string{"path": "a.md"}, fakeEnv(map[string]string{"a.md": "A"}))
		if !errors.Is(err, context.Canceled) || msgs != nil {
			t.Fatalf("RenderContext = %d messages, %v; want context.Canceled", len(msgs), err)
		}
	})
	t.Run("while it runs", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		reads := 0
		env := Env{ReadFile: func(p string) (string, string, error) {
			reads++
			cancel() // the client gives up during the first read
			return "file:///ws/" + p, "A", nil
		}}
		_, err := tmpl.RenderContext(ctx, map[string]string{"path": "a.md"}, env)
		if !errors.Is(err, context.Canceled) || reads != 1 {
			t.Fatalf("RenderContext after %d reads: %v; want context.Canceled after 1", reads, err)
		}
	})
}

// TestCheckFormat: widths and precisions up to the limit pass, as do
// argument indexes, which are not widths.
func TestCheckFormat(t *testing.T) {
	t.Parallel()
	for _, f := range []string{"%d", "%-100s|", "%.2f", "%100.100v", "%[1]s %[2]d", "%%", "%[999]d", "100% sure", "%"} {
		if err := checkFormat(f); err != nil {
			t.Errorf("checkFormat(%q) = %v, want nil", f, err)
		}
	}
	for _, f := range []string{"%101d", "%.1000s", "%[1]101d", "%-0200x", "%*d", "%.*f", "%[1]*d"} {
		if err := checkFormat(f); err == nil {
			t.Errorf("checkFormat(%q) = nil, want an error", f)
		}
	}
}

// BenchmarkRefuseRange loads and renders the templates that had no budget:
// a range over two billion is refused at load, a range over a computed
// number stops at the step budget.
func BenchmarkRefuseRange(b *testing.B) {
	huge := []byte("---\ndescription: x\n---\n{{ range 2000000000 }}x{{ end }}\n")
	computed := []byte("---\ndescription: x\narguments:\n  - name: text\n    description: t\n---\n{{ $n := len .text }}{{ range $n }}{{ range $n }}x{{ end }}{{ end }}\n")
	args := map[string]string{"text": strings.Repeat("a", 2000)}
	b.ReportAllocs()
	for b.Loop() {
		parseTemplate("huge.md", "huge", huge, nil)
		tmpl, _ := parseTemplate("computed.md", "computed", computed, nil)
		if _, err := tmpl.Render(args, Env{}); err == nil {
			b.Fatal("no budget error")
		}
	}
}
