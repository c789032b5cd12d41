package style

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"
)

// multi is an alternation of terms run one term at a time: each term's
// pattern is small and fast, and only the terms the prefilter lets through
// run on a block. Merged leftmost-first, the matches are those the single
// alternation (in the same order) gives.
type multi struct {
	alts []*pattern
	lits [][]string // per term; nil when the term has no literal to look for
	// plain holds, for a term that is a plain word or phrase, the text to
	// look for (lower case when fold); "" for a pattern. A plain term is
	// found with strings.Index, much faster than a regexp.
	plain      []string
	fold, word bool
	groups     int // capture groups each term's pattern reports (0 or 1)
}

type multiHit struct {
	loc []int // the match and its groups, as regexp reports them
	alt int
}

// newMulti compiles each term wrapped by wrap (which adds the rule's flags
// and word boundaries); lit gives the term's pattern for literal analysis.
func newMulti(terms []string, wrap func(term string) string, plainOK, ignoreCase, word bool, groups int) (*multi, error) {
	m := &multi{fold: ignoreCase, word: word, groups: groups}
	for _, t := range terms {
		plain := ""
		if plainOK && isPlain(t) {
			plain = t
			if ignoreCase {
				plain = strings.ToLower(t)
			}
		}
		m.plain = append(m.plain, plain)
		p, err := compilePattern(wrap(t))
		if err != nil {
			if _, terr := compilePattern(t); terr != nil {
				err = terr
			}
			return nil, fmt.Errorf("%q is not a valid regular expression: %w; fix or escape it", t, errors.Unwrap(err))
		}
		m.alts = append(m.alts, p)
		m.lits = append(m.lits, literals(wrap(t)))
	}
	return m, nil
}

// find returns the matches of the terms in cand (every term when cand is
// nil), in order, not overlapping.
func (m *multi) find(text string, cand []int32) []multiHit {
	var all []multiHit
	var lower string
	each := func(i int) {
		if p := m.plain[i]; p != "" && (!m.fold || isASCII(text)) {
			hay := text
			if m.fold {
				if lower == "" {
					lower = strings.ToLower(text)
				}
				hay = lower
			}
			for _, loc := range m.findPlain(hay, p) {
				all = append(all, multiHit{loc: loc, alt: i})
			}
			return
		}
		for _, loc := range m.alts[i].findAll(text) {
			all = append(all, multiHit{loc: loc, alt: i})
		}
	}
	if cand == nil {
		for i := range m.alts {
			each(i)
		}
	} else {
		for _, i := range cand {
			each(int(i))
		}
	}
	if len(all) <= 1 {
		return all
	}
	sort.SliceStable(all, func(i, j int) bool {
		if all[i].loc[0] != all[j].loc[0] {
			return all[i].loc[0] < all[j].loc[0]
		}
		return all[i].alt < all[j].alt
	})
	out := all[:0]
	end := -1
	for _, h := range all {
		if h.loc[0] < end || (h.loc[0] == end && h.loc[1] == h.loc[0] && len(out) > 0) {
			continue
		}
		out = append(out, h)
		end = h.loc[1]
	}
	return out
}

// multiRule is implemented by the kinds that run as a multi.
type multiRule interface {
	terms() *multi
}

// prefilter says, for a block, which terms of each multi rule can match.
type prefilter struct {
	ac      *acMatcher
	entries [][2]int32 // id -> rule, term
	always  [][]int32  // per rule: terms without literals
	multi   []bool     // per rule
	// per block
	stamp []uint32 // per entry
	gen   uint32
	cand  [][]int32
}

func newPrefilter(rules []*Rule) *prefilter {
	pf := &prefilter{always: make([][]int32, len(rules)), multi: make([]bool, len(rules)), cand: make([][]int32, len(rules))}
	var pats []string
	var ids []int32
	seen := map[[2]int32]int32{}
	for ri, r := range rules {
		mr, ok := r.check.(multiRule)
		if !ok {
			continue
		}
		pf.multi[ri] = true
		m := mr.terms()
		for ti, lits := range m.lits {
			if lits == nil {
				pf.always[ri] = append(pf.always[ri], int32(ti))
				continue
			}
			key := [2]int32{int32(ri), int32(ti)}
			id, ok := seen[key]
			if !ok {
				id = int32(len(pf.entries))
				seen[key] = id
				pf.entries = append(pf.entries, key)
			}
			for _, l := range lits {
				pats = append(pats, l)
				ids = append(ids, id)
			}
		}
	}
	pf.ac = newACMatcher(pats, ids)
	pf.stamp = make([]uint32, len(pf.entries))
	return pf
}

// scan finds the candidate terms of every rule in a block's lower-cased text.
func (pf *prefilter) scan(lower string) {
	pf.gen++
	for i := range pf.cand {
		pf.cand[i] = append(pf.cand[i][:0], pf.always[i]...)
	}
	pf.ac.scan(lower, func(id int32) {
		if pf.stamp[id] == pf.gen {
			return
		}
		pf.stamp[id] = pf.gen
		e := pf.entries[id]
		pf.cand[e[0]] = append(pf.cand[e[0]], e[1])
	})
	for i, c := range pf.cand {
		if len(c) > 1 && pf.multi[i] {
			slices.Sort(c)
		}
	}
}

// skip reports whether rule ri can match nothing in the scanned block;
// terms are the candidates when it can.
func (pf *prefilter) terms(ri int) (cand []int32, skip bool) {
	if !pf.multi[ri] {
		return nil, false
	}
	return pf.cand[ri], len(pf.cand[ri]) == 0
}

// isPlain reports whether a term has no pattern syntax at all.
func isPlain(t string) bool {
	return t != "" && !strings.ContainsAny(t, `\.+*?()|[]{}^$`) && isASCII(t)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// boundary reports whether \b holds at i in s, as Go's regexp reads it.
func boundary(s string, i int) bool {
	before := i > 0 && isWordByte(s[i-1])
	after := i < len(s) && isWordByte(s[i])
	return before != after
}

// findPlain finds p in s as the term's pattern would, not overlapping.
func (m *multi) findPlain(s, p string) [][]int {
	var out [][]int
	for from := 0; from <= len(s)-len(p); {
		i := strings.Index(s[from:], p)
		if i < 0 {
			break
		}
		start, end := from+i, from+i+len(p)
		if m.word && (!boundary(s, start) || !boundary(s, end)) {
			from = start + 1
			continue
		}
		loc := []int{start, end}
		if m.groups > 0 {
			loc = append(loc, start, end)
		}
		out = append(out, loc)
		from = end
	}
	return out
}
