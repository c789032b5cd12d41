package lint

import (
	"context"
	"strings"
	"sync"

	"github.com/speedgrapher/speedgrapher/internal/markdown"
)

// licenceOpenings are the starts of standard licence paragraphs.
var licenceOpenings = sync.OnceValue(func() []string { return dataLines("licence-openings.txt") })

// licenceBlocks marks the blocks of doc that quote a licence verbatim: a
// paragraph that starts like a standard licence paragraph, and every block
// of a section headed "License" or "Licence" (or "Copyright") that holds
// one, or of the text before the first heading when it holds one (a LICENSE
// file, a licence header). Quoted licence text is not the author's prose, so the style rules
// skip it. It returns nil when there is none.
func licenceBlocks(ctx context.Context, doc *markdown.Document) []bool {
	var skip []bool
	licenceSections := map[int]bool{}
	for bi := range doc.Blocks {
		if ctx.Err() != nil {
			return nil // the caller stops too
		}
		b := &doc.Blocks[bi]
		if b.Kind == markdown.Heading || !startsLikeLicence(b.Text) {
			continue
		}
		if skip == nil {
			skip = make([]bool, len(doc.Blocks))
		}
		skip[bi] = true
		if b.Section < 0 || isLicenceHeading(doc.Headings[b.Section].Text) {
			licenceSections[b.Section] = true // -1: the text before any heading, as in a LICENSE file
		}
	}
	if len(licenceSections) > 0 {
		for bi := range doc.Blocks {
			b := &doc.Blocks[bi]
			if b.Kind != markdown.Heading && licenceSections[b.Section] {
				skip[bi] = true
			}
		}
	}
	return skip
}

// startsLikeLicence reports whether text opens with a licence paragraph's
// first words, in any case and spacing.
func startsLikeLicence(text string) bool {
	if len(text) < 16 {
		return false
	}
	head := strings.ToLower(strings.Join(strings.Fields(text[:min(len(text), 200)]), " "))
	for _, o := range licenceOpenings() {
		if strings.HasPrefix(head, o) {
			return true
		}
	}
	return false
}

// isLicenceHeading reports whether a heading names a licence section.
func isLicenceHeading(text string) bool {
	t := strings.ToLower(strings.TrimSpace(text))
	for _, w := range []string{"license", "licence", "licensing", "copyright"} {
		if strings.HasPrefix(t, w) {
			return true
		}
	}
	return false
}
