package lint

import "strings"

// emptyHeading flags a heading with no text. A heading whose only content is
// an HTML <img> with alt text ("# <img src=logo.png alt=Gonum>") has that
// text.
var emptyHeading = register(&Rule{
	ID: "empty-heading",
	document: func(p *pass, r *Rule) {
		for i := range p.doc.Headings {
			h := &p.doc.Headings[i]
			if strings.TrimSpace(h.Text) != "" {
				continue
			}
			if alt, _ := htmlImageText(string(p.doc.Source[p.lineOffset(h.Line):p.lineEnd(h.Line)])); alt != "" {
				continue
			}
			p.reportLine(r, h.Line, "", "heading has no text; write one or delete the line")
		}
	},
})
