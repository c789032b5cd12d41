package style

import (
	"strconv"
	"strings"
)

// occurrence flags a block with more than max (or fewer than min) matches
// of its token.
type occurrence struct {
	r  *Rule
	re *pattern
}

func newOccurrence(r *Rule) (checker, string, error) {
	if r.Token == "" {
		return nil, "token", errorf("an occurrence rule needs a token to count; add \"token:\"")
	}
	if r.Max <= 0 && r.Min <= 0 {
		return nil, "max", errorf("an occurrence rule needs max or min above 0")
	}
	expr := `(?:` + r.Token + `)`
	if r.IgnoreCase {
		expr = `(?i)` + expr
	}
	re, err := compilePattern(expr)
	if err != nil {
		return nil, "token", err
	}
	return &occurrence{r: r, re: re}, "", nil
}

var firstWord = mustPattern(`^\s*(\S+)`)

func mustPattern(expr string) *pattern {
	p, err := compilePattern(expr)
	if err != nil {
		panic(err)
	}
	return p
}

func (o *occurrence) run(b *block, _ *state) []hit {
	locs := o.re.findAllIndex(b.text)
	n := len(locs)
	if !((o.r.Max > 0 && n > o.r.Max) || (o.r.Min > 0 && n < o.r.Min)) {
		return nil
	}
	msg := format(o.r.Message, strconv.Itoa(n))
	if n == 0 {
		if w := firstWord.findAll(b.text); len(w) > 0 {
			return []hit{{start: w[0][2], end: w[0][3], message: msg}}
		}
		return []hit{{message: msg}}
	}
	for _, loc := range locs {
		if m := b.text[loc[0]:loc[1]]; strings.TrimSpace(m) != "" && !strings.HasPrefix(m, "`") {
			return []hit{{start: loc[0], end: loc[1], message: msg}}
		}
	}
	return nil
}
