package style

import "strings"

// conditional flags a match of first unless the draft has, so far, a
// match of second that defines it (an acronym spelled out before use).
type conditional struct {
	r             *Rule
	first, second *pattern
	secondGroups  bool
	except        *pattern
	// firstLits and secondLits are literals one of which any match holds
	// (lower case; nil: unknown): a block without them is not searched.
	firstLits, secondLits []string
}

func newConditional(r *Rule, accepted []string) (checker, string, error) {
	if r.First == "" {
		return nil, "first", errorf("a conditional rule needs first and second patterns; add \"first:\"")
	}
	if r.Second == "" {
		return nil, "second", errorf("a conditional rule needs first and second patterns; add \"second:\"")
	}
	first, err := compilePattern(r.First)
	if err != nil {
		return nil, "first", err
	}
	second, err := compilePattern(r.Second)
	if err != nil {
		return nil, "second", err
	}
	except, err := exceptionPattern(r.Exceptions, accepted, r.Vocab)
	if err != nil {
		return nil, "exceptions", err
	}
	return &conditional{r: r, first: first, second: second, secondGroups: second.numSubexp() > 0, except: except,
		firstLits: literals(r.First), secondLits: literals(r.Second)}, "", nil
}

func (c *conditional) run(b *block, st *state) []hit {
	lower := b.lower
	if lower == "" {
		lower = strings.ToLower(b.text)
	}
	if c.firstLits != nil && !containsAny(lower, c.firstLits) {
		return nil
	}
	secondMay := c.secondLits == nil || containsAny(lower, c.secondLits)
	if !c.secondGroups {
		if secondMay && c.second.match(b.text) {
			return nil
		}
	} else if secondMay {
		for _, m := range c.second.findAll(b.text) {
			for g := 2; g+1 < len(m); g += 2 {
				if m[g] >= 0 && m[g+1] > m[g] {
					st.sequences[b.text[m[g]:m[g+1]]] = true
				}
			}
		}
	}
	var out []hit
	for _, loc := range c.first.findAllIndex(b.text) {
		s := b.text[loc[0]:loc[1]]
		if c.secondGroups && st.sequences[s] || c.except != nil && c.except.match(s) {
			continue
		}
		out = append(out, hit{start: loc[0], end: loc[1], message: format(c.r.Message, s)})
	}
	return out
}
