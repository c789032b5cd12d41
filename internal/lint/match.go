package lint

import (
	"strings"
	"sync"
)

// phrase is one entry of a rule's word list: a word or a phrase of words,
// lower case, separated by single spaces.
type phrase struct {
	text string
	// suggest are replacements, best first.
	suggest []string
	// skip, when set, vetoes a match of tokens i..j of s in context
	// ("the very end" is not a weasel word).
	skip func(s *sentence, i, j int) bool
	// senseDependent is set when the first suggestion fits only some senses
	// of the phrase: its fix is offered, but not as safe.
	senseDependent bool
}

// trieNode is a node of the phrase matcher: one word per edge.
type trieNode struct {
	next map[string]*trieNode
	ends []phraseEnd
}

// phraseHit is a phrase of a rule matched from a word to word j.
type phraseHit struct {
	rule *Rule
	ph   *phrase
	j    int
}

type phraseEnd struct {
	rule *Rule
	ph   *phrase
}

// matcher compiles every rule's word list into one trie keyed by words, so a
// sentence is matched against all lists in a single walk of its words: one
// map lookup per word, more only where a phrase continues.
var matcher = sync.OnceValue(func() *trieNode {
	root := &trieNode{}
	for _, r := range rules {
		for i := range r.phrases {
			ph := &r.phrases[i]
			n := root
			for _, w := range strings.Fields(ph.text) {
				if n.next == nil {
					n.next = map[string]*trieNode{}
				}
				c := n.next[w]
				if c == nil {
					c = &trieNode{}
					n.next[w] = c
				}
				n = c
			}
			n.ends = append(n.ends, phraseEnd{r, ph})
		}
	}
	return root
})

// matchPhrases reports the word-list hits in s: at each word, the longest
// phrase of each enabled rule that starts there, unless it overlaps the
// rule's previous hit in this sentence.
func (p *pass) matchPhrases(s *sentence) {
	var lastEnd map[*Rule]int // token index after each rule's last hit
	for i := range s.toks {
		n := s.toks[i].node
		if n == nil {
			continue
		}
		// best holds, per rule, the longest phrase found so far from i.
		var best []phraseHit
		for j := i; ; {
			for _, e := range n.ends {
				if p.enabled[e.rule.ID] && (e.ph.skip == nil || !e.ph.skip(s, i, j)) {
					best = longest(best, phraseHit{e.rule, e.ph, j})
				}
			}
			j++
			if j >= len(s.toks) || !s.toks[j].joined || n.next == nil {
				break
			}
			if n = n.next[s.toks[j].lower]; n == nil {
				break
			}
		}
		for _, b := range best {
			if lastEnd == nil {
				lastEnd = map[*Rule]int{}
			}
			if end, ok := lastEnd[b.rule]; ok && i < end {
				continue
			}
			lastEnd[b.rule] = b.j + 1
			match := s.text(i, b.j)
			n := len(p.findings)
			p.reportText(b.rule, s.block, s.toks[i].start, s.toks[b.j].end, b.rule.message(match, b.ph), b.ph.suggest...)
			if b.ph.senseDependent && len(p.findings) > n && p.findings[n].Fix != nil {
				p.findings[n].Fix.Safe = false
			}
		}
	}
}

// longest records h as its rule's hit, replacing a shorter one.
func longest(best []phraseHit, h phraseHit) []phraseHit {
	for k := range best {
		if best[k].rule == h.rule {
			best[k] = h
			return best
		}
	}
	return append(best, h)
}
