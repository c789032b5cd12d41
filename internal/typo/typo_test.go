package typo

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// Expected distances are hand counts.
func TestDistance(t *testing.T) {
	t.Parallel()
	tests := []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"post.md", "post.md", 0},
		{"pots.md", "post.md", 2},
		{"kitten", "sitting", 3},
		{"", "abc", 3},
		{"descrption", "description", 1},
		{strings.Repeat("a", 300), strings.Repeat("a", 300), 300}, // too long to compare
	}
	for _, tt := range tests {
		if got := Distance(tt.a, tt.b); got != tt.want {
			t.Errorf("Distance(%q, %q) = %d; want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

// Expected distances are hand counts; past k the answer is k+1.
func TestWithin(t *testing.T) {
	t.Parallel()
	tests := []struct {
		a, b string
		k    int
		want int
	}{
		{"", "", 0, 0},
		{"install", "install", 2, 0},
		{"instal", "install", 2, 1},
		{"pots.md", "post.md", 2, 2},
		{"pots.md", "post.md", 1, 2},
		{"kitten", "sitting", 3, 3},
		{"kitten", "sitting", 2, 3},
		{"sitting", "kitten", 5, 3},
		{"", "abc", 3, 3},
		{"", "abc", 2, 3},
		{"abc", "", 1, 2},
		{"first-step", "first-steps", 4, 1},
		{"section-12x", "section-120", 4, 1},
		{"section-12x", "section-3", 4, 3},
		{"zzz-qqq", "guide", 3, 4},
		{"abcdef", "badcfe", 6, 4}, // insert b, keep a, b→d, keep c, d→f, keep e, delete f
		{"abcdef", "badcfe", 1, 2},
		{strings.Repeat("a", 300), strings.Repeat("a", 300), 5, 6}, // too long to compare
	}
	for _, tt := range tests {
		if got := Within(tt.a, tt.b, tt.k); got != tt.want {
			t.Errorf("Within(%q, %q, %d) = %d; want %d", tt.a, tt.b, tt.k, got, tt.want)
		}
	}
}

// TestWithinAgrees compares Within with the full table of Distance on
// random words of a small alphabet, where near misses are common.
func TestWithinAgrees(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	word := func() string {
		b := make([]byte, rng.IntN(14))
		for i := range b {
			b[i] = "abc-"[rng.IntN(4)]
		}
		return string(b)
	}
	for range 20000 {
		a, b, k := word(), word(), rng.IntN(8)
		if got, want := Within(a, b, k), min(Distance(a, b), k+1); got != want {
			t.Fatalf("Within(%q, %q, %d) = %d; Distance gives %d", a, b, k, got, want)
		}
	}
}

func FuzzWithin(f *testing.F) {
	f.Add("kitten", "sitting", 2)
	f.Add("section-12x", "section-120", 4)
	f.Fuzz(func(t *testing.T, a, b string, k int) {
		k = k & 63
		if got, want := Within(a, b, k), min(Distance(a, b), k+1); got != want {
			t.Fatalf("Within(%q, %q, %d) = %d; Distance gives %d", a, b, k, got, want)
		}
	})
}
