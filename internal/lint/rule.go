package lint

import (
	"fmt"
	"slices"

	"github.com/goccy/go-yaml"
)

// Severity is how much a finding matters.
type Severity uint8

const (
	Suggestion Severity = iota + 1
	Warning
	Error
)

var severityNames = [...]string{Suggestion: "suggestion", Warning: "warning", Error: "error"}

func (s Severity) String() string {
	if int(s) < len(severityNames) && severityNames[s] != "" {
		return severityNames[s]
	}
	return "unknown"
}

// ParseSeverity reads "error", "warning" or "suggestion".
func ParseSeverity(name string) (Severity, error) {
	for s, n := range severityNames {
		if n != "" && n == name {
			return Severity(s), nil
		}
	}
	return 0, fmt.Errorf("parse severity %q: want error, warning or suggestion", name)
}

func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

func (s *Severity) UnmarshalText(b []byte) error {
	v, err := ParseSeverity(string(b))
	*s = v
	return err
}

// Kind sorts rules into style rules (the lint tool) and structure rules (the
// structure tool).
type Kind uint8

const (
	Style Kind = iota + 1
	Structure
)

func (k Kind) String() string {
	switch k {
	case Style:
		return "style"
	case Structure:
		return "structure"
	}
	return "unknown"
}

// Rule is one check. A rule works in one of three ways: from word lists
// compiled into the shared phrase matcher, sentence by sentence, or over the
// whole document. What a rule is called, what it flags and why (its kind,
// severity, fix safety and documentation) is data in rules.yaml, the one
// place it is written; its Go file holds how it checks.
type Rule struct {
	ID       string
	Kind     Kind
	Severity Severity
	// Doc says in one sentence what the rule flags.
	Doc string
	// Fix says whether the rule's findings carry a fix and whether it is
	// safe. A phrase or sentence rule's fix replaces the match with its
	// first suggestion.
	Fix Fixable
	// Flags says what the rule flags and what it lets pass, in markdown.
	Flags string
	// Examples are what it flags, with "→" and what it suggests.
	Examples []string
	// Rationale says why it matters.
	Rationale string
	// FixDoes says what the fix changes, and FixSafe how safe it is when
	// that is more than yes or no; both are empty for a rule with no fix.
	FixDoes, FixSafe string
	// Brief is a note after the rule's name in a tool's description.
	Brief string

	phrases  []phrase
	message  func(match string, ph *phrase) string // for phrase rules
	sentence func(p *pass, r *Rule, s *sentence)
	document func(p *pass, r *Rule)
	// acceptable rules are silenced by Options.Accept; rules about a whole
	// sentence or the document's structure are not.
	acceptable bool
}

//go:generate go run ./ruledoc/gen ../..

// rules is every rule, in the order of rules.yaml, which is the order the
// documentation lists them: style rules first.
var rules []*Rule

// register adds r to the rules; init gives it its metadata from rules.yaml.
func register(r *Rule) *Rule {
	rules = append(rules, r)
	return r
}

// RuleDoc is one entry of rules.yaml: what a rule is called, its kind,
// default severity and fix, and its documentation (see the file's header).
// go generate compiles the file into ruleDocs (rules_gen.go), so that
// starting the program parses no YAML.
type RuleDoc struct {
	ID        string   `yaml:"id"`
	Kind      string   `yaml:"kind"`
	Severity  string   `yaml:"severity"`
	Fix       string   `yaml:"fix"`
	Summary   string   `yaml:"summary"`
	Flags     string   `yaml:"flags"`
	Examples  []string `yaml:"examples"`
	Rationale string   `yaml:"rationale"`
	FixDoes   string   `yaml:"fix-does"`
	FixSafe   string   `yaml:"fix-safe"`
	Brief     string   `yaml:"brief"`
}

// ParseRuleDocs reads rules.yaml.
func ParseRuleDocs(src []byte) ([]RuleDoc, error) {
	var docs []RuleDoc
	if err := yaml.UnmarshalWithOptions(src, &docs, yaml.DisallowUnknownField()); err != nil {
		return nil, fmt.Errorf("parse rules.yaml: %w", err)
	}
	return docs, nil
}

// registryErr is set when rules_gen.go does not describe the registered
// rules: go generate has not been run since rules.yaml or a rule changed.
// It does not stop the program, so that go generate itself can run;
// TestRegistry fails on it.
var registryErr error

func init() {
	described, err := describe(ruleDocs, rules)
	if err != nil {
		registryErr = fmt.Errorf("rules_gen.go is stale (run go generate ./internal/lint): %w", err)
		return
	}
	for i, r := range described {
		// Fill in the registered rules themselves: the rule variables and
		// the phrase matcher point to them.
		*lookupIn(rules, r.ID) = *r
		described[i] = lookupIn(rules, r.ID)
	}
	rules = described
}

// Describe returns copies of the rules described by docs, in their order,
// for go generate to document a rules.yaml newer than the program.
func Describe(docs []RuleDoc) ([]*Rule, error) { return describe(docs, rules) }

func lookupIn(list []*Rule, id string) *Rule {
	for _, r := range list {
		if r.ID == id {
			return r
		}
	}
	return nil
}

// describe returns a copy of each rule of registered filled in from its
// entry of docs, in the order of docs. Every rule must have one entry and
// every entry one rule.
func describe(docs []RuleDoc, registered []*Rule) ([]*Rule, error) {
	out := make([]*Rule, 0, len(docs))
	seen := map[string]bool{}
	for _, e := range docs {
		orig := lookupIn(registered, e.ID)
		if orig == nil {
			return nil, fmt.Errorf("rule %q has no Go code", e.ID)
		}
		if seen[e.ID] {
			return nil, fmt.Errorf("rule %q has two entries", e.ID)
		}
		seen[e.ID] = true
		r := *orig
		var err error
		if r.Kind, err = parseKind(e.Kind); err != nil {
			return nil, fmt.Errorf("rule %q: %w", e.ID, err)
		}
		if r.Severity, err = ParseSeverity(e.Severity); err != nil {
			return nil, fmt.Errorf("rule %q: %w", e.ID, err)
		}
		if r.Fix, err = parseFixable(e.Fix); err != nil {
			return nil, fmt.Errorf("rule %q: %w", e.ID, err)
		}
		if e.Summary == "" || e.Flags == "" || e.Rationale == "" || len(e.Examples) == 0 {
			return nil, fmt.Errorf("rule %q: want a summary, flags, a rationale and examples", e.ID)
		}
		if (r.Fix == NoFix) != (e.FixDoes == "") {
			return nil, fmt.Errorf("rule %q: fix-does says what a fix does, for the rules that have one", e.ID)
		}
		r.Doc, r.Flags, r.Examples, r.Rationale = e.Summary, e.Flags, e.Examples, e.Rationale
		r.FixDoes, r.FixSafe, r.Brief = e.FixDoes, e.FixSafe, e.Brief
		out = append(out, &r)
	}
	for _, r := range registered {
		if !seen[r.ID] {
			return nil, fmt.Errorf("rule %q has no entry", r.ID)
		}
	}
	return out, nil
}

func parseKind(name string) (Kind, error) {
	for _, k := range []Kind{Style, Structure} {
		if k.String() == name {
			return k, nil
		}
	}
	return 0, fmt.Errorf("parse kind %q: want style or structure", name)
}

func parseFixable(name string) (Fixable, error) {
	for _, f := range []Fixable{NoFix, UnsafeFix, SafeFix} {
		if f.String() == name {
			return f, nil
		}
	}
	return 0, fmt.Errorf("parse fix %q: want none, safe or unsafe", name)
}

// Rules returns every rule, style rules first.
func Rules() []*Rule { return slices.Clone(rules) }

// Lookup returns the rule with the given ID.
func Lookup(id string) (*Rule, bool) {
	for _, r := range rules {
		if r.ID == id {
			return r, true
		}
	}
	return nil, false
}

// IDs returns the IDs of the rules of one kind, or of all rules for kind 0.
func IDs(kind Kind) []string {
	var ids []string
	for _, r := range rules {
		if kind == 0 || r.Kind == kind {
			ids = append(ids, r.ID)
		}
	}
	return ids
}
