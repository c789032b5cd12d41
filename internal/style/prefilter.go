package style

import (
	"regexp/syntax"
	"sort"
	"strings"
)

// The four public packages hold thousands of terms, most of them plain
// words. Running every rule's pattern over every block would spend almost
// all the time on patterns that cannot match, so each alternative of an
// existence or substitution rule gets the literals one of which any match
// must contain (lower case), and one Aho-Corasick pass over a block's lower-
// cased text says which alternatives can match there. Only those run.

// literals returns strings, lower case, at least one of which occurs in
// any match of expr; nil when there is no such set.
func literals(expr string) []string {
	re, err := syntax.Parse(withoutLookaround(expr), syntax.Perl)
	if err != nil {
		return nil
	}
	set := litSet(re.Simplify())
	for _, s := range set {
		if s == "" {
			return nil
		}
	}
	return set
}

const maxLits = 64

func litSet(re *syntax.Regexp) []string {
	switch re.Op {
	case syntax.OpLiteral:
		return []string{strings.ToLower(string(re.Rune))}
	case syntax.OpCharClass:
		// A class of a few letters ([Ee]) is a literal of one of them.
		var out []string
		for i := 0; i+1 < len(re.Rune); i += 2 {
			lo, hi := re.Rune[i], re.Rune[i+1]
			if hi-lo > 8 {
				return nil
			}
			for r := lo; r <= hi; r++ {
				s := strings.ToLower(string(r))
				if !contains(out, s) {
					out = append(out, s)
				}
			}
		}
		if len(out) == 0 || len(out) > 8 {
			return nil
		}
		return out
	case syntax.OpCapture:
		return litSet(re.Sub[0])
	case syntax.OpPlus:
		return litSet(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return litSet(re.Sub[0])
		}
		return nil
	case syntax.OpAlternate:
		var out []string
		for _, s := range re.Sub {
			set := litSet(s)
			if set == nil {
				return nil
			}
			for _, l := range set {
				if !contains(out, l) {
					out = append(out, l)
				}
			}
		}
		return out
	case syntax.OpConcat:
		// Runs of known parts multiply out into longer literals; the run
		// whose shortest literal is longest is the best filter.
		var best []string
		var cur []string
		flush := func() {
			if cur != nil && minLen(cur) > minLen(best) {
				best = cur
			}
			cur = nil
		}
		for _, s := range re.Sub {
			set := litSet(s)
			if set == nil {
				flush()
				continue
			}
			if cur == nil {
				cur = set
				continue
			}
			if len(cur)*len(set) > maxLits {
				flush()
				cur = set
				continue
			}
			var next []string
			for _, a := range cur {
				for _, b := range set {
					next = append(next, a+b)
				}
			}
			cur = next
		}
		flush()
		return best
	}
	return nil
}

func minLen(set []string) int {
	if set == nil {
		return 0
	}
	m := -1
	for _, s := range set {
		if m < 0 || len(s) < m {
			m = len(s)
		}
	}
	return m
}

// acMatcher is an Aho-Corasick automaton over byte strings; each pattern
// carries an id.
type acMatcher struct {
	nodes []acNode
}

type acNode struct {
	keys  []byte
	next  []int32
	fail  int32
	out   []int32 // ids ending here, fail chain included
	final bool
}

func newACMatcher(pats []string, ids []int32) *acMatcher {
	m := &acMatcher{nodes: []acNode{{}}}
	for i, p := range pats {
		n := int32(0)
		for j := 0; j < len(p); j++ {
			c := p[j]
			k := m.child(n, c)
			if k < 0 {
				m.nodes = append(m.nodes, acNode{})
				k = int32(len(m.nodes) - 1)
				nd := &m.nodes[n]
				at := sort.Search(len(nd.keys), func(x int) bool { return nd.keys[x] >= c })
				nd.keys = append(nd.keys, 0)
				nd.next = append(nd.next, 0)
				copy(nd.keys[at+1:], nd.keys[at:])
				copy(nd.next[at+1:], nd.next[at:])
				nd.keys[at], nd.next[at] = c, k
			}
			n = k
		}
		m.nodes[n].out = append(m.nodes[n].out, ids[i])
	}
	// Breadth first: failure links and inherited outputs.
	queue := []int32{}
	for _, k := range m.nodes[0].next {
		m.nodes[k].fail = 0
		queue = append(queue, k)
	}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		for i, c := range m.nodes[n].keys {
			k := m.nodes[n].next[i]
			f := m.nodes[n].fail
			for {
				if g := m.child(f, c); g >= 0 && g != k {
					m.nodes[k].fail = g
					break
				}
				if f == 0 {
					m.nodes[k].fail = 0
					break
				}
				f = m.nodes[f].fail
			}
			m.nodes[k].out = append(m.nodes[k].out, m.nodes[m.nodes[k].fail].out...)
			queue = append(queue, k)
		}
	}
	return m
}

func (m *acMatcher) child(n int32, c byte) int32 {
	nd := &m.nodes[n]
	lo, hi := 0, len(nd.keys)
	for lo < hi {
		mid := (lo + hi) / 2
		if nd.keys[mid] < c {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo < len(nd.keys) && nd.keys[lo] == c {
		return nd.next[lo]
	}
	return -1
}

// scan calls found for the id of every pattern occurring in s (repeats
// included).
func (m *acMatcher) scan(s string, found func(id int32)) {
	n := int32(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		for {
			if k := m.child(n, c); k >= 0 {
				n = k
				break
			}
			if n == 0 {
				break
			}
			n = m.nodes[n].fail
		}
		for _, id := range m.nodes[n].out {
			found(id)
		}
	}
}

// withoutLookaround removes look-ahead and look-behind groups, which match
// no text: what any match must contain is still in what is left.
func withoutLookaround(expr string) string {
	if !strings.Contains(expr, "(?=") && !strings.Contains(expr, "(?!") && !strings.Contains(expr, "(?<") {
		return expr
	}
	var b strings.Builder
	for i := 0; i < len(expr); i++ {
		c := expr[i]
		if c == '\\' && i+1 < len(expr) {
			b.WriteByte(c)
			b.WriteByte(expr[i+1])
			i++
			continue
		}
		rest := expr[i:]
		if strings.HasPrefix(rest, "(?=") || strings.HasPrefix(rest, "(?!") || strings.HasPrefix(rest, "(?<=") || strings.HasPrefix(rest, "(?<!") {
			depth := 0
			j := i
			for ; j < len(expr); j++ {
				switch expr[j] {
				case '\\':
					j++
				case '(':
					depth++
				case ')':
					depth--
				}
				if depth == 0 {
					break
				}
			}
			i = j
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}
