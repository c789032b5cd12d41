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

// Within is min(Distance(a, b), k+1) for k >= 0: the distance when it is at
// most k, else k+1. It is what a did-you-mean needs, at a fraction of the
// cost: strings whose lengths differ by more than k are not compared, a
// common prefix and suffix are skipped, only the band of 2k+1 diagonals
// that a path within k can use is computed, and it stops at the first row
// where every path is past k. It does not allocate.
func Within(a, b string, k int) int {
	k = max(k, 0)
	over := k + 1
	if len(a) > maxLen || len(b) > maxLen {
		return min(max(len(a), len(b)), over)
	}
	for len(a) > 0 && len(b) > 0 && a[0] == b[0] {
		a, b = a[1:], b[1:]
	}
	for len(a) > 0 && len(b) > 0 && a[len(a)-1] == b[len(b)-1] {
		a, b = a[:len(a)-1], b[:len(b)-1]
	}
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(b)-len(a) > k {
		return over
	}
	if len(a) == 0 {
		return len(b)
	}
	// The two rows live on the stack; a short pair does not pay for
	// clearing rows of the longest.
	if len(b) < 32 {
		var rows [2][32]int
		return band(a, b, k, rows[0][:len(b)+1], rows[1][:len(b)+1])
	}
	var rows [2][maxLen + 1]int
	return band(a, b, k, rows[0][:len(b)+1], rows[1][:len(b)+1])
}

// band is Within on a and b, len(a) <= len(b), with rows of len(b)+1 cells.
// Cells outside the band hold k+1: no path through them is within k.
func band(a, b string, k int, prev, cur []int) int {
	over := k + 1
	for j := range prev {
		prev[j] = min(j, over)
	}
	for i := 1; i <= len(a); i++ {
		lo, hi := max(1, i-k), min(len(b), i+k)
		if lo == 1 {
			cur[0] = min(i, over)
		} else {
			cur[lo-1] = over
		}
		rowMin := cur[lo-1]
		for j := lo; j <= hi; j++ {
			d := prev[j-1]
			if a[i-1] != b[j-1] {
				d++
			}
			d = min(d, prev[j]+1, cur[j-1]+1, over)
			cur[j] = d
			rowMin = min(rowMin, d)
		}
		if hi < len(b) {
			cur[hi+1] = over
		}
		if rowMin >= over {
			return over
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
