package lint

import (
	"fmt"
	"net/url"
	"path"
	"strings"

	"github.com/speedgrapher/speedgrapher/internal/markdown"
	"github.com/speedgrapher/speedgrapher/internal/typo"
)

// brokenAnchor flags a link to a fragment that nothing in the target page
// defines: no heading's slug, no id or name attribute in its raw HTML
// (<a id="setup"></a>). In-page links ("#setup") are checked against the
// draft; links into another markdown file of the workspace
// ("guide.md#setup") against that file, when Options.Anchors can read it.
// "#top" is always allowed: browsers honour it.
var brokenAnchor = &Rule{
	ID: "broken-anchor", Kind: Structure, Severity: Suggestion,
	Doc: `A link ("#setup", "guide.md#setup") to a heading that does not exist.`,
	document: func(p *pass, r *Rule) {
		pages := map[string]*anchorSet{"": newAnchorSet(DocumentAnchors(p.doc))} // by file; "" is the draft
		for i := range p.doc.Links {
			l := &p.doc.Links[i]
			if l.Auto || isMarker(p.doc.Source, l) {
				continue // a marker ("[](#name)") is for tools, not readers
			}
			file, frag, ok := splitFragment(l.Destination)
			if !ok || (file != "" && p.opts.Anchors == nil) {
				continue
			}
			page, seen := pages[file]
			if !seen {
				if list, ok := p.opts.Anchors(file); ok {
					page = newAnchorSet(list)
				}
				pages[file] = page // nil: not a markdown file it can read; missing-file speaks for a missing one
			}
			if page == nil || frag == "top" || page.has(frag) {
				continue
			}
			where := ""
			if file != "" {
				where = fmt.Sprintf(" in %q", file)
			}
			msg := fmt.Sprintf("no heading%s has the anchor %q", where, "#"+frag)
			if near := closestAnchor(frag, page.list); near != "" {
				msg += fmt.Sprintf("; did you mean %q?", "#"+near)
			} else {
				msg += "; link to an existing heading or add one"
			}
			p.reportAt(r, l.Start, l.Destination, l.Destination, msg)
		}
	},
}

// DocumentAnchors returns what a link's fragment may name in doc: its
// headings' slugs and the id and name attributes of its raw HTML.
func DocumentAnchors(doc *markdown.Document) []string {
	out := make([]string, 0, len(doc.Headings)+len(doc.Anchors))
	for _, h := range doc.Headings {
		out = append(out, h.Slug)
	}
	return append(out, doc.Anchors...)
}

// splitFragment splits a link destination into a relative markdown file
// (empty for an in-page link) and its unescaped fragment; ok is false for
// a link with no fragment, or to anything but a markdown file of the draft's
// own site.
func splitFragment(dest string) (file, frag string, ok bool) {
	dest = strings.TrimSpace(dest)
	before, frag, found := strings.Cut(dest, "#")
	if !found || frag == "" {
		return "", "", false
	}
	if f, err := url.PathUnescape(frag); err == nil {
		frag = f
	}
	if before == "" {
		return "", frag, true
	}
	file, ok = localPath(before)
	if !ok || strings.Contains(before, "?") {
		return "", "", false
	}
	switch strings.ToLower(path.Ext(file)) {
	case ".md", ".markdown":
		return file, frag, true
	}
	return "", "", false
}

// anchorSet is what a page's fragments may name.
type anchorSet struct {
	list  []string
	lower map[string]bool
}

func newAnchorSet(list []string) *anchorSet {
	s := &anchorSet{list: list, lower: make(map[string]bool, len(list))}
	for _, a := range list {
		s.lower[strings.ToLower(a)] = true
	}
	return s
}

// has reports whether frag names an anchor, in any case: GitHub's slugs are
// lower case, and writers type "#Install".
func (s *anchorSet) has(frag string) bool { return s.lower[strings.ToLower(frag)] }

// closestAnchor returns the target nearest to frag by edit distance, if one
// is near enough to be a likely typo.
func closestAnchor(frag string, targets []string) string {
	best, bestD := "", len(frag)/3+2
	for _, t := range targets {
		if d := typo.Distance(strings.ToLower(frag), strings.ToLower(t)); d < bestD {
			best, bestD = t, d
		}
	}
	return best
}
