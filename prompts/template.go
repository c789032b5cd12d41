package prompts

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"text/template"
	"text/template/parse"

	"github.com/speedgrapher/speedgrapher/internal/typo"
)

// Argument is one argument a prompt template declares in its front matter.
type Argument struct {
	Name        string
	Title       string
	Description string
	Required    bool
	Default     string
	Values      []string // a closed set: other values are refused; empty means any value
	Complete    string   // "files", "languages" or empty: where completion looks
}

// Template is a parsed, validated prompt template, ready to render.
type Template struct {
	Name        string
	Title       string
	Description string
	Arguments   []Argument
	File        string   // where it came from: a source label joined with its path
	Overrides   []string // File of each template of the same name it replaced, earliest first
	Source      string   // the file's text as loaded, for authors and agents to read
	Origin      string   // the Kind of the source it came from, such as "project directory"
	Format      Format   // the format of its file: a speedgrapher template or an imported command

	set      *template.Template // the body's sections and every partial; executed on a clone
	nameLine int                // the line that names the template, for messages
	sections []section
}

// Message is one turn of a rendered prompt.
type Message struct {
	Role     string    // "user" or "assistant"
	Text     string    // empty when Resource is set
	Resource *Resource // an embedded resource (a draft), or nil
}

// Resource is a file embedded in a message.
type Resource struct {
	URI      string
	MIMEType string
	Text     string
}

// section is one message of the body: a role and the name of its template in set.
type section struct {
	role string
	name string
}

var (
	argumentName = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)
	commandName  = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]*(:[a-z0-9][a-z0-9_-]*)*$`)
	// parseError matches text/template's parse errors: "template: name:line: message".
	parseError = regexp.MustCompile(`(?s)^template: [^:]*:(\d+): (.*)$`)
)

// Marker lines that start a message of the given role.
var markers = map[string]string{
	"<!-- user -->":      "user",
	"<!-- assistant -->": "assistant",
}

// rootName names the otherwise unused root of a template's set.
const rootName = "·root"

// partial is a parsed "_name.md" file, shared by the sets of all templates.
type partial struct {
	name string
	file string
	tmpl *template.Template
	text string // the file's text, for line numbers
}

// parseTemplate parses and validates one template file. name is the name
// derived from the file's path; front matter may replace it. The template is
// nil when any diagnostic is an error.
func parseTemplate(file, name string, data []byte, partials []*partial) (*Template, []Diagnostic) {
	var diags []Diagnostic
	more, moreErrors := 0, false // diagnostics past MaxDiagnostics
	add := func(line int, warning bool, format string, args ...any) {
		if len(diags) == MaxDiagnostics {
			more++
			moreErrors = moreErrors || !warning
			return
		}
		diags = append(diags, Diagnostic{File: file, Line: line, Message: fmt.Sprintf(format, args...), Warning: warning})
	}
	yamlText, yamlLine, body, bodyLine, lerr := splitFile(data)
	if lerr != nil {
		add(lerr.line, false, "%s", lerr.msg)
		return nil, diags
	}
	fm, errs := parseFrontMatter(yamlText, yamlLine)
	for _, e := range errs {
		add(e.line, false, "%s", e.msg)
	}
	if fm == nil {
		return nil, diags
	}

	t := &Template{Name: name, Title: fm.title, Description: fm.description, File: file, Source: string(data)}
	nameLine := 1
	if fm.nameLine > 0 {
		nameLine = fm.nameLine
		if fm.name == "" {
			add(nameLine, false, "name is empty; write the command name or remove the line to use the file name")
		} else {
			t.Name = fm.name
		}
	}
	t.nameLine = nameLine
	if t.Name != "" && !commandName.MatchString(t.Name) {
		add(nameLine, false, "template name %q cannot be typed as a slash command; use lower-case letters, digits, \"-\" and \"_\" (a folder adds a \"folder:\" prefix)", t.Name)
	}

	declared := map[string]bool{}
	var names []string
	for _, a := range fm.arguments {
		t.Arguments = append(t.Arguments, a.Argument)
		if a.Name == "" {
			continue // reported by the front matter parser
		}
		if declared[a.Name] {
			add(a.nameLine, false, "duplicate argument %q; give each argument its own name", a.Name)
		}
		if !declared[a.Name] {
			names = append(names, a.Name)
		}
		declared[a.Name] = true
		if !argumentName.MatchString(a.Name) {
			add(a.nameLine, false, "argument name %q must start with a lower-case letter and hold only lower-case letters, digits and \"_\"", a.Name)
		}
		if a.Required && a.Default != "" {
			add(a.defaultLine, false, "argument %q is required and has a default; remove one of them", a.Name)
		}
		if a.Default != "" && len(a.Values) > 0 && !slices.Contains(a.Values, a.Default) {
			add(a.defaultLine, false, "default %q of argument %q is not one of its values: %s", a.Default, a.Name, strings.Join(a.Values, ", "))
		}
		switch a.Complete {
		case "", "files", "languages":
		default:
			add(a.completeLine, false, "complete %q of argument %q is unknown; use \"files\" or \"languages\"", a.Complete, a.Name)
		}
		if a.Complete != "" && len(a.Values) > 0 {
			add(a.completeLine, true, "argument %q has values, which completion offers; complete %q is ignored", a.Name, a.Complete)
		}
	}

	if lerr := checkBodyShape(body, bodyLine); lerr != nil {
		add(lerr.line, false, "%s", lerr.msg)
		return nil, diags
	}
	lines := newLineIndex()
	for _, p := range partials {
		lines.texts[p.name] = p.text
	}
	if set, sections, ok := parseBody(body, bodyLine, partials, lines, func(line int, msg string) { add(line, false, "%s", msg) }); ok {
		t.set, t.sections = set, sections
		c := &checker{set: set, sections: map[string]bool{}, declared: declared, names: names, used: map[string]bool{}, seen: map[string]bool{}, add: add, lines: lines}
		for _, s := range sections {
			c.sections[s.name] = true
		}
		for _, s := range sections {
			tree := set.Lookup(s.name).Tree
			c.walk(tree, tree.Root, 0, "")
		}
		checkLoops(set, sections, add)
		shared := map[*parse.Tree]bool{}
		for _, p := range partials {
			for _, d := range p.tmpl.Templates() {
				shared[d.Tree] = true
			}
		}
		for _, d := range set.Templates() {
			if !shared[d.Tree] {
				instrument(d.Tree, file, lines)
			}
		}
		for _, a := range fm.arguments {
			if a.Name != "" && !c.used[a.Name] {
				add(a.nameLine, true, "argument %q is declared but the body never uses it; use {{ .%s }} or remove the argument", a.Name, a.Name)
			}
		}
	}

	slices.SortStableFunc(diags, func(a, b Diagnostic) int { return a.Line - b.Line })
	if more > 0 {
		diags = append(diags, Diagnostic{File: file, Warning: !moreErrors,
			Message: fmt.Sprintf("%d more problems not shown; fix these first", more)})
	}
	for _, d := range diags {
		if !d.Warning {
			return nil, diags
		}
	}
	return t, diags
}

// parseBody splits the body into messages at marker lines and parses each as
// its own template in one set, with the partials, so that define and
// template work across them. Each section's text is padded with newlines so
// that text/template's line numbers are file lines.
func parseBody(body string, firstLine int, partials []*partial, lines *lineIndex, report func(line int, msg string)) (*template.Template, []section, bool) {
	set := template.New(rootName).Funcs(parseFuncs).Option("missingkey=error")
	for _, p := range partials {
		for _, d := range p.tmpl.Templates() {
			if d.Tree != nil {
				if _, err := set.AddParseTree(d.Name(), d.Tree); err != nil {
					report(firstLine, fmt.Sprintf("add partial %q: %v", p.name, err))
					return nil, nil, false
				}
			}
		}
	}
	var sections []section
	role, start := "user", firstLine
	var text strings.Builder
	// Each section is padded with its start line's newlines, so many of
	// them would take memory quadratic in the file's size.
	tooMany := false
	flush := func() bool {
		if len(sections) == MaxMessages {
			report(start-1, fmt.Sprintf("more than %d messages; merge some turns", MaxMessages))
			tooMany = true
			return false
		}
		name := "message " + strconv.Itoa(len(sections)+1)
		src := strings.Repeat("\n", start-1) + text.String()
		lines.texts[name] = src
		if _, err := set.New(name).Parse(src); err != nil {
			line, msg := start, err.Error()
			if m := parseError.FindStringSubmatch(msg); m != nil {
				line, _ = strconv.Atoi(m[1])
				msg = m[2]
			}
			report(line, "body: "+msg)
			return false
		}
		sections = append(sections, section{role: role, name: name})
		return true
	}
	ok := true
	lineNo := firstLine
	for l := range strings.SplitAfterSeq(body, "\n") {
		if r, isMarker := markers[strings.TrimSpace(l)]; isMarker {
			if ok = flush() && ok; tooMany {
				return nil, nil, false
			}
			role, start = r, lineNo+1
			text.Reset()
		} else {
			text.WriteString(l)
		}
		lineNo++
	}
	ok = flush() && ok
	return set, sections, ok
}

// checker walks a body's parse trees for fields that are not declared
// arguments, following template calls into defines and partials.
type checker struct {
	set      *template.Template
	sections map[string]bool // section names: trees whose lines are lines of this file
	declared map[string]bool
	names    []string // declared argument names, in order
	used     map[string]bool
	seen     map[string]bool // templates already walked through a template call
	add      func(line int, warning bool, format string, args ...any)
	lines    *lineIndex
}

// walk visits n in tree. Inside a partial, callLine is the line in this file
// of the template call that led there, and via the partial's name.
func (c *checker) walk(tree *parse.Tree, n parse.Node, callLine int, via string) {
	switch n := n.(type) {
	case *parse.ListNode:
		if n != nil {
			for _, child := range n.Nodes {
				c.walk(tree, child, callLine, via)
			}
		}
	case *parse.ActionNode:
		c.walk(tree, n.Pipe, callLine, via)
	case *parse.PipeNode:
		if n != nil {
			for _, cmd := range n.Cmds {
				c.walk(tree, cmd, callLine, via)
			}
		}
	case *parse.CommandNode:
		c.guidelineName(tree, n, callLine)
		for _, arg := range n.Args {
			c.walk(tree, arg, callLine, via)
		}
	case *parse.ChainNode:
		c.walk(tree, n.Node, callLine, via)
	case *parse.FieldNode:
		c.field(tree, n, n.Ident[0], callLine, via)
	case *parse.VariableNode:
		if n.Ident[0] == "$" && len(n.Ident) > 1 {
			c.field(tree, n, n.Ident[1], callLine, via)
		}
	case *parse.IfNode:
		c.branch(tree, &n.BranchNode, callLine, via)
	case *parse.RangeNode:
		c.branch(tree, &n.BranchNode, callLine, via)
	case *parse.WithNode:
		c.branch(tree, &n.BranchNode, callLine, via)
	case *parse.TemplateNode:
		c.walk(tree, n.Pipe, callLine, via)
		target := c.set.Lookup(n.Name)
		if target == nil || target.Tree == nil {
			c.unknownTemplate(tree, n, callLine)
			return
		}
		if c.seen[n.Name] {
			return
		}
		c.seen[n.Name] = true
		if callLine == 0 && !c.sections[target.Tree.ParseName] {
			callLine, via = c.lines.line(tree, n), n.Name
		}
		c.walk(target.Tree, target.Tree.Root, callLine, via)
	}
}

// unknownTemplate reports {{ template "x" }} with no partial or define of
// that name, which would otherwise fail only when the command is used.
func (c *checker) unknownTemplate(tree *parse.Tree, n *parse.TemplateNode, callLine int) {
	key := "template\x00" + n.Name
	if c.seen[key] {
		return
	}
	c.seen[key] = true
	var names []string
	for _, t := range c.set.Templates() {
		if t.Tree != nil && !c.sections[t.Name()] {
			names = append(names, t.Name())
		}
	}
	slices.Sort(names)
	hint := "add " + n.Name + ".md as a partial beside the templates, or fix the name"
	if near := typo.Closest(n.Name, names); near != "" {
		hint = fmt.Sprintf("did you mean %q?", near)
	} else if len(names) > 0 {
		hint += "; the partials are: " + strings.Join(names, ", ")
	}
	line := callLine
	if line == 0 {
		line = c.lines.line(tree, n)
	}
	c.add(line, false, "no partial or template %q; %s", n.Name, hint)
}

// guidelineName reports {{ guideline "x" }} with a name no guideline has,
// which would otherwise fail only when the command is used.
func (c *checker) guidelineName(tree *parse.Tree, n *parse.CommandNode, callLine int) {
	if len(n.Args) != 2 {
		return
	}
	fn, ok := n.Args[0].(*parse.IdentifierNode)
	name, isString := n.Args[1].(*parse.StringNode)
	if !ok || fn.Ident != "guideline" || !isString || slices.Contains(Guidelines, name.Text) {
		return
	}
	line := callLine
	if line == 0 {
		line = c.lines.line(tree, n)
	}
	c.add(line, false, "unknown guideline %q; use one of: %s", name.Text, strings.Join(Guidelines, ", "))
}

func (c *checker) branch(tree *parse.Tree, b *parse.BranchNode, callLine int, via string) {
	c.walk(tree, b.Pipe, callLine, via)
	c.walk(tree, b.List, callLine, via)
	c.walk(tree, b.ElseList, callLine, via)
}

func (c *checker) field(tree *parse.Tree, n parse.Node, name string, callLine int, via string) {
	if c.declared[name] {
		c.used[name] = true
		return
	}
	key := name + "\x00" + via
	if c.seen[key] {
		return
	}
	c.seen[key] = true
	if via != "" {
		c.add(callLine, false, "partial %q uses .%s, which is not an argument of this template; %s", via, name, c.takes())
		return
	}
	c.add(c.lines.line(tree, n), false, ".%s is not an argument of this template; %s", name, c.takes())
}

// takes tells the author what to do about an undeclared field.
func (c *checker) takes() string {
	if len(c.names) == 0 {
		return "declare it under arguments (the template declares none)"
	}
	return "declare it under arguments or use one of: " + strings.Join(c.names, ", ")
}

// lineIndex finds the line of a node in its tree's text, which for
// sections is the file line. text/template's own ErrorContext counts the
// newlines from the start of the text for every node it is asked about,
// which is quadratic in a file with a problem on every line.
type lineIndex struct {
	texts    map[string]string // by parse name: a section's or partial's text
	newlines map[string][]int  // offsets of the newlines of each text, once asked
}

func newLineIndex() *lineIndex {
	return &lineIndex{texts: map[string]string{}, newlines: map[string][]int{}}
}

func (li *lineIndex) line(tree *parse.Tree, n parse.Node) int {
	text, ok := li.texts[tree.ParseName]
	if !ok {
		return nodeLine(tree, n)
	}
	offsets, ok := li.newlines[tree.ParseName]
	if !ok {
		for i := 0; i < len(text); i++ {
			if text[i] == '\n' {
				offsets = append(offsets, i)
			}
		}
		li.newlines[tree.ParseName] = offsets
	}
	return 1 + sort.SearchInts(offsets, int(n.Position()))
}

// nodeLine is the line of n in its tree's text, counted by text/template.
func nodeLine(tree *parse.Tree, n parse.Node) int {
	loc, _ := tree.ErrorContext(n)
	parts := strings.Split(loc, ":")
	if len(parts) >= 3 {
		if l, err := strconv.Atoi(parts[len(parts)-2]); err == nil {
			return l
		}
	}
	return 0
}

// ValidName reports whether name can be a command name: typable as a slash
// command, with ":" between a folder prefix and the rest ("git:commit").
func ValidName(name string) bool { return commandName.MatchString(name) }
