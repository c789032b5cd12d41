// Package typo measures how far apart two words are, to suggest the word a
// writer probably meant ("did you mean ...?").
package typo

// maxLen bounds the strings compared: longer ones are too long to be a typo
// of each other, and comparing them would cost len(a)×len(b).
const maxLen = 256

// Distance is the Levenshtein distance between a and b, in bytes: the fewest
// single-byte insertions, deletions and substitutions that turn a into b.
// Strings longer than 256 bytes are not compared; the answer is then the
// longer length, as if nothing matched.
func Distance(a, b string) int {
	if len(a) > maxLen || len(b) > maxLen {
		return max(len(a), len(b))
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
