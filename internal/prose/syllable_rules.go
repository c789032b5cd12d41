package prose

import "bytes"

// ruleSyllables estimates the syllables of a lower-case ASCII word from its
// spelling. It peels off common suffixes (each worth a known number of
// syllables), counts vowel groups in what is left, and corrects for silent
// letters and for vowel pairs that are spoken as two syllables.
func ruleSyllables(w []byte) int {
	n := 0
	if stem, add, ok := peelInflection(w); ok {
		w, n = stem, add
	}
	for range 3 {
		stem, add, ok := peelDerivation(w)
		if !ok {
			break
		}
		w, n = stem, n+add
	}
	if len(w) == 0 {
		return n
	}
	if first, second, ok := splitCompound(w); ok {
		return n + max(stemSyllables(first), 1) + max(stemSyllables(second), 1)
	}
	return n + max(stemSyllables(w), 1)
}

// secondElements end compounds whose first part ends in a silent e
// ("baseline", "lifeguard", "homework"): the e is silent inside the word too.
var secondElements = []string{
	"man", "men", "woman", "women", "line", "lines", "yard", "ward", "wards", "board",
	"guard", "time", "work", "house", "side", "way", "ways", "one", "thing", "where",
	"body", "land", "mark", "back", "ball", "book", "light", "like", "ship", "keeper",
	"keeping", "maker", "making", "stone", "place", "some", "hood", "wood", "walk",
	"room", "born", "table", "father", "owner", "holder", "burger", "witness", "glass",
	"glasses", "fly", "shore", "life", "sake", "craft", "wise", "bound", "piece",
	"worm", "work", "day", "night", "town", "front", "cake", "wife", "line",
}

// secondByLast buckets secondElements by their last letter.
var secondByLast = func() (b [26][]string) {
	for _, s := range secondElements {
		c := s[len(s)-1] - 'a'
		b[c] = append(b[c], s)
	}
	return b
}()

func splitCompound(w []byte) (first, second []byte, ok bool) {
	last := w[len(w)-1]
	if len(w) < 6 || last < 'a' || last > 'z' {
		return nil, nil, false
	}
	for _, s := range secondByLast[last-'a'] {
		cut := len(w) - len(s)
		if cut < 3 || !endsWith(w, s) {
			continue
		}
		first := w[:cut]
		if first[cut-1] == 'e' && !isVowel(first[cut-2]) && hasVowel(first[:cut-2]) {
			return first, w[cut:], true
		}
	}
	return nil, nil, false
}

func isVowel(c byte) bool {
	switch c {
	case 'a', 'e', 'i', 'o', 'u', 'y':
		return true
	}
	return false
}

func hasVowel(w []byte) bool {
	for _, c := range w {
		if isVowel(c) {
			return true
		}
	}
	return false
}

func endsWith(w []byte, s string) bool { return bytes.HasSuffix(w, []byte(s)) }

func tryCut(w []byte, cut, syllables int) ([]byte, int, bool) {
	s := w[:len(w)-cut]
	if len(s) < 2 || !hasVowel(s) {
		return nil, 0, false
	}
	return s, syllables, true
}

// peelDerivation removes one derivational suffix and returns the stem and
// the syllables the suffix adds.
func peelDerivation(w []byte) (stem []byte, add int, ok bool) {
	l := len(w)
	switch {
	case l > 5 && endsWith(w, "ness"), l > 5 && endsWith(w, "less"):
		return tryCut(w, 4, 1)
	case l > 7 && endsWith(w, "ment") && !endsWith(w, "ament") && !endsWith(w, "iment"):
		return tryCut(w, 4, 1)
	case l > 4 && endsWith(w, "ful"):
		return tryCut(w, 3, 1)
	case l > 6 && (endsWith(w, "ically") || endsWith(w, "ionally")):
		return tryCut(w, 4, 1) // basically, emotionally: the a is not spoken
	case l > 4 && endsWith(w, "ly") && !endsWith(w, "ply") && !endsWith(w, "bly") && !endsWith(w, "lly"):
		return tryCut(w, 2, 1)
	case l > 4 && endsWith(w, "lly") && !endsWith(w, "ally"):
		return tryCut(w, 2, 1) // fully, dully: keep the stem's l
	}
	return nil, 0, false
}

// peelInflection removes an inflection (-s, -es, -ed, -ing) and returns the
// stem and the syllables the inflection adds.
func peelInflection(w []byte) (stem []byte, add int, ok bool) {
	l := len(w)
	switch {
	case l > 4 && endsWith(w, "ing") && !endsWith(w, "thing"):
		s, a, ok := tryCut(w, 3, 1)
		if ok && (s[len(s)-1] == 'u' || s[len(s)-1] == 'i') {
			return nil, 0, false // "-uing", "-iing" are not a clean suffix
		}
		return s, a, ok
	case l > 6 && endsWith(w, "iest"):
		return tryCut(w, 3, 1) // easiest: easi + est
	case l > 3 && endsWith(w, "ed") && !endsWith(w, "eed"):
		c := w[l-3]
		switch {
		case c == 't' || c == 'd':
			return tryCut(w, 2, 1)
		case c == 'l' && l > 4 && !isVowel(w[l-4]) && w[l-4] != 'l':
			return tryCut(w, 2, 1) // bottled: the stem's le is spoken
		case c == 'e' || c == 'i' || c == 'y' || !isVowel(c):
			return tryCut(w, 2, 0)
		}
	case l > 3 && endsWith(w, "es"):
		c := w[l-3]
		switch {
		case c == 's' || c == 'x' || c == 'z' || endsWith(w, "ches") || endsWith(w, "shes"):
			return tryCut(w, 2, 1)
		case c == 'c' || c == 'g':
			return tryCut(w, 1, 1) // places, pages: the e of place is spoken in -es
		default:
			return tryCut(w, 1, 0) // makes, tables, cities: the stem keeps its e
		}
	case l > 3 && w[l-1] == 's' && !endsWith(w, "ss") && !endsWith(w, "us") && !endsWith(w, "is"):
		return tryCut(w, 1, 0)
	}
	return nil, 0, false
}

// stemSyllables counts the vowel groups of a stem and corrects them.
func stemSyllables(w []byte) int {
	l := len(w)
	n := 0
	for i := 0; i < l; {
		if !isVowel(w[i]) || (w[i] == 'y' && i+1 < l && isVowel(w[i+1]) && (i == 0 || !isVowel(w[i-1]))) {
			// A consonant, or a y that starts a syllable ("yes", "beyond").
			i++
			continue
		}
		j := i + 1
		for j < l && isVowel(w[j]) && !(w[j] == 'y' && j+1 < l && isVowel(w[j+1])) {
			j++
		}
		n += groupSyllables(w, i, j)
		i = j
	}
	// A final e after a consonant is silent ("make", "whole"), except in a
	// consonant + le/re ending ("table", "acre").
	if l > 2 && w[l-1] == 'e' && !isVowel(w[l-2]) {
		c := w[l-2]
		keep := (c == 'l' || c == 'r') && !isVowel(w[l-3])
		if !keep && n > 1 {
			n--
		}
	}
	switch {
	case endsWith(w, "sm"), endsWith(w, "thm"): // criticism, rhythm
		n++
	case l > 3 && (endsWith(w, "gue") || endsWith(w, "que")) && n > 1:
		n-- // league, unique: the ue is silent
	}
	return n
}

// groupSyllables returns the syllables in the vowel group w[i:j]: usually one,
// two where the pair is spoken apart ("media", "video", "actual").
func groupSyllables(w []byte, i, j int) int {
	g := w[i:j]
	if len(g) == 1 {
		return 1
	}
	var prev byte
	if i > 0 {
		prev = w[i-1]
	}
	atEnd := j == len(w)
	n := 1
	for k := 0; k+1 < len(g); k++ {
		if hiatus(g[k], g[k+1], prev, k, atEnd && k+2 == len(g), w, i+k) {
			n++
		}
	}
	return n
}

// hiatus reports whether vowels a and b, side by side at w[pos], are spoken
// as two syllables. prev is the consonant before the group.
func hiatus(a, b, prev byte, k int, pairAtEnd bool, w []byte, pos int) bool {
	after := byte(0)
	if pos+2 < len(w) {
		after = w[pos+2]
	}
	soft := k == 0 && (prev == 't' || prev == 'c' || prev == 's' || prev == 'x' || prev == 'g' ||
		prev == 'h' && pos >= 2 && w[pos-2] == 's')
	switch {
	case a == 'i' && b == 'a':
		// media, trial; not special, asian, marriage
		return after == 't' || !soft && !(after == 'g' && pos+3 < len(w) && w[pos+3] == 'e')
	case a == 'i' && b == 'o':
		// radio, violent; not nation, region, million
		return !soft && !(k == 0 && pos >= 2 && (prev == 'l' || prev == 'n') && after == 'n')
	case a == 'i' && b == 'u':
		return true // medium
	case a == 'i' && b == 'e':
		// quiet, society, easier, client; not piece, field, die
		switch after {
		case 't':
			return pos+3 >= len(w) || w[pos+3] == 'y'
		case 'r':
			return pos+3 >= len(w) && len(w) > 4
		case 'n':
			return !soft && pos+3 < len(w) && (w[pos+3] == 'c' || w[pos+3] == 't')
		}
		return false
	case a == 'e' && b == 'o':
		return !(k == 0 && (prev == 'g' || prev == 'c') && pos > 1) && !(prev == 'p' && after == 'p')
	case a == 'e' && b == 'a':
		// idea, area; create, react
		return pairAtEnd && len(w) > 4 || after == 't' && pos >= 2 && w[pos-1] == 'r' && w[pos-2] == 'c'
	case a == 'u' && b == 'a', a == 'u' && b == 'o':
		return !(k == 0 && (prev == 'q' || prev == 'g'))
	case a == 'u' && b == 'e':
		// cruel, fluent, duet; not blue, guess, queen
		return !pairAtEnd && !(k == 0 && (prev == 'q' || prev == 'g')) && (after == 'l' || after == 'n' || after == 't')
	case a == 'u' && b == 'i':
		return after == 'n' || after == 't' && k == 0 && prev == 'u'
	case a == 'o' && b == 'e':
		return after == 'm' || after == 't' // poem, poet
	case a == 'o' && b == 'i':
		return pairAtEnd // heroi- rare; "stoic"
	case a == 'y' && isVowel(b) && b != 'e':
		return true // crayon? no: y was a consonant; this is "-ya" after a vowel
	}
	return false
}
