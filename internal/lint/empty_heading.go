package lint

import "strings"

// emptyHeading flags a heading with no text.
var emptyHeading = &Rule{
	ID: "empty-heading", Kind: Structure, Severity: Warning,
	Doc: "A heading with no text.",
	document: func(p *pass, r *Rule) {
		for i := range p.doc.Headings {
			h := &p.doc.Headings[i]
			if strings.TrimSpace(h.Text) == "" {
				p.reportLine(r, h.Line, "", "heading has no text; write one or delete the line")
			}
		}
	},
}
