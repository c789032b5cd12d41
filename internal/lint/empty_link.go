package lint

import "strings"

// emptyLink flags a link with no text to click or nowhere to go. A link whose
// content is an image has the image's alt text (image-alt speaks when it has
// none, so a badge without alt text is one finding, not two), and one whose
// content is an HTML <img> has its alt attribute. Markers such as
// "[](#name)", which documentation tools read and readers never see, are
// not links.
var emptyLink = register(&Rule{
	ID: "empty-link",
	document: func(p *pass, r *Rule) {
		for i := range p.doc.Links {
			l := &p.doc.Links[i]
			if l.Auto || isMarker(p.doc.Source, l) {
				continue
			}
			switch {
			case strings.TrimSpace(l.Destination) == "" || l.Destination == "#":
				p.reportAt(r, l.Start, ")", l.Text, "link goes nowhere; put its address between the parentheses")
			case strings.TrimSpace(l.Text) == "":
				content := linkContent(p.doc.Source, l.Start)
				if strings.Contains(content, "![") {
					continue // an image: image-alt checks its alt text
				}
				if alt, img := htmlImageText(content); img {
					if alt == "" {
						p.reportAt(r, l.Start, l.Destination, l.Destination, `link's only content is an <img> without alt text; add alt="what it shows" to the tag`)
					}
					continue
				}
				p.reportAt(r, l.Start, l.Destination, l.Destination, "link has no text; write what a reader clicks between the brackets")
			}
		}
	},
})
