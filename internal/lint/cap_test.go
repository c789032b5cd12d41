package lint

import (
	"strings"
	"testing"

	"github.com/speedgrapher/speedgrapher/internal/markdown"
)

// A rule reports at most maxFindingsPerRule findings on a draft, and the
// last one it keeps says how many it left out.
func TestFindingsPerRuleAreBounded(t *testing.T) {
	t.Parallel()
	// 1,500 sentences, each with one repeated word: 1,500 repeats by count.
	src := strings.Repeat("We saw the the cat. ", 1500)
	findings := Check(markdown.Parse([]byte(src)), Options{Only: []string{"lexical-illusion"}})
	if len(findings) != 1000 {
		t.Fatalf("%d findings, want 1000", len(findings))
	}
	last := findings[len(findings)-1].Message
	if !strings.HasSuffix(last, "(500 more lexical-illusion findings in this draft are not listed)") {
		t.Errorf("last message %q does not say that 500 more were left out", last)
	}
	if strings.Contains(findings[0].Message, "more") {
		t.Errorf("first message %q should not count what was left out", findings[0].Message)
	}
}
