package lint

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/speedgrapher/speedgrapher/internal/markdown"
	"github.com/speedgrapher/speedgrapher/internal/typo"
)

// brokenAnchor flags an in-page link ("#setup") to a fragment that no
// heading's slug matches, nor any id or name attribute in the draft's raw
// HTML (<a id="setup"></a>). "#top" is always allowed: browsers honour it.
var brokenAnchor = &Rule{
	ID: "broken-anchor", Kind: Structure, Severity: Error,
	Doc: `An in-page link ("#setup") to a heading that does not exist.`,
	document: func(p *pass, r *Rule) {
		slugs := make(map[string]bool, len(p.doc.Headings)+len(p.doc.Anchors))
		for _, h := range p.doc.Headings {
			slugs[h.Slug] = true
		}
		for _, a := range p.doc.Anchors {
			slugs[a] = true
			slugs[strings.ToLower(a)] = true
		}
		for _, l := range p.doc.Links {
			frag, ok := strings.CutPrefix(l.Destination, "#")
			if !ok || frag == "" || l.Auto {
				continue
			}
			if f, err := url.PathUnescape(frag); err == nil {
				frag = f
			}
			if slugs[frag] || slugs[strings.ToLower(frag)] || frag == "top" {
				continue
			}
			msg := fmt.Sprintf("no heading has the anchor %q", "#"+frag)
			if near := closestSlug(frag, p.doc.Headings); near != "" {
				msg += fmt.Sprintf("; did you mean %q?", "#"+near)
			} else {
				msg += "; link to an existing heading or add one"
			}
			p.reportAt(r, l.Start, l.Destination, l.Destination, msg)
		}
	},
}

// closestSlug returns the heading slug nearest to frag by edit distance, if
// one is near enough to be a likely typo.
func closestSlug(frag string, headings []markdown.HeadingInfo) string {
	best, bestD := "", len(frag)/3+2
	for _, h := range headings {
		if d := typo.Distance(strings.ToLower(frag), h.Slug); d < bestD {
			best, bestD = h.Slug, d
		}
	}
	return best
}
