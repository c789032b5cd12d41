package lint

import "strings"

// emptyLink flags a link with no text to click or nowhere to go.
var emptyLink = &Rule{
	ID: "empty-link", Kind: Structure, Severity: Suggestion,
	Doc: `A link with no text or no destination ("[]()", "[text]()", "[text](#)").`,
	document: func(p *pass, r *Rule) {
		for _, l := range p.doc.Links {
			if l.Auto {
				continue
			}
			switch {
			case strings.TrimSpace(l.Destination) == "" || l.Destination == "#":
				p.reportAt(r, l.Start, ")", l.Text, "link goes nowhere; put its address between the parentheses")
			case strings.TrimSpace(l.Text) == "":
				p.reportAt(r, l.Start, l.Destination, l.Destination, "link has no text; write what a reader clicks between the brackets")
			}
		}
	},
}
