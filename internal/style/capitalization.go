package style

import (
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// capitalization flags a block (a heading, usually) whose case is not the
// rule's: $sentence, $title, $lower, $upper or a pattern it must match.
type capitalization struct {
	r      *Rule
	except *pattern
	words  *pattern // what counts as a word, exceptions first
	conv   *pattern // the converter's word pattern
	vocab  []string
	vocabR []*pattern
	match  *pattern
	prefix *regexp.Regexp
}

func newCapitalization(r *Rule, accepted []string) (checker, string, error) {
	c := &capitalization{r: r}
	if r.Threshold == 0 {
		r.Threshold = 0.8
	}
	var err error
	c.except, err = exceptionPattern(r.Exceptions, accepted, r.Vocab)
	if err != nil {
		return nil, "exceptions", err
	}
	// The converter's vocabulary is the exceptions as Vale ends up passing
	// them: as case-sensitive patterns ("(?-i)Code"), longest first. So a
	// word is kept as written when an exception's pattern is found in it
	// with the exception's case ("code" is lowered, "Code" kept).
	c.vocab = append([]string(nil), r.Exceptions...)
	if r.Vocab {
		c.vocab = append(c.vocab, accepted...)
	}
	sort.SliceStable(c.vocab, func(i, j int) bool { return len(c.vocab[i]) > len(c.vocab[j]) })
	for i, t := range c.vocab {
		t = termPattern(t)
		if !strings.HasPrefix(t, "(?i)") {
			t = "(?-i)" + t
		}
		c.vocab[i] = t
	}
	words := `[\p{N}\p{L}*]+[^\s]*`
	ws := words
	if c.except != nil {
		ws = c.except.String() + "|" + words
	}
	if c.words, err = compilePattern(ws); err != nil {
		return nil, "exceptions", err
	}
	cs := `(?i)` + words
	if len(c.vocab) > 0 {
		cs = `(?i)\b(?:` + strings.Join(c.vocab, "|") + `)\b|` + words
	}
	if c.conv, err = compilePattern(cs); err != nil {
		return nil, "exceptions", err
	}
	for _, v := range c.vocab {
		p, err := compilePattern(v)
		if err != nil {
			return nil, "exceptions", err
		}
		c.vocabR = append(c.vocabR, p)
	}
	if r.Prefix != "" {
		if c.prefix, err = regexp.Compile(r.Prefix); err != nil {
			return nil, "prefix", err
		}
	}
	switch r.Match {
	case "$sentence", "$title", "$lower", "$upper":
	case "":
		return nil, "match", errorf("a capitalization rule needs match: $sentence, $title, $lower, $upper or a pattern")
	default:
		if c.match, err = compilePattern(r.Match); err != nil {
			return nil, "match", err
		}
	}
	return c, "", nil
}

func (c *capitalization) run(b *block, _ *state) []hit {
	s := b.text
	var expected string
	var ok bool
	switch c.r.Match {
	case "$sentence":
		expected = c.sentence(s)
		ok = c.score(s, expected, true)
	case "$title":
		expected = c.title(s)
		ok = c.score(s, expected, false)
	case "$lower":
		expected = strings.ToLower(s)
		ok = s == expected || c.isException(s)
	case "$upper":
		expected = strings.ToUpper(s)
		ok = s == expected || c.isException(s)
	default:
		expected = c.match.String()
		ok = c.match.match(s) || c.isException(s)
	}
	if ok {
		return nil
	}
	var sugg []string
	if c.r.Action.Name == "replace" {
		sugg = c.r.Action.Params
		if len(sugg) == 0 && strings.HasPrefix(c.r.Match, "$") {
			sugg = []string{expected}
		}
	}
	return []hit{{start: 0, end: len(s), message: format(c.r.Message, s, expected), suggestions: sugg}}
}

func (c *capitalization) isException(s string) bool {
	return c.except != nil && c.except.match(s)
}

// score compares the words of s with those of expected and reports whether
// enough of them agree (the rule's threshold, 0.8 by default).
func (c *capitalization) score(s, expected string, sentence bool) bool {
	want := c.words.findAllString(expected)
	got := c.words.findAllString(s)
	count, words := 0.0, 0.0
	for i, w := range got {
		switch {
		case i >= len(want):
			count++
		case w == want[i] || c.isException(w):
			count++
		case sentence && i == 0 && w != titleWords(strings.ToLower(w)):
			return false
		case !sentence && w == strings.ToUpper(w):
			count++
		}
		words++
	}
	if words == 0 {
		return true
	}
	return count/words >= c.r.Threshold
}

// sentence is s in sentence case: the first word, and a word after an
// indicator (a colon, by default), capitalized, the rest lower case, the
// vocabulary as written.
func (c *capitalization) sentence(s string) string {
	prefix := ""
	if c.prefix != nil {
		if p := c.prefix.FindString(s); p != "" && strings.HasPrefix(s, p) {
			prefix, s = p, s[len(p):]
		}
	}
	tokens := c.conv.findAllString(s)
	made := make([]string, 0, len(tokens))
	for i, t := range tokens {
		v := c.inVocab(t) // a vocabulary term keeps its own case
		switch {
		case v != "":
			made = append(made, v)
		case i == 0 || c.indicator(tokens[i-1], i-1):
			made = append(made, capFirstLower(t))
		default:
			made = append(made, strings.ToLower(t))
		}
	}
	return prefix + strings.Join(made, " ")
}

var numberItem = regexp.MustCompile(`\d+\.`)

func (c *capitalization) indicator(word string, idx int) bool {
	ind := c.r.Indicators
	if len(ind) == 0 {
		ind = []string{":"}
	}
	for _, s := range ind {
		if strings.HasSuffix(word, s) {
			return true
		}
	}
	return idx == 0 && numberItem.MatchString(word)
}

func (c *capitalization) inVocab(s string) string {
	for i, v := range c.vocab {
		if strings.EqualFold(v, s) {
			return v
		}
		if c.vocabR[i].match(s) {
			return s
		}
	}
	return ""
}

// smallWords stay lower case in a title unless first or last.
var smallWords = map[string]bool{
	"a": true, "an": true, "and": true, "as": true, "at": true, "but": true, "by": true, "for": true,
	"if": true, "in": true, "nor": true, "of": true, "off": true, "on": true, "or": true, "per": true,
	"so": true, "the": true, "to": true, "up": true, "via": true, "vs": true, "yet": true, "is": false,
}

// title is s in title case (AP-like): every word capitalized but short
// function words inside the title.
func (c *capitalization) title(s string) string {
	tokens := c.conv.findAllString(s)
	made := make([]string, 0, len(tokens))
	for i, t := range tokens {
		v := c.inVocab(t) // a vocabulary term keeps its own case
		switch {
		case v != "":
			made = append(made, v)
		case i > 0 && i < len(tokens)-1 && smallWords[strings.ToLower(t)] && !c.indicator(tokens[i-1], i-1):
			made = append(made, strings.ToLower(t))
		default:
			made = append(made, capFirst(t))
		}
	}
	return strings.Join(made, " ")
}

func capFirstLower(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToTitle(r)) + strings.ToLower(s[n:])
}

func capFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToTitle(r)) + s[n:]
}

// titleWords capitalizes the first letter of every word, as the
// deprecated strings.Title did: a word starts after white space or ASCII
// punctuation.
func titleWords(s string) string {
	prev := ' '
	return strings.Map(func(r rune) rune {
		var sep bool
		switch {
		case prev < utf8.RuneSelf:
			sep = !(prev >= 'a' && prev <= 'z' || prev >= 'A' && prev <= 'Z' || prev >= '0' && prev <= '9' || prev == '_')
		default:
			sep = unicode.IsSpace(prev)
		}
		prev = r
		if sep {
			return unicode.ToTitle(r)
		}
		return r
	}, s)
}
