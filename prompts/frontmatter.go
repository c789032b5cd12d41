package prompts

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"

	"github.com/speedgrapher/speedgrapher/internal/typo"
)

// Keys a template's front matter may hold, in the order the format documents them.
var (
	templateKeys = []string{"name", "title", "description", "arguments"}
	argumentKeys = []string{"name", "title", "description", "required", "default", "values", "complete"}
)

// yamlPosition finds "[line:column]" in goccy/go-yaml messages, which count
// lines from the start of the front matter, not of the file.
var yamlPosition = regexp.MustCompile(`(?:at )?\[(\d+):\d+\]`)

// frontMatter is the parsed front matter, with the file lines that
// diagnostics need.
type frontMatter struct {
	name, title, description string
	nameLine                 int // 0 when the file does not set a name
	arguments                []argumentMeta
}

type argumentMeta struct {
	Argument
	line         int // the argument's first line
	nameLine     int
	defaultLine  int
	completeLine int
}

// splitFile separates the front matter from the body. It returns the front
// matter text, the body, and the file line each starts on. A byte order mark
// is dropped and CRLF line ends become LF; neither changes line numbers.
func splitFile(data []byte) (yamlText string, yamlLine int, body string, bodyLine int, err *lineError) {
	text := strings.TrimPrefix(string(data), "\uFEFF")
	text = strings.ReplaceAll(text, "\r\n", "\n")
	lines := strings.SplitAfter(text, "\n")
	if len(lines) == 0 || strings.TrimRight(lines[0], " \t\n") != "---" {
		return "", 0, "", 0, &lineError{1, `missing front matter; start the file with a "---" line, then the description and arguments, then another "---" line`}
	}
	for i := 1; i < len(lines); i++ {
		if strings.TrimRight(lines[i], " \t\n") == "---" {
			return strings.Join(lines[1:i], ""), 2, strings.Join(lines[i+1:], ""), i + 2, nil
		}
	}
	return "", 0, "", 0, &lineError{1, `front matter is not closed; end it with a "---" line before the body`}
}

// lineError is a problem at a file line, before it is tied to a file name.
type lineError struct {
	line int
	msg  string
}

// parseFrontMatter decodes the front matter text, which starts on file line
// first. Every problem is reported; fm is nil only when the YAML is unreadable.
func parseFrontMatter(text string, first int) (*frontMatter, []lineError) {
	shift := first - 1 // YAML line n is file line n+shift
	if lerr := checkFrontMatterShape(text, first); lerr != nil {
		return nil, []lineError{*lerr}
	}
	f, err := parser.ParseBytes([]byte(text), 0)
	if err != nil {
		return nil, []lineError{yamlError(err, shift)}
	}
	p := &fmParser{shift: shift}
	fm := &frontMatter{}
	if len(f.Docs) > 1 {
		p.errorf(f.Docs[1].GetToken().Position.Line, "front matter holds more than one YAML document; keep one")
	}
	var body ast.Node
	if len(f.Docs) > 0 {
		body = unwrap(f.Docs[0].Body)
	}
	switch body := body.(type) {
	case nil:
	case *ast.MappingNode:
		p.template(fm, body)
	default:
		p.errorf(body.GetToken().Position.Line, "front matter must be a list of \"key: value\" lines (%s)", strings.Join(templateKeys, ", "))
	}
	if fm.description == "" && !p.hasDescription {
		p.errs = append(p.errs, lineError{first - 1, "missing description; add a \"description:\" line saying what the command does"})
	}
	return fm, p.errs
}

func yamlError(err error, shift int) lineError {
	var ye yaml.Error
	if errors.As(err, &ye) && ye.GetToken() != nil {
		msg := yamlPosition.ReplaceAllStringFunc(ye.GetMessage(), func(m string) string {
			n, _ := strconv.Atoi(yamlPosition.FindStringSubmatch(m)[1])
			return "on line " + strconv.Itoa(n+shift)
		})
		return lineError{max(ye.GetToken().Position.Line+shift, 1), "front matter: " + msg}
	}
	return lineError{1 + shift, "front matter: " + err.Error()}
}

type fmParser struct {
	shift          int
	errs           []lineError
	hasDescription bool // description key present, even if empty (reported once)
}

func (p *fmParser) errorf(yamlLine int, format string, args ...any) {
	p.errs = append(p.errs, lineError{max(yamlLine+p.shift, 1), fmt.Sprintf(format, args...)})
}

func line(n ast.Node) int { return n.GetToken().Position.Line }

// unwrap looks through anchors and comments to the value they hold.
func unwrap(n ast.Node) ast.Node {
	for {
		switch v := n.(type) {
		case *ast.AnchorNode:
			n = v.Value
		case *ast.CommentGroupNode:
			return nil
		default:
			return n
		}
	}
}

func (p *fmParser) template(fm *frontMatter, m *ast.MappingNode) {
	for _, kv := range m.Values {
		key, ok := p.key(kv, templateKeys, "")
		if !ok {
			continue
		}
		switch key {
		case "name":
			fm.name, _ = p.text(kv, key)
			fm.nameLine = line(kv.Key) + p.shift
		case "title":
			fm.title, _ = p.text(kv, key)
		case "description":
			p.hasDescription = true
			var ok bool
			fm.description, ok = p.text(kv, key)
			if ok && fm.description == "" {
				p.errorf(line(kv.Key), "missing description; say what the command does after \"description:\"")
			}
		case "arguments":
			p.arguments(fm, kv)
		}
	}
}

func (p *fmParser) arguments(fm *frontMatter, kv *ast.MappingValueNode) {
	switch v := unwrap(kv.Value).(type) {
	case nil, *ast.NullNode:
	case *ast.SequenceNode:
		for _, item := range v.Values {
			m, ok := unwrap(item).(*ast.MappingNode)
			if !ok {
				p.errorf(line(item), "each argument must be \"key: value\" lines starting with \"- name:\"")
				continue
			}
			fm.arguments = append(fm.arguments, p.argument(m))
		}
	default:
		p.errorf(line(kv.Key), "arguments must be a list, each item starting with \"- name:\"")
	}
}

func (p *fmParser) argument(m *ast.MappingNode) argumentMeta {
	a := argumentMeta{line: line(m) + p.shift}
	if len(m.Values) > 0 {
		a.line = line(m.Values[0].Key) + p.shift
	}
	hasName, hasDescription := false, false
	for _, kv := range m.Values {
		key, ok := p.key(kv, argumentKeys, "argument ")
		if !ok {
			continue
		}
		at := line(kv.Key) + p.shift
		switch key {
		case "name":
			hasName = true
			a.Name, _ = p.text(kv, key)
			a.nameLine = at
		case "title":
			a.Title, _ = p.text(kv, key)
		case "description":
			hasDescription = true
			a.Description, _ = p.text(kv, key)
		case "required":
			a.Required = p.boolean(kv, key)
		case "default":
			a.Default, _ = p.text(kv, key)
			a.defaultLine = at
		case "values":
			a.Values = p.list(kv, key)
		case "complete":
			a.Complete, _ = p.text(kv, key)
			a.completeLine = at
		}
	}
	label := "argument"
	if a.Name != "" {
		label = fmt.Sprintf("argument %q", a.Name)
	}
	if !hasName || a.Name == "" {
		p.errs = append(p.errs, lineError{a.line, "argument without a name; add \"name:\" with a lower-case identifier such as \"path\""})
		a.nameLine = a.line
	}
	if !hasDescription || a.Description == "" {
		p.errs = append(p.errs, lineError{a.line, label + ": missing description; say what the writer should pass"})
	}
	return a
}

// key checks a mapping key against the valid ones, suggesting the closest.
func (p *fmParser) key(kv *ast.MappingValueNode, valid []string, what string) (string, bool) {
	k, ok := unwrap(kv.Key).(*ast.StringNode)
	var name string
	if ok {
		name = k.Value
	} else {
		name = kv.Key.GetToken().Value
	}
	for _, v := range valid {
		if name == v {
			return name, true
		}
	}
	if s := closest(name, valid); s != "" {
		p.errorf(line(kv.Key), "unknown %skey %q; did you mean %q?", what, name, s)
	} else {
		p.errorf(line(kv.Key), "unknown %skey %q; use one of: %s", what, name, strings.Join(valid, ", "))
	}
	return "", false
}

// text reads a scalar as text; numbers and booleans keep their spelling.
func (p *fmParser) text(kv *ast.MappingValueNode, key string) (string, bool) {
	s, ok := scalar(kv.Value)
	if !ok {
		p.errorf(line(kv.Key), "%s must be text, not a list or a mapping", key)
	}
	return s, ok
}

func scalar(n ast.Node) (string, bool) {
	switch v := unwrap(n).(type) {
	case nil, *ast.NullNode:
		return "", true
	case *ast.StringNode:
		return strings.TrimSpace(v.Value), true
	case *ast.LiteralNode:
		return strings.TrimSpace(v.Value.Value), true
	case *ast.IntegerNode, *ast.FloatNode, *ast.BoolNode, *ast.InfinityNode, *ast.NanNode:
		return v.GetToken().Value, true
	}
	return "", false
}

func (p *fmParser) boolean(kv *ast.MappingValueNode, key string) bool {
	switch v := unwrap(kv.Value).(type) {
	case *ast.BoolNode:
		return v.Value
	case nil, *ast.NullNode:
		return false
	}
	p.errorf(line(kv.Key), "%s must be true or false", key)
	return false
}

func (p *fmParser) list(kv *ast.MappingValueNode, key string) []string {
	seq, ok := unwrap(kv.Value).(*ast.SequenceNode)
	if !ok {
		p.errorf(line(kv.Key), "%s must be a list, such as [short, long]", key)
		return nil
	}
	var out []string
	for _, item := range seq.Values {
		s, ok := scalar(item)
		if !ok || s == "" {
			p.errorf(line(item), "each of %s must be a word or short text", key)
			continue
		}
		out = append(out, s)
	}
	return out
}

// closest returns the valid word nearest to s, or "" when none is near enough
// to be a likely typo.
func closest(s string, valid []string) string {
	return typo.ClosestWithin(s, valid, len(s)/2+2)
}
