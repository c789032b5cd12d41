package lint

import (
	"fmt"
	"slices"
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
// whole document.
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

	phrases  []phrase
	message  func(match string, ph *phrase) string // for phrase rules
	sentence func(p *pass, r *Rule, s *sentence)
	document func(p *pass, r *Rule)
	// acceptable rules are silenced by Options.Accept; rules about a whole
	// sentence or the document's structure are not.
	acceptable bool
}

// rules is every rule, in the order the documentation lists them.
var rules = []*Rule{
	lexicalIllusion, passiveVoice, weaselWord, wordy, cliche, longSentence,
	inclusive, aiTrope, adverb, soStart, thereIs,
	multipleH1, headingIncrement, duplicateHeading, emptyHeading, imageAlt,
	emptyLink, brokenAnchor, missingFile, fenceLanguage, titleLength, descriptionLength,
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
