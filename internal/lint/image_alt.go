package lint

import "strings"

// imageAlt flags an image without alt text: screen readers have nothing to
// say, and a broken image shows nothing.
var imageAlt = register(&Rule{
	ID: "image-alt",
	document: func(p *pass, r *Rule) {
		for _, img := range p.doc.Images {
			if strings.TrimSpace(img.Alt) == "" {
				p.reportAt(r, img.Start, img.Destination, img.Destination,
					"image has no alt text; describe it between the brackets: ![what it shows](...)")
			}
		}
	},
})
