package lint

import (
	"strings"
	"sync"
)

// wordFlags are what the rules need to know about a word, found with one
// map lookup per word when a draft is split: the rules then test bits
// instead of looking the word up in each of their lists.
type wordFlags uint16

const (
	isBe wordFlags = 1 << iota
	isContractedBe
	isIrregularParticiple
	isAdjectival
	isInterposed
	isNotAdverb
	isWeasel
	isObjectStart
	isNotParticiple
	isEedParticiple
)

// lexEntry is a word of the lexicon: its flags and, when a listed phrase
// starts with it, the phrase matcher's node for it.
type lexEntry struct {
	flags wordFlags
	node  *trieNode
}

// lexicon maps every word that any list holds to its entry.
var lexicon = sync.OnceValue(func() map[string]lexEntry {
	m := map[string]lexEntry{}
	mark := func(words map[string]bool, f wordFlags) {
		for w := range words {
			e := m[w]
			e.flags |= f
			m[w] = e
		}
	}
	mark(beVerbs, isBe)
	mark(contractedBe, isContractedBe)
	mark(irregularParticiples, isIrregularParticiple)
	mark(adjectivalParticiples, isAdjectival)
	mark(interposed, isInterposed)
	mark(notAdverbs, isNotAdverb)
	mark(objectStarts, isObjectStart)
	mark(notParticiples, isNotParticiple)
	mark(eedParticiples, isEedParticiple)
	for _, ph := range weaselWord.phrases {
		if !strings.Contains(ph.text, " ") {
			mark(map[string]bool{ph.text: true}, isWeasel)
		}
	}
	for w, n := range matcher().next {
		e := m[w]
		e.node = n
		m[w] = e
	}
	return m
})
