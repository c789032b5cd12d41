package style

import (
	"fmt"
	"strings"
)

// consistency flags the second of two spellings once a draft has used both.
type consistency struct {
	r     *Rule
	steps []consistencyStep
}

type consistencyStep struct {
	re   *pattern
	subs [2]string // the names under which a draft's use of each spelling is recorded
	lits []string  // one of which any match holds, lower case; nil: unknown
}

func newConsistency(r *Rule) (checker, string, error) {
	if len(r.Either) == 0 {
		return nil, "either", errorf("a consistency rule needs an either map of spelling: other spelling; add \"either:\"")
	}
	c := &consistency{r: r}
	for i, pair := range r.Either {
		subs := [2]string{fmt.Sprintf("%s\x00%d", r.Name, 2*i), fmt.Sprintf("%s\x00%d", r.Name, 2*i+1)}
		inner := "(" + pair[0] + ")|(" + pair[1] + ")"
		expr := `(?m)(?:` + inner + `)`
		if !r.Nonword {
			expr = `(?m)\b(?:` + inner + `)\b`
		}
		if r.IgnoreCase {
			expr = `(?i)` + expr
		}
		re, err := compilePattern(expr)
		if err != nil {
			return nil, "either", err
		}
		c.steps = append(c.steps, consistencyStep{re: re, subs: subs, lits: literals(expr)})
	}
	return c, "", nil
}

func (c *consistency) run(b *block, st *state) []hit {
	var out []hit
	for _, s := range c.steps {
		if s.lits != nil && b.lower != "" && !containsAny(b.lower, s.lits) {
			continue
		}
		matches := s.re.findAll(b.text)
		var loc []int
		for _, m := range matches {
			for g := 1; 2*g+1 < len(m) && g <= 2; g++ {
				if m[2*g] >= 0 {
					loc = []int{m[2*g], m[2*g+1]}
					st.sequences[s.subs[g-1]] = true
				}
			}
		}
		if len(matches) > 0 && loc != nil && st.sequences[s.subs[0]] && st.sequences[s.subs[1]] {
			out = append(out, hit{start: loc[0], end: loc[1], message: format(c.r.Message, strings.TrimSpace(b.text[loc[0]:loc[1]]))})
		}
	}
	return out
}

func containsAny(s string, subs []string) bool {
	for _, x := range subs {
		if strings.Contains(s, x) {
			return true
		}
	}
	return false
}
