package style

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// substitution flags a term that has a preferred replacement.
func (s *substitution) terms() *multi { return s.m }

type substitution struct {
	r          *Rule
	m          *multi
	repl       []string // replacement for capture group i+1
	same       []func(observed string) bool
	except     *pattern
	vocabTerms bool // Vale.Terms: the replacement is the accepted spelling
}

// nonCapturing turns a term's own capture groups into plain groups, so that
// group i of the joined pattern is term i.
func nonCapturing(expr string) string {
	var b strings.Builder
	for i := 0; i < len(expr); i++ {
		c := expr[i]
		b.WriteByte(c)
		switch {
		case c == '\\' && i+1 < len(expr):
			i++
			b.WriteByte(expr[i])
		case c == '(' && (i+1 == len(expr) || expr[i+1] != '?'):
			b.WriteString("?:")
		}
	}
	return b.String()
}

func newSubstitution(r *Rule, accepted []string) (checker, string, error) {
	if len(r.Swap) == 0 {
		return nil, "swap", errorf("a substitution rule needs a swap map of term: replacement; add \"swap:\"")
	}
	pairs := append([][2]string(nil), r.Swap...)
	sort.SliceStable(pairs, func(i, j int) bool { return len(pairs[i][0]) > len(pairs[j][0]) })
	var parts, repl []string
	for _, p := range pairs {
		parts = append(parts, nonCapturing(p[0]))
		repl = append(repl, p[1])
	}
	same := make([]func(string) bool, len(repl))
	for i, e := range repl {
		same[i] = sameToken(e)
	}
	wrap := func(t string) string {
		expr := `(?m)(?:(` + t + `))`
		if !r.Nonword {
			expr = `(?m)\b(?:(` + t + `))\b`
		}
		if r.IgnoreCase {
			expr = `(?i)` + expr
		}
		return expr
	}
	m, err := newMulti(parts, wrap, true, r.IgnoreCase, !r.Nonword, 1)
	if err != nil {
		return nil, "swap", err
	}
	except, err := exceptionPattern(r.Exceptions, accepted, r.Vocab)
	if err != nil {
		return nil, "exceptions", err
	}
	return &substitution{r: r, m: m, repl: repl, same: same, except: except}, "", nil
}

func (s *substitution) run(b *block, _ *state) []hit {
	var out []hit
	for _, mh := range s.m.find(b.text, b.cand) {
		loc := mh.loc
		for g := 1; g == 1; g++ {
			start, end := loc[2*g], loc[2*g+1]
			observed := b.text[start:end]
			expected := s.repl[mh.alt]
			options := strings.Split(expected, "|")
			var same bool
			switch {
			case s.r.Action.Name == "replace":
				same = contains(options, observed)
			default:
				same = s.same[mh.alt](observed)
			}
			if same || (s.except != nil && s.except.match(observed)) {
				break
			}
			sugg := options
			if s.r.Action.Name == "replace" && len(s.r.Action.Params) > 0 {
				sugg = s.r.Action.Params
			}
			if s.r.Capitalize && observed != "" && startsUpper(observed) {
				sugg = capFirstAll(sugg)
			}
			if !s.vocabTerms && s.r.Action.Name != "replace" && !literalTerm(expected) {
				sugg = nil
			}
			msg := format(s.r.Message, expected, observed)
			if s.r.Action.Name == "replace" {
				msg = format(unquoteFirst(s.r.Message), orList(sugg), observed)
			}
			out = append(out, hit{start: start, end: end, message: msg, suggestions: sugg})
			break
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// sameToken reports whether observed already is expected: equal to a plain
// phrase, or matched whole by a pattern.
func sameToken(expected string) func(observed string) bool {
	equal := func(observed string) bool { return expected == observed }
	if literalTerm(expected) {
		return equal
	}
	re, err := compilePattern(`^(?:` + expected + `)$`)
	if err != nil {
		return equal
	}
	return re.match
}

func startsUpper(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsUpper(r)
}

func capFirstAll(list []string) []string {
	out := make([]string, len(list))
	for i, s := range list {
		r, n := utf8.DecodeRuneInString(s)
		out[i] = string(unicode.ToUpper(r)) + s[n:]
	}
	return out
}

// orList quotes the options and joins them with "or", as Vale does.
func orList(list []string) string {
	q := make([]string, len(list))
	for i, s := range list {
		q[i] = "'" + s + "'"
	}
	switch len(q) {
	case 0:
		return ""
	case 1:
		return q[0]
	case 2:
		return q[0] + " or " + q[1]
	}
	q[len(q)-1] = "or " + q[len(q)-1]
	return strings.Join(q, ", ")
}

// unquoteFirst drops the quotes around the first of two quoted verbs, since
// orList quotes the options itself.
func unquoteFirst(msg string) string {
	for _, spec := range []string{"'%s'", "\"%s\""} {
		if strings.Count(msg, spec) == 2 {
			msg = strings.Replace(msg, spec, "%s", 1)
		}
	}
	return msg
}
