package lint

import (
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/speedgrapher/speedgrapher/internal/markdown"
	"github.com/speedgrapher/speedgrapher/internal/typo"
)

// closestByScan is the did-you-mean by its definition: the first anchor in
// list order at the smallest edit distance, if that is under len(frag)/3+2.
func closestByScan(frag string, list []string) string {
	best, bestD := "", len(frag)/3+2
	for _, t := range list {
		if d := typo.Distance(strings.ToLower(frag), strings.ToLower(t)); d < bestD {
			best, bestD = t, d
		}
	}
	return best
}

// TestClosestMatchesScan: on the anchors of this repository's own markdown
// files, and fragments made from them by a few random edits, the indexed
// search suggests exactly what comparing with every anchor does.
func TestClosestMatchesScan(t *testing.T) {
	t.Parallel()
	var list []string
	err := filepath.WalkDir("../..", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() && d.Name() == ".git" {
			return filepath.SkipDir
		}
		if strings.HasSuffix(path, ".md") {
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			list = append(list, DocumentAnchors(markdown.Parse(src))...)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(list) < 100 {
		t.Fatalf("found %d anchors in the repository's markdown; want a realistic list of 100 or more", len(list))
	}
	list = append(list, "Install", "INSTALL-Go") // case must not matter
	set := newAnchorSet(list)
	rng := rand.New(rand.NewPCG(3, 4))
	edit := func(s string) string {
		b := []byte(s)
		for range 1 + rng.IntN(3) {
			i := rng.IntN(len(b) + 1)
			c := "abcdefghijklmnopqrstuvwxyz-0123"[rng.IntN(31)]
			switch rng.IntN(3) {
			case 0:
				b = append(b[:i], append([]byte{c}, b[i:]...)...)
			case 1:
				if i < len(b) {
					b = append(b[:i], b[i+1:]...)
				}
			case 2:
				if i < len(b) {
					b[i] = c
				}
			}
		}
		return string(b)
	}
	suggested := 0
	for n := range 3000 {
		frag := edit(list[rng.IntN(len(list))])
		if n%5 == 0 {
			frag = strings.ToUpper(frag)
		}
		if frag == "" || set.has(frag) {
			continue
		}
		budget := suggestBudget(0)
		want := closestByScan(frag, list)
		if got := set.closest(frag, &budget); got != want {
			t.Errorf("closest(%q) = %q; comparing with every anchor gives %q", frag, got, want)
		}
		if want != "" {
			suggested++
		}
	}
	if suggested < 1000 {
		t.Errorf("only %d fragments had a did-you-mean; the test compares too few", suggested)
	}
}

// TestClosestBudget: once the budget is spent, broken anchors are still
// reported, without a did-you-mean, and a fragment already looked up keeps
// its answer.
func TestClosestBudget(t *testing.T) {
	t.Parallel()
	set := newAnchorSet([]string{"install", "setup", "usage"})
	budget := suggestBudget(0)
	if got := set.closest("instal", &budget); got != "install" {
		t.Fatalf("closest(%q) = %q; want %q", "instal", got, "install")
	}
	budget = 0
	if got := set.closest("setpu", &budget); got != "" {
		t.Errorf("closest(%q) with no budget = %q; want none", "setpu", got)
	}
	if got := set.closest("INSTAL", &budget); got != "install" {
		t.Errorf("closest(%q) looked up before = %q; want %q", "INSTAL", got, "install")
	}
}
