package lint

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/speedgrapher/speedgrapher/internal/markdown"
)

// disabledByScan is the directives' meaning, finding by finding: a rule is
// off at offset when the last directive before offset that names it, or
// names no rule, is a disable.
func disabledByScan(ds []directive, rule string, offset int) bool {
	off := false
	for _, d := range ds {
		if d.offset > offset {
			break
		}
		if len(d.rules) == 0 || slices.Contains(d.rules, rule) {
			off = d.disable
		}
	}
	return off
}

// TestApplyDirectivesMatchesScan: on random drafts of directives and
// findings, the single walk keeps exactly the findings that looking back
// from each one over every directive keeps.
func TestApplyDirectivesMatchesScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	names := []string{"a", "b", "c"}
	for range 500 {
		doc := &markdown.Document{}
		offset := 0
		for range rng.IntN(8) {
			offset += rng.IntN(20)
			text := "speedgrapher-enable"
			if rng.IntN(2) == 0 {
				text = "speedgrapher-disable"
			}
			for _, n := range names {
				if rng.IntN(3) == 0 {
					text += " " + n
				}
			}
			doc.Comments = append(doc.Comments, markdown.Comment{Text: text, Start: offset - 5, End: offset})
		}
		var findings []Finding
		for range rng.IntN(30) {
			findings = append(findings, Finding{Rule: names[rng.IntN(3)], Start: rng.IntN(offset + 20)})
		}
		slices.SortStableFunc(findings, func(x, y Finding) int { return x.Start - y.Start })
		ds := directives(doc)
		var want []Finding
		for _, f := range findings {
			if !disabledByScan(ds, f.Rule, f.Start) {
				want = append(want, f)
			}
		}
		got := applyDirectives(doc, slices.Clone(findings))
		same := func(x, y Finding) bool { return x.Rule == y.Rule && x.Start == y.Start }
		if !slices.EqualFunc(got, want, same) {
			t.Fatalf("directives %+v, findings %+v:\nkept %+v\nwant %+v", ds, findings, got, want)
		}
	}
}
