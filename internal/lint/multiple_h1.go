package lint

import "fmt"

// multipleH1 flags a second top-level heading. A front matter title counts
// as the first: static site generators print it as the page's h1. A draft
// that uses "#" for every section hears it once, with the count, on the
// second one: it is one decision, not one per heading. Changelogs, whose
// releases are top-level headings, are not checked.
var multipleH1 = register(&Rule{
	ID: "multiple-h1",
	document: func(p *pass, r *Rule) {
		titled := p.doc.FrontMatter.Title != ""
		var extra []int // the top-level headings after the first (or after the title)
		seen := titled
		for i := range p.doc.Headings {
			if p.doc.Headings[i].Level != 1 {
				continue
			}
			if seen {
				extra = append(extra, i)
			}
			seen = true
		}
		if len(extra) == 0 {
			return
		}
		var msg string
		switch {
		case titled && len(extra) == 1:
			msg = "top-level heading after the front matter title, which already serves as the page's h1; make it level 2 (##) or drop the title"
		case titled:
			msg = fmt.Sprintf("%d top-level headings after the front matter title, which already serves as the page's h1; make them level 2 (##) or drop the title", len(extra))
		case len(extra) == 1:
			msg = "a second top-level heading; make it level 2 (##) so the page has one title"
		default:
			msg = fmt.Sprintf("%d top-level headings; keep the first as the page's title and make the others level 2 (##), their subsections one level lower", len(extra)+1)
		}
		p.reportHeading(r, &p.doc.Headings[extra[0]], msg)
	},
})
