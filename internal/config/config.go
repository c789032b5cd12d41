// Package config reads a writer's settings for the style and structure
// checks: the workspace file .speedgrapher.yaml and the "speedgrapher" key of
// a draft's front matter, which overrides it for that draft.
//
// The format, in both places:
//
//	rules:
//	  passive-voice: off        # off / on, or a severity:
//	  weasel-word: error        # error, warning or suggestion
//	accept:                     # words and phrases never flagged
//	  - Kubernetes
//	  - sanity check
//	kind: reference             # article, changelog or reference
//	styles: [Google]            # house styles (Vale's format) that run
//	styles_path: styles         # where they are, from the workspace root
//
// kind says what sort of document the drafts are (see lint.DocKind). For one
// draft, its front matter's kind (under "speedgrapher" or at the top level)
// wins, then its file name (CHANGELOG.md is a changelog), then the workspace
// file.
//
// A file that does not parse, an unknown key, an unknown rule or a value
// that is not one of the above is an *Error naming the file and the line.
package config

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"

	"github.com/speedgrapher/speedgrapher/internal/lint"
	"github.com/speedgrapher/speedgrapher/internal/markdown"
	"github.com/speedgrapher/speedgrapher/internal/style"
	"github.com/speedgrapher/speedgrapher/internal/typo"
	"github.com/speedgrapher/speedgrapher/internal/workspace"
)

// FileName is the workspace configuration file, at the top of the workspace.
const FileName = ".speedgrapher.yaml"

// FrontMatterKey is the front matter key that holds a draft's overrides.
const FrontMatterKey = "speedgrapher"

// Config is a writer's settings. The zero value changes nothing.
type Config struct {
	// Rules maps rule IDs to their setting.
	Rules map[string]Setting
	// Accept lists words and phrases that are never flagged.
	Accept []string
	// Kind is what sort of document the drafts are; "" says nothing.
	Kind lint.DocKind
	// Styles names house styles to run and StylesPath says where they are
	// (see LoadHouse); a .vale.ini can name them instead.
	Styles     []string
	StylesPath string
	// House is the loaded house styles, set by LoadHouse; nil for none.
	House *style.House
	// HouseDir is the directory section globs are relative to.
	HouseDir string
}

// Setting turns a rule off or sets its severity.
type Setting struct {
	Off bool
	// Severity overrides the rule's default; 0 keeps it.
	Severity lint.Severity
}

// Error is a problem in a configuration, at a line of a file.
type Error struct {
	File string
	Line int
	Msg  string
}

func (e *Error) Error() string { return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg) }

// Parse reads a .speedgrapher.yaml file; name is the file's name for errors.
func Parse(name string, data []byte) (*Config, error) {
	return parseYAML(name, data, 0, "")
}

// Load reads FileName through read (a workspace's ReadFile, say). A missing
// file is no configuration, not an error.
func Load(read func(path string) ([]byte, error)) (*Config, error) {
	data, err := read(FileName)
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, workspace.ErrNotFound) {
		return &Config{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", FileName, err)
	}
	return Parse(FileName, data)
}

// FromFrontMatter reads the overrides under the "speedgrapher" key of a
// draft's front matter; name is the draft's name for errors. A draft
// without the key, or whose front matter does not parse, has none.
func FromFrontMatter(name string, fm markdown.FrontMatter) (*Config, error) {
	// Front matter past a limit is an error, not a draft without overrides.
	var le *markdown.LimitError
	if errors.As(fm.Err, &le) {
		return nil, &Error{name, le.Line, "front matter: " + le.Msg}
	}
	if fm.Err != nil || fm.Fields == nil {
		return &Config{}, nil
	}
	v, ok := fm.Fields[FrontMatterKey]
	if !ok {
		return &Config{}, nil
	}
	if fm.Format == "yaml" {
		return parseYAML(name, []byte(fm.Raw), fm.Line-1, FrontMatterKey)
	}
	// TOML: re-encode the table as YAML and read that; errors point at the
	// front matter's first line.
	data, err := yaml.Marshal(v)
	if err != nil {
		return nil, &Error{name, fm.Line, fmt.Sprintf("front matter %q: %v", FrontMatterKey, err)}
	}
	c, err := parseYAML(name, data, 0, "")
	var ce *Error
	if errors.As(err, &ce) {
		ce.Line = fm.Line
		ce.Msg = fmt.Sprintf("front matter %q: %s", FrontMatterKey, ce.Msg)
	}
	return c, err
}

// Merge returns c with over applied: over's rule settings and kind replace
// c's, and accepted words add up. Either may be nil.
func (c *Config) Merge(over *Config) *Config {
	out := &Config{Rules: map[string]Setting{}}
	for _, x := range []*Config{c, over} {
		if x == nil {
			continue
		}
		maps.Copy(out.Rules, x.Rules)
		out.Accept = append(out.Accept, x.Accept...)
		if x.Kind != "" {
			out.Kind = x.Kind
		}
		if x.House != nil {
			out.House, out.HouseDir = x.House, x.HouseDir
		}
	}
	return out
}

// Options returns lint options that apply c.
func (c *Config) Options() lint.Options {
	var o lint.Options
	if c == nil {
		return o
	}
	for _, id := range slices.Sorted(maps.Keys(c.Rules)) {
		s := c.Rules[id]
		switch {
		case s.Off:
			o.Disable = append(o.Disable, id)
		case s.Severity != 0:
			if o.Severity == nil {
				o.Severity = map[string]lint.Severity{}
			}
			o.Severity[id] = s.Severity
		}
	}
	o.Accept = slices.Clone(c.Accept)
	o.DocKind = c.Kind
	return o
}

// parseYAML reads the configuration in data, or under key when key is not
// empty; lines in errors are shifted by offset.
func parseYAML(name string, data []byte, offset int, key string) (*Config, error) {
	d := decoder{file: name, offset: offset}
	// The YAML parser takes minutes and gigabytes on data nested thousands
	// deep: check the limits on front matter first.
	var le *markdown.LimitError
	if err := markdown.CheckYAML(data, 1); errors.As(err, &le) {
		return nil, d.errorf(le.Line, "%s", le.Msg)
	}
	f, err := parser.ParseBytes(data, 0)
	if err != nil {
		var ye yaml.Error
		if errors.As(err, &ye) && ye.GetToken() != nil {
			return nil, d.errorf(ye.GetToken().Position.Line, "%s; fix the YAML syntax", ye.GetMessage())
		}
		return nil, &Error{name, offset + 1, fmt.Sprintf("%v; fix the YAML syntax", err)}
	}
	c := &Config{}
	if len(f.Docs) == 0 || f.Docs[0].Body == nil {
		return c, nil
	}
	body := f.Docs[0].Body
	if key != "" {
		entries, ok := mapping(body)
		if !ok {
			return c, nil
		}
		body = nil
		for _, e := range entries {
			if keyOf(e) == key {
				body = e.Value
			}
		}
		if body == nil {
			return c, nil
		}
	}
	if err := d.config(body, c); err != nil {
		return nil, err
	}
	return c, nil
}

type decoder struct {
	file   string
	offset int
}

func (d *decoder) errorf(line int, format string, args ...any) error {
	return &Error{d.file, d.offset + line, fmt.Sprintf(format, args...)}
}

func line(n ast.Node) int {
	if t := n.GetToken(); t != nil && t.Position != nil {
		return t.Position.Line
	}
	return 1
}

func (d *decoder) config(n ast.Node, c *Config) error {
	if isNull(n) {
		return nil
	}
	entries, ok := mapping(n)
	if !ok {
		return d.errorf(line(n), "the configuration must be a mapping with the keys rules, accept, kind, styles and styles_path")
	}
	for _, e := range entries {
		switch k := keyOf(e); k {
		case "rules":
			rules, err := d.rules(e.Value)
			if err != nil {
				return err
			}
			c.Rules = rules
		case "accept":
			words, err := d.words(e.Value)
			if err != nil {
				return err
			}
			c.Accept = words
		case "kind":
			v := scalar(e.Value)
			kind, err := lint.ParseDocKind(v)
			if err != nil {
				return d.errorf(line(e.Value), "kind %q is not a kind of document; use article, changelog or reference", v)
			}
			c.Kind = kind
		case "styles":
			names, err := d.words(e.Value)
			if err != nil {
				return d.errorf(line(e.Value), "styles must be a list of style names, such as [Google]")
			}
			c.Styles = names
		case "styles_path":
			c.StylesPath = scalar(e.Value)
			if c.StylesPath == "" {
				return d.errorf(line(e.Value), "styles_path must be a folder, such as styles")
			}
		default:
			msg := fmt.Sprintf("unknown key %q; use rules, accept, kind, styles or styles_path", k)
			if near := typo.Closest(k, []string{"rules", "accept", "kind", "styles", "styles_path"}); near != "" {
				msg = fmt.Sprintf("unknown key %q; did you mean %q? The keys are rules, accept, kind, styles and styles_path", k, near)
			}
			return d.errorf(line(e.Key), "%s", msg)
		}
	}
	return nil
}

func (d *decoder) rules(n ast.Node) (map[string]Setting, error) {
	out := map[string]Setting{}
	if isNull(n) {
		return out, nil
	}
	entries, ok := mapping(n)
	if !ok {
		return nil, d.errorf(line(n), "rules must map rule names to off, on, error, warning or suggestion")
	}
	for _, e := range entries {
		id := keyOf(e)
		if _, ok := lint.Lookup(id); !ok {
			if near := typo.Closest(id, lint.IDs(0)); near != "" {
				return nil, d.errorf(line(e.Key), "unknown rule %q; did you mean %q?", id, near)
			}
			return nil, d.errorf(line(e.Key), "unknown rule %q; the rules are %s", id, strings.Join(lint.IDs(0), ", "))
		}
		v := scalar(e.Value)
		var s Setting
		switch strings.ToLower(v) {
		case "off", "false", "no":
			s.Off = true
		case "on", "true", "yes":
		default:
			sev, err := lint.ParseSeverity(strings.ToLower(v))
			if err != nil {
				return nil, d.errorf(line(e.Value), "rule %s: %q is not a setting; use off, on, error, warning or suggestion", id, v)
			}
			s.Severity = sev
		}
		out[id] = s
	}
	return out, nil
}

func (d *decoder) words(n ast.Node) ([]string, error) {
	if isNull(n) {
		return nil, nil
	}
	seq, ok := n.(*ast.SequenceNode)
	if !ok {
		if v := scalar(n); v != "" {
			return []string{v}, nil
		}
		return nil, d.errorf(line(n), "accept must be a list of words and phrases")
	}
	var out []string
	for _, v := range seq.Values {
		w := scalar(v)
		if w == "" {
			return nil, d.errorf(line(v), "accept must list words and phrases, not nested lists or maps")
		}
		out = append(out, w)
	}
	return out, nil
}

// mapping returns the entries of a mapping node.
func mapping(n ast.Node) ([]*ast.MappingValueNode, bool) {
	switch m := n.(type) {
	case *ast.MappingNode:
		return m.Values, true
	case *ast.MappingValueNode:
		return []*ast.MappingValueNode{m}, true
	}
	return nil, false
}

func keyOf(e *ast.MappingValueNode) string {
	if e.Key == nil || e.Key.GetToken() == nil {
		return ""
	}
	return e.Key.GetToken().Value
}

// scalar returns the text of a scalar node, "" for anything else.
func scalar(n ast.Node) string {
	switch n.(type) {
	case *ast.StringNode, *ast.BoolNode, *ast.IntegerNode, *ast.FloatNode, *ast.LiteralNode:
		return strings.TrimSpace(n.GetToken().Value)
	}
	return ""
}

func isNull(n ast.Node) bool {
	switch n.(type) {
	case nil, *ast.NullNode, *ast.CommentGroupNode:
		return true
	}
	return false
}

// ForDraft returns the lint options for one draft: the workspace
// configuration base (nil for none) with the draft's front matter overrides
// applied; name is the draft's path, for errors and for its kind. The kind
// comes from the front matter ("speedgrapher: {kind: …}", else a top-level
// "kind" that names one), else from the file name (lint.DocKindFromPath),
// else from base.
func ForDraft(base *Config, name string, doc *markdown.Document) (lint.Options, error) {
	over, err := FromFrontMatter(name, doc.FrontMatter)
	if err != nil {
		return lint.Options{}, err
	}
	opts := base.Merge(over).Options()
	if base != nil && base.House != nil {
		applyHouse(&opts, base.House, houseName(base.HouseDir, name))
	}
	switch {
	case over.Kind != "":
	case lint.FrontMatterKind(doc.FrontMatter) != "":
		opts.DocKind = lint.FrontMatterKind(doc.FrontMatter)
	case lint.DocKindFromPath(name) != "":
		opts.DocKind = lint.DocKindFromPath(name)
	}
	return opts, nil
}
