package prompts

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"text/template"
	"text/template/parse"
	"time"
)

// stepFunc names the function that counts a render's steps. instrument puts
// a call to it at the start of every template and every range body, the only
// places where text/template repeats work; its argument is "file:line", for
// messages. A template may call it too: that only counts a step.
const stepFunc = "_step"

// instrument adds a step call at the start of tree's root and of every range
// body in it. file is the file tree's lines are lines of.
func instrument(tree *parse.Tree, file string, lines *lineIndex) {
	if tree == nil || tree.Root == nil {
		return
	}
	var visit func(l *parse.ListNode)
	visit = func(l *parse.ListNode) {
		if l == nil {
			return
		}
		for _, n := range l.Nodes {
			switch n := n.(type) {
			case *parse.IfNode:
				visit(n.List)
				visit(n.ElseList)
			case *parse.WithNode:
				visit(n.List)
				visit(n.ElseList)
			case *parse.RangeNode:
				visit(n.List)
				visit(n.ElseList)
				n.List.Nodes = append([]parse.Node{stepNode(file, n.Line)}, n.List.Nodes...)
			}
		}
	}
	visit(tree.Root)
	// A section's text starts with newlines that make its lines file lines.
	line := lines.line(tree, tree.Root)
	if len(tree.Root.Nodes) > 0 {
		if text, ok := tree.Root.Nodes[0].(*parse.TextNode); ok {
			line += len(text.Text) - len(bytes.TrimLeft(text.Text, "\n"))
		}
	}
	tree.Root.Nodes = append([]parse.Node{stepNode(file, line)}, tree.Root.Nodes...)
}

// stepNode is the action {{ _step "file:line" }}, parsed rather than built
// so that its fields are what the parser sets.
func stepNode(file string, line int) parse.Node {
	loc := file
	if line > 0 {
		loc += ":" + strconv.Itoa(line)
	}
	t := template.Must(template.New("step").Funcs(parseFuncs).Parse("{{" + stepFunc + " " + strconv.Quote(loc) + "}}"))
	return t.Tree.Root.Nodes[0]
}

// loopCounter finds, at load time, loops over numbers that would run more
// than MaxLoopSteps times: a range over a number constant, or ranges over
// constants nested in one another, through template calls too. Ranges over
// anything else count once here; the render's step budget bounds them.
type loopCounter struct {
	set    *template.Template
	memo   map[string]int64 // a template's most iterations, by name
	active map[string]bool  // templates being counted: a call cycle counts once
}

// loopCap is where counts stop growing, far above MaxLoopSteps.
const loopCap = math.MaxInt64 / 2

func mulCapped(a, b int64) int64 {
	if a <= 0 || b <= 0 {
		return 0
	}
	if a > loopCap/b {
		return loopCap
	}
	return a * b
}

// list returns the most times any node of l runs per run of l, and the line
// of the loop or template call that makes it so (0 when nothing loops).
func (lc *loopCounter) list(l *parse.ListNode) (int64, int) {
	best, line := int64(1), 0
	if l == nil {
		return best, line
	}
	for _, n := range l.Nodes {
		if f, ln := lc.node(n); f > best {
			best, line = f, ln
		}
	}
	return best, line
}

func (lc *loopCounter) node(n parse.Node) (int64, int) {
	branches := func(b *parse.BranchNode) (int64, int) {
		f, line := lc.list(b.List)
		if g, gl := lc.list(b.ElseList); g > f {
			return g, gl
		}
		return f, line
	}
	switch n := n.(type) {
	case *parse.IfNode:
		return branches(&n.BranchNode)
	case *parse.WithNode:
		return branches(&n.BranchNode)
	case *parse.RangeNode:
		inner, _ := lc.list(n.List)
		f := mulCapped(rangeCount(n.Pipe), inner)
		if g, gl := lc.list(n.ElseList); g > f {
			return g, gl
		}
		return f, n.Line
	case *parse.TemplateNode:
		return lc.template(n.Name), n.Line
	}
	return 1, 0
}

func (lc *loopCounter) template(name string) int64 {
	if f, ok := lc.memo[name]; ok {
		return f
	}
	t := lc.set.Lookup(name)
	if lc.active[name] || t == nil || t.Tree == nil {
		return 1
	}
	lc.active[name] = true
	f, _ := lc.list(t.Tree.Root)
	delete(lc.active, name)
	lc.memo[name] = f
	return f
}

// rangeCount is how many times a range over pipe runs when pipe is a number
// constant, and 1 when it cannot be told before rendering.
func rangeCount(pipe *parse.PipeNode) int64 {
	if pipe == nil || len(pipe.Cmds) != 1 || len(pipe.Cmds[0].Args) != 1 {
		return 1
	}
	num, ok := pipe.Cmds[0].Args[0].(*parse.NumberNode)
	if !ok || !num.IsInt {
		return 1
	}
	return max(num.Int64, 0)
}

// checkLoops reports, as "file:line: message" diagnostics through add, each
// section whose loops over numbers would run more than MaxLoopSteps times.
func checkLoops(set *template.Template, sections []section, add func(line int, warning bool, format string, args ...any)) {
	lc := &loopCounter{set: set, memo: map[string]int64{}, active: map[string]bool{}}
	for _, s := range sections {
		f, line := lc.list(set.Lookup(s.name).Tree.Root)
		if f <= MaxLoopSteps {
			continue
		}
		count := strconv.FormatInt(f, 10)
		if f == loopCap {
			count = "more than " + strconv.Itoa(MaxLoopSteps)
		}
		add(line, false, "loop runs %s times, over the limit of %d loop iterations in one render; loop fewer times", count, MaxLoopSteps)
	}
}

// BudgetError reports a render stopped because it went over one of its
// limits: loop steps, bytes, time, or a printf width.
type BudgetError struct {
	Prompt  string // the prompt's name
	Where   string // "file:line" of the loop, template call or function at fault
	Message string // which limit, and what to do
}

func (e *BudgetError) Error() string {
	return fmt.Sprintf("render prompt %q: %s: %s", e.Prompt, e.Where, e.Message)
}

// budget is the part of a render's state that enforces its limits.
type budget struct {
	ctx      context.Context
	deadline time.Time
	steps    int
	bytes    int
	where    string // "file:line" of the last step, for messages
	fallback string // where, before any step: the template's file
	prompt   string
	err      error // the first limit hit, or the context's error
}

// renderTimeout is RenderTimeout, which tests of the other limits raise so
// that a slow machine does not hit it first.
var renderTimeout = RenderTimeout

func newBudget(ctx context.Context, t *Template) *budget {
	return &budget{ctx: ctx, deadline: time.Now().Add(renderTimeout), prompt: t.Name, fallback: t.File}
}

func (b *budget) fail(format string, args ...any) error {
	if b.err == nil {
		b.err = &BudgetError{Prompt: b.prompt, Where: cmp.Or(b.where, b.fallback), Message: fmt.Sprintf(format, args...)}
	}
	return b.err
}

// check stops a render whose context is done or whose time is up.
func (b *budget) check() error {
	if b.err != nil {
		return b.err
	}
	if err := b.ctx.Err(); err != nil {
		b.err = err
		return err
	}
	if time.Now().After(b.deadline) {
		return b.fail("took longer than the limit of %v for one render; loop fewer times", RenderTimeout)
	}
	return nil
}

// step counts one loop iteration or template call, at loc.
func (b *budget) step(loc string) (string, error) {
	b.where = loc
	b.steps++
	if b.steps > MaxLoopSteps {
		return "", b.fail("over the limit of %d loop iterations and template calls in one render; loop fewer times", MaxLoopSteps)
	}
	return "", b.check()
}

// use counts n bytes written or returned by a function.
func (b *budget) use(n int) error {
	b.bytes += n
	if b.bytes > MaxRenderBytes {
		return b.fail("writes over the limit of %d bytes in one render; write less", MaxRenderBytes)
	}
	return b.check()
}

// afford refuses, before the work is done, a function result that could be
// est bytes and would not fit in what is left of the byte budget.
func (b *budget) afford(est int) error {
	if est > MaxRenderBytes-b.bytes {
		return b.fail("writes over the limit of %d bytes in one render; write less", MaxRenderBytes)
	}
	return nil
}

// budgetWriter counts what a render writes.
type budgetWriter struct {
	b   *budget
	buf *bytes.Buffer
}

func (w budgetWriter) Write(p []byte) (int, error) {
	if err := w.b.use(len(p)); err != nil {
		return 0, err
	}
	return w.buf.Write(p)
}

// size is about how many bytes fmt prints for v: a string's length, a map's
// keys and values, a little for anything else.
func size(v any) int {
	switch v := v.(type) {
	case string:
		return len(v)
	case map[string]any:
		n := 8
		for k, e := range v {
			n += len(k) + size(e) + 4
		}
		return n
	}
	return 32
}

func sizes(args []any) int {
	n := 0
	for _, a := range args {
		n += size(a) + 1
	}
	return n
}

// funcs are text/template's printing and escaping builtins, and our string
// funcs, with their results counted against b: printf refuses widths and
// precisions over MaxFormatWidth, which fmt would allocate before any writer
// saw them, and each refuses, before doing the work, a result that could not
// fit in what is left of the byte budget.
func (b *budget) funcs() template.FuncMap {
	counted := func(s string) (string, error) {
		if err := b.use(len(s)); err != nil {
			return "", err
		}
		return s, nil
	}
	// escaping expands a byte to at most 6 ("\u003c" in js).
	escaper := func(esc func(...any) string) func(...any) (string, error) {
		return func(args ...any) (string, error) {
			if err := b.afford(6 * sizes(args)); err != nil {
				return "", err
			}
			return counted(esc(args...))
		}
	}
	text := func(f func(string) string) func(string) (string, error) {
		return func(s string) (string, error) {
			if err := b.afford(2 * len(s)); err != nil {
				return "", err
			}
			return counted(f(s))
		}
	}
	return template.FuncMap{
		stepFunc: b.step,
		"printf": func(format string, args ...any) (string, error) {
			if err := checkFormat(format); err != nil {
				return "", b.fail("%v", err)
			}
			// Each verb prints one argument (%q and %x at most 4 bytes a
			// byte), padded to at most MaxFormatWidth.
			verbs := strings.Count(format, "%")
			largest := 0
			for _, a := range args {
				largest = max(largest, size(a))
			}
			if err := b.afford(len(format) + verbs*(MaxFormatWidth+32+4*largest)); err != nil {
				return "", err
			}
			return counted(fmt.Sprintf(format, args...))
		},
		"print": func(args ...any) (string, error) {
			if err := b.afford(sizes(args)); err != nil {
				return "", err
			}
			return counted(fmt.Sprint(args...))
		},
		"println": func(args ...any) (string, error) {
			if err := b.afford(sizes(args)); err != nil {
				return "", err
			}
			return counted(fmt.Sprintln(args...))
		},
		"html":     escaper(template.HTMLEscaper),
		"js":       escaper(template.JSEscaper),
		"urlquery": escaper(template.URLQueryEscaper),
		"lower":    text(strings.ToLower),
		"upper":    text(strings.ToUpper),
		"trim":     text(strings.TrimSpace),
	}
}

// checkFormat refuses a printf format with a width or precision over
// MaxFormatWidth, or taken from an argument ("*"), whose size fmt would
// allocate at once.
func checkFormat(format string) error {
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
	verb:
		for i++; i < len(format); i++ {
			c := format[i]
			switch {
			case c == '*':
				return fmt.Errorf("printf %q: a width or precision from an argument (*) is not supported in templates; write the number", format)
			case c >= '0' && c <= '9':
				n, j := 0, i
				for j < len(format) && format[j] >= '0' && format[j] <= '9' {
					n = min(n*10+int(format[j]-'0'), math.MaxInt32)
					j++
				}
				if n > MaxFormatWidth && (i == 0 || format[i-1] != '[') {
					return fmt.Errorf("printf %q: width or precision %d is over the limit of %d", format, n, MaxFormatWidth)
				}
				i = j - 1
			case strings.IndexByte("+-# .[]", c) >= 0:
			default:
				break verb // c is the verb, or %%
			}
		}
	}
	return nil
}

// execLocation finds "template: NAME:LINE:" in a text/template execution
// error, the place of the function call that failed.
var execLocation = regexp.MustCompile(`^template: ([^:]+):(\d+):`)
