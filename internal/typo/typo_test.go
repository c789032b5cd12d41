package typo

import (
	"strings"
	"testing"
)

// Expected distances are hand counts.
func TestDistance(t *testing.T) {
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
