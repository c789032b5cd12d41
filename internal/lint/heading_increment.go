package lint

import "fmt"

// headingIncrement flags a heading more than one level below the heading
// before it ("#" then "###"): readers and screen readers lose the outline.
var headingIncrement = register(&Rule{
	ID: "heading-increment",
	document: func(p *pass, r *Rule) {
		prev := 0
		for i := range p.doc.Headings {
			h := &p.doc.Headings[i]
			if prev > 0 && h.Level > prev+1 {
				p.reportHeading(r, h, fmt.Sprintf(
					"heading level %d follows level %d; make it level %d", h.Level, prev, prev+1))
			}
			prev = h.Level
		}
	},
})
