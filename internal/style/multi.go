package style

import (
	"slices"
	"sort"
)

// multi is an alternation of terms run one term at a time: each term's
// pattern is small and fast, and only the terms the prefilter lets through
// run on a block. Merged leftmost-first, the matches are those the single
// alternation (in the same order) gives.
type multi struct {
	alts []*pattern
	lits [][]string // per term; nil when the term has no literal to look for
}

type multiHit struct {
	loc []int // the match and its groups, as regexp reports them
	alt int
}

// newMulti compiles each term wrapped by wrap (which adds the rule's flags
// and word boundaries); lit gives the term's pattern for literal analysis.
func newMulti(terms []string, wrap func(term string) string, ignoreCase bool) (*multi, error) {
	m := &multi{}
	for _, t := range terms {
		p, err := compilePattern(wrap(t))
		if err != nil {
			return nil, err
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
	each := func(i int) {
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
