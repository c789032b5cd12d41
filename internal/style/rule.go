package style

import (
	"errors"
	"fmt"
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"

	"github.com/speedgrapher/speedgrapher/internal/lint"
	"github.com/speedgrapher/speedgrapher/internal/typo"
)

// Action is what a rule offers to do about a match: Vale's "action" key.
type Action struct {
	Name   string   `yaml:"name"`
	Params []string `yaml:"params"`
}

// Rule is one check of a style, read from its YAML file.
type Rule struct {
	// Name is Vale's check name, "Style.Rule".
	Name string
	// File is where the rule was read from, for errors and listings.
	File    string
	Extends string
	Message string
	// Level is the severity of its findings.
	Level lint.Severity
	Link  string
	// Scope is the blocks the rule reads (Vale's "scope"), default "text".
	Scope  []string
	Limit  int
	Action Action

	// kind-specific settings, as Vale names them.
	Tokens, Raw, Exceptions []string
	IgnoreCase, Nonword     bool
	Append                  bool
	Vocab                   bool // accepted vocabulary terms are exceptions
	Swap                    [][2]string
	Capitalize              bool
	Max, Min                int
	Token                   string
	Alpha                   bool
	Either                  [][2]string
	First, Second           string
	Match, Style            string
	Indicators              []string
	Threshold               float64
	Prefix                  string
	Formula, Condition      string

	check checker
	scope scopeSet
}

// Unsupported reports whether the rule's kind is read but not run.
func (r *Rule) Unsupported() bool { return unsupportedKinds[r.Extends] }

var unsupportedKinds = map[string]bool{"sequence": true, "script": true, "spelling": true}

// keys lists the keys each kind reads, besides the common ones.
var keys = map[string][]string{
	"existence":      {"tokens", "raw", "exceptions", "ignorecase", "nonword", "append", "vocab"},
	"substitution":   {"swap", "exceptions", "ignorecase", "nonword", "vocab", "capitalize", "matchcase", "pos"},
	"occurrence":     {"max", "min", "token", "ignorecase"},
	"repetition":     {"tokens", "max", "alpha", "ignorecase", "exceptions", "vocab"},
	"consistency":    {"either", "ignorecase", "nonword"},
	"conditional":    {"first", "second", "exceptions", "ignorecase", "vocab"},
	"capitalization": {"match", "style", "exceptions", "indicators", "threshold", "prefix", "vocab"},
	"metric":         {"formula", "condition"},
	"readability":    {"metrics", "grade"},
	"spelling":       {"dictionaries", "dicpath", "filters", "ignore", "custom", "append", "vocab", "ignorecase"},
	"sequence":       {"tokens", "ignorecase", "vocab"},
	"script":         {"script"},
}

var commonKeys = []string{"extends", "message", "description", "level", "scope", "link", "limit", "action", "name", "code"}

// Error is a problem in a style or vocabulary file, at a line.
type Error struct {
	File string
	Line int
	Msg  string
}

func (e *Error) Error() string { return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg) }

// ParseRule reads one rule file; name is the check name ("Google.Passive")
// and file the path shown in errors. vocab holds the accepted vocabulary
// terms that the rule's exceptions take in.
func ParseRule(name, file string, data []byte, accepted []string) (*Rule, error) {
	f, err := parser.ParseBytes(data, 0)
	if err != nil {
		var ye yaml.Error
		if errors.As(err, &ye) && ye.GetToken() != nil {
			return nil, &Error{file, ye.GetToken().Position.Line, ye.GetMessage() + "; fix the YAML syntax"}
		}
		return nil, &Error{file, 1, fmt.Sprintf("%v; fix the YAML syntax", err)}
	}
	if len(f.Docs) == 0 || f.Docs[0].Body == nil {
		return nil, &Error{file, 1, "empty rule; a rule needs at least \"extends\" and \"message\""}
	}
	var entries []*ast.MappingValueNode
	switch m := f.Docs[0].Body.(type) {
	case *ast.MappingNode:
		entries = m.Values
	case *ast.MappingValueNode:
		entries = []*ast.MappingValueNode{m}
	default:
		return nil, &Error{file, 1, "a rule must be a mapping of keys such as extends, message and tokens"}
	}
	r := &Rule{Name: name, File: file, Level: lint.Suggestion, Vocab: true}
	lines := map[string]int{}
	vals := map[string]ast.Node{}
	for _, e := range entries {
		k := ""
		if e.Key != nil && e.Key.GetToken() != nil {
			k = e.Key.GetToken().Value
		}
		lines[k] = e.Key.GetToken().Position.Line
		vals[k] = e.Value
	}
	errAt := func(key, format string, args ...any) error {
		line := lines[key]
		if line == 0 {
			line = 1
		}
		return &Error{file, line, fmt.Sprintf(format, args...)}
	}
	decode := func(key string, v any) error {
		n, ok := vals[key]
		if !ok {
			return nil
		}
		if err := yaml.NodeToValue(n, v); err != nil {
			return errAt(key, "%s: %v", key, err)
		}
		return nil
	}
	if err := decode("extends", &r.Extends); err != nil {
		return nil, err
	}
	if _, ok := vals["extends"]; !ok {
		return nil, errAt("", "missing \"extends\"; name the rule's kind: %s", strings.Join(kindNames(), ", "))
	}
	if _, ok := keys[r.Extends]; !ok {
		msg := fmt.Sprintf("unknown kind %q", r.Extends)
		if c := typo.Closest(r.Extends, kindNames()); c != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", c)
		}
		return nil, errAt("extends", "%s; the kinds are %s", msg, strings.Join(kindNames(), ", "))
	}
	allowed := append(slices.Clone(commonKeys), keys[r.Extends]...)
	for k := range vals {
		if !slices.Contains(allowed, k) {
			msg := fmt.Sprintf("unknown key %q for a %s rule", k, r.Extends)
			if c := typo.Closest(k, allowed); c != "" {
				msg += fmt.Sprintf("; did you mean %q?", c)
			}
			return nil, errAt(k, "%s", msg)
		}
	}
	var level, desc string
	var scope any
	var swap, either yaml.MapSlice
	for _, d := range []struct {
		key string
		v   any
	}{
		{"message", &r.Message}, {"description", &desc}, {"level", &level}, {"link", &r.Link},
		{"scope", &scope}, {"limit", &r.Limit}, {"action", &r.Action},
		{"tokens", &r.Tokens}, {"raw", &r.Raw}, {"exceptions", &r.Exceptions},
		{"ignorecase", &r.IgnoreCase}, {"nonword", &r.Nonword}, {"append", &r.Append}, {"vocab", &r.Vocab},
		{"swap", &swap}, {"capitalize", &r.Capitalize}, {"max", &r.Max}, {"min", &r.Min}, {"token", &r.Token},
		{"alpha", &r.Alpha}, {"either", &either}, {"first", &r.First}, {"second", &r.Second},
		{"match", &r.Match}, {"style", &r.Style}, {"indicators", &r.Indicators}, {"threshold", &r.Threshold},
		{"prefix", &r.Prefix}, {"formula", &r.Formula}, {"condition", &r.Condition},
	} {
		if err := decode(d.key, d.v); err != nil {
			return nil, err
		}
	}
	if _, ok := vals["message"]; !ok {
		return nil, errAt("", "missing \"message\"; say what is wrong, with %%s for the match")
	}
	if level != "" {
		s, err := lint.ParseSeverity(level)
		if err != nil {
			return nil, errAt("level", "level %q: use error, warning or suggestion", level)
		}
		r.Level = s
	}
	switch s := scope.(type) {
	case nil:
		r.Scope = []string{"text"}
	case string:
		r.Scope = []string{s}
	case []any:
		for _, v := range s {
			r.Scope = append(r.Scope, fmt.Sprint(v))
		}
	default:
		return nil, errAt("scope", "scope must be a name such as text, heading or sentence, or a list of them")
	}
	for _, kv := range swap {
		r.Swap = append(r.Swap, [2]string{fmt.Sprint(kv.Key), fmt.Sprint(kv.Value)})
	}
	for _, kv := range either {
		r.Either = append(r.Either, [2]string{fmt.Sprint(kv.Key), fmt.Sprint(kv.Value)})
	}
	r.scope = newScopeSet(r.Scope)
	if r.Unsupported() {
		return r, nil
	}
	c, key, err := build(r, accepted)
	if err != nil {
		return nil, errAt(key, "%v", err)
	}
	r.check = c
	return r, nil
}

func kindNames() []string {
	var out []string
	for k := range keys {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// build compiles a rule into its checker; key names the setting at fault.
func build(r *Rule, accepted []string) (checker, string, error) {
	switch r.Extends {
	case "existence":
		return newExistence(r, accepted)
	case "substitution":
		return newSubstitution(r, accepted)
	case "occurrence":
		return newOccurrence(r)
	case "repetition":
		return newRepetition(r, accepted)
	case "consistency":
		return newConsistency(r)
	case "conditional":
		return newConditional(r, accepted)
	case "capitalization":
		return newCapitalization(r, accepted)
	case "metric", "readability":
		return newMetric(r)
	}
	return nil, "extends", fmt.Errorf("kind %q cannot run", r.Extends)
}

// ruleName is "Style.Rule" for the file "Style/Rule.yml".
func ruleName(style, file string) string {
	base := path.Base(file)
	return style + "." + strings.TrimSuffix(base, path.Ext(base))
}
