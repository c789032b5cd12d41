package prose

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/clipperhouse/uax29/v2/words"
)

// Span is a byte range [Start, End) in a text.
type Span struct {
	Start, End int
}

// hyphens join the parts of a compound ("well-known", "state-of-the-art")
// into one word, as a reader counts them.
var hyphens = &words.Joiners[string]{Middle: []rune("-‐")}

// Words returns the words of text: the Unicode (UAX #29) word segments that
// hold a letter or a digit, with hyphenated compounds kept whole. Whitespace,
// punctuation, symbols and the markdown.Placeholder are not words.
func Words(text string) []Span {
	out := make([]Span, 0, len(text)/6+1)
	return appendWords(out, text, 0)
}

// appendWords appends the words of text, offsets shifted by base.
func appendWords(out []Span, text string, base int) []Span {
	if isASCIIOrPlaceholder(text) {
		return appendASCIIWords(out, text, base)
	}
	return appendUnicodeWords(out, text, base)
}

func appendUnicodeWords(out []Span, text string, base int) []Span {
	it := words.FromString(text)
	it.Joiners(hyphens)
	for it.Next() {
		if isWord(it.Value()) {
			out = append(out, Span{base + it.Start(), base + it.End()})
		}
	}
	return out
}

func isWord(tok string) bool {
	for i := 0; i < len(tok); i++ {
		c := tok[i]
		if c < utf8.RuneSelf {
			if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
				return true
			}
			continue
		}
		r, size := utf8.DecodeRuneInString(tok[i:])
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return true
		}
		i += size - 1
	}
	return false
}

// neverEnd are abbreviations, lower case and without their final period,
// after which a sentence does not end even when a capital follows
// ("Dr. Lee", "e.g. Python").
var neverEnd = map[string]bool{
	"mr": true, "mrs": true, "ms": true, "mx": true, "dr": true, "prof": true,
	"st": true, "sr": true, "jr": true, "rev": true, "hon": true, "gen": true,
	"col": true, "capt": true, "lt": true, "sgt": true, "gov": true, "sen": true,
	"rep": true, "e.g": true, "i.e": true, "eg": true, "ie": true, "vs": true,
	"cf": true, "viz": true, "approx": true, "fig": true, "figs": true, "eq": true,
	"vol": true, "pp": true, "ch": true, "sec": true, "dept": true, "est": true,
	"incl": true, "resp": true, "ca": true, "mt": true, "ft": true, "ave": true,
}

// Sentences splits text into sentences and returns their byte ranges, leading
// and trailing spaces left out. A sentence ends at ".", "!", "?", "…" or "..."
// (with any closing quotes and brackets after them) followed by a space and
// then something other than a lower-case letter; a period after an
// abbreviation ("e.g.", "Dr."), an initial ("J. R. R.") or "No." before a
// number does not end one. The end of text ends the last sentence. Ranges
// with no word in them are dropped.
func Sentences(text string) []Span {
	return appendSentences(nil, text)
}

func appendSentences(out []Span, text string) []Span {
	start := 0
	emit := func(end int) {
		s, e := trimSpace(text, start, end)
		if e > s && hasWordChar(text[s:e]) {
			out = append(out, Span{s, e})
		}
		start = end
	}
	for i := 0; i < len(text); {
		c := text[i]
		if c != '.' && c != '!' && c != '?' && !strings.HasPrefix(text[i:], "…") && !strings.HasPrefix(text[i:], "‽") {
			i++
			continue
		}
		// A run of terminators, then closing quotes and brackets.
		term := i
		j := i
		for j < len(text) {
			if t := text[j]; t == '.' || t == '!' || t == '?' {
				j++
			} else if strings.HasPrefix(text[j:], "…") || strings.HasPrefix(text[j:], "‽") {
				j += 3
			} else {
				break
			}
		}
		single := j-term == 1 && c == '.'
		for j < len(text) {
			r, size := utf8.DecodeRuneInString(text[j:])
			if !isCloser(r) {
				break
			}
			j += size
		}
		if j == len(text) {
			break
		}
		r, _ := utf8.DecodeRuneInString(text[j:])
		if !unicode.IsSpace(r) {
			i = j // "3.14", "v1.2.3", "example.com", "?!x"
			continue
		}
		next := nextWordStart(text, j)
		if next < len(text) && endsSentence(text, term, next, single) {
			emit(j)
		}
		i = j
	}
	emit(len(text))
	return out
}

// endsSentence decides whether the terminator at text[term] ends a sentence
// when the next word starts at text[next].
func endsSentence(text string, term, next int, singlePeriod bool) bool {
	r, _ := utf8.DecodeRuneInString(text[next:])
	if unicode.IsLower(r) {
		return false
	}
	if !singlePeriod {
		return true
	}
	// The word before the period, dots inside it included ("e.g", "U.S").
	w := term
	for w > 0 {
		p, size := utf8.DecodeLastRuneInString(text[:w])
		if p != '.' && !unicode.IsLetter(p) {
			break
		}
		w -= size
	}
	word := text[w:term]
	if word == "" {
		return true
	}
	if n := utf8.RuneCountInString(word); n == 1 {
		// An initial: "J. R. R. Tolkien", "Plan B."
		first, _ := utf8.DecodeRuneInString(word)
		return !unicode.IsUpper(first)
	}
	lower := strings.ToLower(word)
	if neverEnd[lower] {
		return false
	}
	if lower == "no" || lower == "nos" {
		return !unicode.IsDigit(r) // "No. 5"
	}
	return true
}

// nextWordStart skips spaces and opening quotes and brackets after pos.
func nextWordStart(text string, pos int) int {
	for pos < len(text) {
		r, size := utf8.DecodeRuneInString(text[pos:])
		if !unicode.IsSpace(r) && !isOpener(r) {
			break
		}
		pos += size
	}
	return pos
}

func isCloser(r rune) bool {
	switch r {
	case '"', '\'', ')', ']', '}', '”', '’', '»', '›', '」', '』':
		return true
	}
	return false
}

func isOpener(r rune) bool {
	switch r {
	case '"', '\'', '(', '[', '{', '“', '‘', '«', '‹', '「', '『':
		return true
	}
	return false
}

func trimSpace(text string, s, e int) (int, int) {
	for s < e {
		r, size := utf8.DecodeRuneInString(text[s:e])
		if !unicode.IsSpace(r) {
			break
		}
		s += size
	}
	for e > s {
		r, size := utf8.DecodeLastRuneInString(text[s:e])
		if !unicode.IsSpace(r) {
			break
		}
		e -= size
	}
	return s, e
}

func hasWordChar(s string) bool { return isWord(s) }

// The UAX #29 word-break classes of the ASCII characters that can be in a
// word; everything else is Other and breaks.
const (
	wbOther byte = iota
	wbLetter
	wbDigit
	wbUnderscore // ExtendNumLet
	wbMidLetter  // ":"
	wbMidNumLet  // "." and "'", and "-", which Words joins as if it were one
	wbMidNum     // "," and ";"
)

var wbClass = func() (t [128]byte) {
	for c := 'a'; c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = wbLetter, wbLetter
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = wbDigit
	}
	t['_'], t[':'] = wbUnderscore, wbMidLetter
	t['.'], t['\''], t['-'] = wbMidNumLet, wbMidNumLet, wbMidNumLet
	t[','], t[';'] = wbMidNum, wbMidNum
	return t
}()

const placeholder = "\uFFFC"

// isASCIIOrPlaceholder reports whether text holds only ASCII and
// markdown.Placeholder, which UAX #29 treats as Other (a hard break).
func isASCIIOrPlaceholder(text string) bool {
	for i := 0; i < len(text); i++ {
		if text[i] >= utf8.RuneSelf {
			if !strings.HasPrefix(text[i:], placeholder) {
				return false
			}
			i += len(placeholder) - 1
		}
	}
	return true
}

// appendASCIIWords is appendUnicodeWords for text that isASCIIOrPlaceholder:
// the same UAX #29 rules (WB5-WB13b) restricted to ASCII, without the cost of
// the general segmenter. FuzzASCIIWords checks that the two agree.
func appendASCIIWords(out []Span, text string, base int) []Span {
	n := len(text)
	class := func(i int) byte {
		if i < 0 || i >= n || text[i] >= utf8.RuneSelf {
			return wbOther
		}
		return wbClass[text[i]]
	}
	for i := 0; i < n; {
		c := class(i)
		if c != wbLetter && c != wbDigit && c != wbUnderscore {
			i++
			continue
		}
		start := i
		hasAlnum := c != wbUnderscore
		i++
		for i < n {
			prev, cur := class(i-1), class(i)
			switch {
			case cur == wbLetter || cur == wbDigit:
				if prev == wbLetter || prev == wbDigit || prev == wbUnderscore {
					hasAlnum = true
					i++
					continue
				}
			case cur == wbUnderscore:
				i++
				continue
			case cur == wbMidLetter || cur == wbMidNumLet:
				if prev == wbLetter && class(i+1) == wbLetter {
					i += 2
					continue
				}
				if cur == wbMidNumLet && prev == wbDigit && class(i+1) == wbDigit {
					i += 2
					continue
				}
			case cur == wbMidNum:
				if prev == wbDigit && class(i+1) == wbDigit {
					i += 2
					continue
				}
			}
			break
		}
		if hasAlnum {
			out = append(out, Span{base + start, base + i})
		}
	}
	return out
}
