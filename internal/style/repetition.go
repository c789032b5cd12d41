package style

import (
	"strings"
	"unicode"
)

// repetition flags a token that follows itself ("the the").
type repetition struct {
	r      *Rule
	re     *pattern
	except *pattern
}

func newRepetition(r *Rule, accepted []string) (checker, string, error) {
	if len(r.Tokens) == 0 {
		return nil, "tokens", errorf("a repetition rule needs a list of tokens; add \"tokens:\"")
	}
	expr := `(` + strings.Join(r.Tokens, "|") + `)`
	if r.IgnoreCase {
		expr = `(?i)` + expr
	}
	re, err := compilePattern(expr)
	if err != nil {
		return nil, "tokens", err
	}
	except, err := exceptionPattern(r.Exceptions, accepted, r.Vocab)
	if err != nil {
		return nil, "exceptions", err
	}
	return &repetition{r: r, re: re, except: except}, "", nil
}

func (rp *repetition) run(b *block, _ *state) []hit {
	var out []hit
	var prev string
	var ploc []int
	count := 0
	for _, loc := range rp.re.findAllIndex(b.text) {
		curr := strings.TrimSpace(b.text[loc[0]:loc[1]])
		same := curr != "" && (curr == prev || rp.r.IgnoreCase && strings.EqualFold(curr, prev))
		same = same && (!rp.r.Alpha || isLetters(curr))
		if same {
			count++
		}
		if same && count > rp.r.Max {
			span := b.text[ploc[0]:loc[1]]
			if !strings.ContainsAny(span, ".!?") && (rp.except == nil || !rp.except.match(span)) {
				out = append(out, hit{start: ploc[0], end: loc[1], message: format(rp.r.Message, curr),
					suggestions: actionSuggestions(rp.r.Action, span)})
				count = 0
			}
		}
		ploc, prev = loc, curr
	}
	return out
}

func isLetters(s string) bool {
	for _, r := range s {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return s != ""
}
