package lint

import "strings"

// phraseList builds a rule's word list.
type phraseList []phrase

// words is a list of phrases without suggestions.
func words(list ...string) phraseList {
	out := make(phraseList, 0, len(list))
	for _, w := range list {
		out = append(out, phrase{text: w})
	}
	return out
}

// replacements is a list of phrases each with its suggestions: pairs of a
// phrase and its replacements separated by "|".
func replacements(pairs ...string) phraseList {
	out := make(phraseList, 0, len(pairs)/2)
	for i := 0; i+1 < len(pairs); i += 2 {
		out = append(out, phrase{text: pairs[i], suggest: strings.Split(pairs[i+1], "|")})
	}
	return out
}

// unless attaches a context veto to the listed phrases.
func (l phraseList) unless(skip func(s *sentence, i, j int) bool, texts ...string) phraseList {
	for i := range l {
		for _, t := range texts {
			if l[i].text == t {
				l[i].skip = skip
			}
		}
	}
	return l
}

// senseDependent marks the listed phrases whose first suggestion fits only
// some of their senses ("with respect to each other" is not "about each
// other"): their fixes are offered but not safe.
func (l phraseList) senseDependent(texts ...string) phraseList {
	for _, t := range texts {
		found := false
		for i := range l {
			if l[i].text == t {
				l[i].senseDependent, found = true, true
			}
		}
		if !found {
			panic("senseDependent: no phrase " + t)
		}
	}
	return l
}

// quoteList formats suggestions for a message: "a", "b" or "c".
func quoteList(list []string) string {
	var b strings.Builder
	for i, s := range list {
		switch {
		case i == 0:
		case i == len(list)-1:
			b.WriteString(" or ")
		default:
			b.WriteString(", ")
		}
		b.WriteString(`"` + s + `"`)
	}
	return b.String()
}
