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
