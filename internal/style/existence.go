package style

import (
	"regexp"
	"sort"
	"strings"
	"sync"
)

// existence flags every match of its tokens.
type existence struct {
	r      *Rule
	m      *multi
	except *pattern
}

func (e *existence) terms() *multi { return e.m }

func newExistence(r *Rule, accepted []string) (checker, string, error) {
	var tokens []string
	for _, t := range r.Tokens {
		if strings.TrimSpace(t) != "" {
			tokens = append(tokens, t)
		}
	}
	if len(tokens) == 0 && len(r.Raw) == 0 {
		return nil, "tokens", errorf("an existence rule needs a list of tokens (or raw); add \"tokens:\" with the words to flag")
	}
	raw := strings.Join(r.Raw, "")
	wrap := func(t string) string {
		tmpl := `(?m)(?:` + t + `)`
		if !r.Nonword && len(tokens) > 0 {
			tmpl = `(?m)\b(?:` + t + `)\b`
		}
		expr := raw + tmpl
		if r.Append {
			expr = tmpl + raw
		}
		if r.IgnoreCase {
			expr = `(?i)` + expr
		}
		return expr
	}
	terms := tokens
	if raw != "" {
		// Raw text runs as one pattern with its tokens: split, every
		// frequent token ("set", "made") would scan the block again.
		terms = []string{strings.Join(tokens, "|")}
	}
	m, err := newMulti(terms, wrap, raw == "", r.IgnoreCase, !r.Nonword && len(tokens) > 0, 0)
	if err != nil {
		return nil, "tokens", err
	}
	except, err := exceptionPattern(r.Exceptions, accepted, r.Vocab && !r.Nonword)
	if err != nil {
		return nil, "exceptions", err
	}
	return &existence{r: r, m: m, except: except}, "", nil
}

func (e *existence) run(b *block, _ *state) []hit {
	var out []hit
	for _, mh := range e.m.find(b.text, b.cand) {
		loc := mh.loc
		if loc[1] <= loc[0] {
			continue
		}
		observed := strings.TrimSpace(b.text[loc[0]:loc[1]])
		if e.except != nil && e.except.match(observed) {
			continue
		}
		args := []string{b.text[loc[0]:loc[1]]}
		// A message may name the groups rather than the whole match.
		if strings.Count(e.r.Message, "%s") > 1 && len(loc) > 2 {
			args = args[:0]
			for g := 2; g+1 < len(loc); g += 2 {
				if loc[g] >= 0 {
					args = append(args, b.text[loc[g]:loc[g+1]])
				}
			}
		}
		out = append(out, hit{start: loc[0], end: loc[1], message: format(e.r.Message, args...),
			suggestions: actionSuggestions(e.r.Action, observed)})
	}
	return out
}

// actionSuggestions turns a rule's action into replacements for match.
func actionSuggestions(a Action, match string) []string {
	switch a.Name {
	case "replace":
		return a.Params
	case "remove":
		return []string{""}
	case "edit":
		if len(a.Params) == 0 {
			return nil
		}
		switch a.Params[0] {
		case "trim_right", "rtrim":
			if len(a.Params) > 1 {
				return []string{strings.TrimRight(match, a.Params[1])}
			}
		case "trim_left", "ltrim":
			if len(a.Params) > 1 {
				return []string{strings.TrimLeft(match, a.Params[1])}
			}
		case "trim":
			if len(a.Params) > 1 {
				return []string{strings.Trim(match, a.Params[1])}
			}
		case "truncate":
			if len(a.Params) > 1 {
				return []string{strings.Split(match, a.Params[1])[0]}
			}
		case "split":
			if len(a.Params) > 2 {
				parts := strings.Split(match, a.Params[1])
				if i := atoi(a.Params[2]); i >= 0 && i < len(parts) {
					return []string{parts[i]}
				}
			}
		case "regex":
			if len(a.Params) > 2 {
				if re := editRegexp(a.Params[1]); re != nil {
					return []string{re.ReplaceAllString(match, a.Params[2])}
				}
			}
		}
	}
	return nil
}

// editRegexps holds the compiled patterns of "edit regex" actions: a rule
// fires many times with the same pattern. One that does not compile is nil.
var editRegexps sync.Map

func editRegexp(pattern string) *regexp.Regexp {
	if re, ok := editRegexps.Load(pattern); ok {
		return re.(*regexp.Regexp)
	}
	re, err := regexp.Compile(pattern)
	if err != nil {
		re = nil
	}
	editRegexps.Store(pattern, re)
	return re
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			return -1
		}
		n = n*10 + int(c-'0')
	}
	return n
}

var wrapSpace = regexp.MustCompile(`\s+`)

// termPattern is a vocabulary or exception term as a pattern: a plain
// term's dots are literal, and its spaces match any white space.
func termPattern(term string) string {
	if literalTerm(term) {
		term = strings.ReplaceAll(term, ".", `\.`)
	}
	return wrapSpace.ReplaceAllString(term, `\s+`)
}

// literalTerm reports whether a term has no pattern syntax but dots.
func literalTerm(term string) bool {
	return !strings.ContainsAny(term, `\[](){}|*+?^$`)
}

// exceptionPattern matches any of the exceptions (and the accepted
// vocabulary when vocab) as whole words, case-sensitively unless a term
// says otherwise; nil when there are none.
func exceptionPattern(exceptions, accepted []string, vocab bool) (*pattern, error) {
	terms := append([]string(nil), exceptions...)
	if vocab {
		terms = append(terms, accepted...)
	}
	if len(terms) == 0 {
		return nil, nil
	}
	sort.SliceStable(terms, func(i, j int) bool { return len(terms[i]) > len(terms[j]) })
	for i, t := range terms {
		t = termPattern(t)
		if !strings.HasPrefix(t, "(?i)") {
			t = "(?-i)" + t
		}
		terms[i] = t
	}
	return compilePattern(`(?m)\b(?:` + strings.Join(terms, "|") + `)\b`)
}

type ruleError string

func (e ruleError) Error() string { return string(e) }

func errorf(msg string) error { return ruleError(msg) }
