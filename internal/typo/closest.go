package typo

import "strings"

// Closest returns the candidate nearest to word, ignoring case, when it is
// near enough to be a likely typo of it: at most one edit per three
// characters, plus one (so "promt" finds "prompt" and "reveiw" finds
// "review"). It returns "" when none is that near. Ties go to the earlier
// candidate.
func Closest(word string, candidates []string) string {
	return ClosestWithin(word, candidates, len(word)/3+2)
}

// ClosestWithin returns the candidate nearest to word, ignoring case, at an
// edit distance below limit, or "" when there is none. Ties go to the
// earlier candidate.
func ClosestWithin(word string, candidates []string, limit int) string {
	w := strings.ToLower(word)
	best, bestDist := "", limit
	for _, c := range candidates {
		if d := Distance(w, strings.ToLower(c)); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

// DidYouMean is Closest as the end of a message: `; did you mean "x"?`, or
// "" when nothing is near.
func DidYouMean(word string, candidates []string) string {
	if c := Closest(word, candidates); c != "" {
		return `; did you mean "` + c + `"?`
	}
	return ""
}
