package prose

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"
)

//go:generate go test -run TestSyllableExceptionTable -update-exceptions

// Syllables returns the number of syllables in an English word. It looks the
// word up in a small table of exceptions generated from the CMU Pronouncing
// Dictionary (see testdata/syllables) and otherwise applies spelling rules.
// A hyphenated word is the sum of its parts. A word with letters has at least
// one syllable; a token without letters (a number) counts as one.
func Syllables(word string) int {
	if word == "" {
		return 0
	}
	var buf [64]byte
	w, ok := normalize(word, buf[:0])
	if !ok {
		return syllablesSlow(word)
	}
	return countParts(w)
}

// normalize lower-cases an ASCII word and drops apostrophes; ok is false
// when the word has other than ASCII letters, apostrophes and hyphens.
func normalize(word string, buf []byte) ([]byte, bool) {
	for i := 0; i < len(word); i++ {
		c := word[i]
		switch {
		case c >= 'a' && c <= 'z', c == '-':
			buf = append(buf, c)
		case c >= 'A' && c <= 'Z':
			buf = append(buf, c+'a'-'A')
		case c == '\'':
		default:
			if c >= utf8.RuneSelf && strings.HasPrefix(word[i:], "’") {
				i += len("’") - 1
				continue
			}
			return nil, false
		}
	}
	return buf, true
}

// syllablesSlow handles words with digits or letters outside ASCII: accented
// letters are read as their base letter; a token with no letters counts one.
func syllablesSlow(word string) int {
	var b []byte
	letters := false
	for _, r := range word {
		r = unicode.ToLower(r)
		if r < utf8.RuneSelf {
			if r >= 'a' && r <= 'z' || r == '-' {
				b = append(b, byte(r))
				letters = letters || r != '-'
			}
			continue
		}
		if f, ok := foldLatin[r]; ok {
			b = append(b, f)
			letters = true
		} else if unicode.IsLetter(r) {
			letters = true
		}
	}
	if len(b) == 0 || !letters {
		return 1
	}
	return max(countParts(b), 1)
}

// foldLatin maps common accented Latin letters to their base letter.
var foldLatin = map[rune]byte{
	'à': 'a', 'á': 'a', 'â': 'a', 'ã': 'a', 'ä': 'a', 'å': 'a', 'æ': 'a',
	'ç': 'c', 'è': 'e', 'é': 'e', 'ê': 'e', 'ë': 'e', 'ì': 'i', 'í': 'i',
	'î': 'i', 'ï': 'i', 'ñ': 'n', 'ò': 'o', 'ó': 'o', 'ô': 'o', 'õ': 'o',
	'ö': 'o', 'ø': 'o', 'ù': 'u', 'ú': 'u', 'û': 'u', 'ü': 'u', 'ý': 'y', 'ÿ': 'y',
}

// countParts counts a lower-case ASCII word, summing hyphenated parts.
func countParts(w []byte) int {
	total := 0
	for len(w) > 0 {
		part := w
		i := bytes.IndexByte(w, '-')
		if i >= 0 {
			part, w = w[:i], w[i+1:]
		} else {
			w = nil
		}
		if len(part) == 0 {
			continue
		}
		if n, ok := syllableExceptions[string(part)]; ok {
			total += int(n)
		} else {
			total += max(ruleSyllables(part), 1)
		}
	}
	return total
}
