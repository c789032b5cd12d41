package style

import (
	"slices"
	"strings"
)

// A scope names the blocks a rule reads, as Vale does: a block's scope is a
// dotted name ("text.heading.h2", "sentence.text.list") and a rule's scope
// matches it when every part of the rule's name is a part of the block's;
// "~" negates, and "&" joins parts that must all hold.
type scopeSet struct {
	options [][]selector // any option matches; all selectors of an option must
}

type selector struct {
	parts   []string
	negated bool
}

func newScopeSet(scopes []string) scopeSet {
	var s scopeSet
	for _, v := range scopes {
		var opt []selector
		for _, part := range strings.Split(v, "&") {
			part = strings.TrimSpace(part)
			neg := strings.HasPrefix(part, "~")
			part = strings.TrimPrefix(part, "~")
			opt = append(opt, selector{parts: strings.Split(part, "."), negated: neg})
		}
		s.options = append(s.options, opt)
	}
	return s
}

// matches reports whether a block of the given scope is read by the rule.
// Sentence blocks are read only by rules that ask for sentences.
func (s scopeSet) matches(block []string) bool {
	fragment := len(block) > 0 && block[0] == "sentence"
	for _, opt := range s.options {
		if fragment && !asksForSentence(opt) {
			continue
		}
		if optionMatches(opt, block) {
			return true
		}
	}
	return false
}

func asksForSentence(opt []selector) bool {
	for _, sel := range opt {
		if !sel.negated && slices.Contains(sel.parts, "sentence") {
			return true
		}
	}
	return false
}

func optionMatches(opt []selector, block []string) bool {
	for _, sel := range opt {
		in := true
		for _, p := range sel.parts {
			if !slices.Contains(block, p) {
				in = false
				break
			}
		}
		if sel.negated {
			if in || slices.Contains(block, "raw") || slices.Contains(block, "summary") {
				return false
			}
		} else if !in {
			return false
		}
	}
	return true
}

// wants reports whether any option of the rule names part.
func (s scopeSet) wants(part string) bool {
	for _, opt := range s.options {
		for _, sel := range opt {
			if !sel.negated && slices.Contains(sel.parts, part) {
				return true
			}
		}
	}
	return false
}
