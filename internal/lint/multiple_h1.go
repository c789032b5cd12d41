package lint

// multipleH1 flags a second top-level heading. A front matter title counts
// as the first: static site generators print it as the page's h1.
var multipleH1 = &Rule{
	ID: "multiple-h1", Kind: Structure, Severity: Suggestion,
	Doc: "More than one top-level heading (a front matter title counts as one).",
	document: func(p *pass, r *Rule) {
		seen := p.doc.FrontMatter.Title != ""
		for i := range p.doc.Headings {
			h := &p.doc.Headings[i]
			if h.Level != 1 {
				continue
			}
			if seen {
				msg := "a second top-level heading; make it level 2 (##) so the page has one title"
				if p.doc.FrontMatter.Title != "" {
					msg = "top-level heading after the front matter title, which already serves as the page's h1; make it level 2 (##) or drop the title"
				}
				p.reportHeading(r, h, msg)
			}
			seen = true
		}
	},
}
