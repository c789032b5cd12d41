package lint

import (
	"fmt"
	"net/url"
	"path"
	"regexp"
	"strings"

	"github.com/speedgrapher/speedgrapher/internal/markdown"
	"github.com/speedgrapher/speedgrapher/internal/typo"
)

// brokenAnchor flags a link to a fragment that nothing in the target page
// defines: no heading's slug, no id or name attribute in its raw HTML
// (<a id="setup"></a>). In-page links ("#setup") are checked against the
// draft; links into another markdown file of the workspace
// ("guide.md#setup") against that file, when Options.Anchors can read it.
// "#top" is always allowed: browsers honour it. Each finding suggests the
// nearest anchor when one is a likely typo, while a budget linear in the
// draft's size lasts: a draft of thousands of broken links costs no more
// than a long one (see suggestBudget).
var brokenAnchor = register(&Rule{
	ID: "broken-anchor",
	document: func(p *pass, r *Rule) {
		pages := map[string]*anchorSet{"": newAnchorSet(DocumentAnchors(p.doc))} // by file; "" is the draft
		budget := suggestBudget(len(p.doc.Source))
		for i := range p.doc.Links {
			if p.cancelled() {
				return
			}
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
			if near := page.closest(frag, &budget); near != "" {
				msg += fmt.Sprintf("; did you mean %q?", "#"+near)
			} else {
				msg += "; link to an existing heading or add one"
			}
			p.reportAt(r, l.Start, l.Destination, l.Destination, msg)
		}
	},
})

// DocumentAnchors returns what a link's fragment may name in doc: its
// headings' slugs and the id and name attributes of its raw HTML.
func DocumentAnchors(doc *markdown.Document) []string {
	out := make([]string, 0, len(doc.Headings)+len(doc.Anchors))
	for _, h := range doc.Headings {
		out = append(out, h.Slug)
		if id := headingID(h.Text); id != "" {
			out = append(out, id)
		}
	}
	return append(out, doc.Anchors...)
}

// headingIDAttribute is a heading's own id, as documentation generators
// (Hugo, VitePress, Pandoc, kramdown) read it: "## Install {#setup}" is the
// target "#setup", whatever its slug.
var headingIDAttribute = regexp.MustCompile(`\{\s*#([^\s}#]+)[^}]*\}\s*$`)

// headingID returns the id a heading's text sets for itself, or "".
func headingID(text string) string {
	if m := headingIDAttribute.FindStringSubmatch(text); m != nil {
		return m[1]
	}
	return ""
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
	// byLen holds the anchors in lower case by length, each in list order,
	// and near the did-you-mean found for each lower-case fragment; both
	// are made on first use.
	byLen map[int][]candidate
	near  map[string]string
}

// candidate is an anchor in lower case and its index in anchorSet.list.
type candidate struct {
	lower string
	index int
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

// suggestBudget is how much comparing broken-anchor may do for the
// did-you-means of one draft of size bytes, in cells of the edit-distance
// table (about a nanosecond each): plenty for a page with a few broken
// links among thousands of headings, and linear in the draft when every
// link is broken. Past it, findings carry no did-you-mean.
func suggestBudget(size int) int { return 4<<20 + 64*size }

// closest returns the anchor nearest to frag by edit distance, in any case,
// if one is near enough to be a likely typo (at most len(frag)/3+1 edits),
// the first in list order among equals; "" if none is, or if budget has
// run out. Each distinct fragment is looked up once. Since two strings are
// at least as far apart as their lengths differ, only anchors of nearby
// lengths are compared, nearest lengths first so that the bound tightens
// early; each comparison is charged to budget for the most it can cost.
func (s *anchorSet) closest(frag string, budget *int) string {
	f := strings.ToLower(frag)
	if near, ok := s.near[f]; ok {
		return near
	}
	if s.byLen == nil {
		s.byLen = map[int][]candidate{}
		s.near = map[string]string{}
		for i, a := range s.list {
			l := strings.ToLower(a)
			s.byLen[len(l)] = append(s.byLen[len(l)], candidate{l, i})
		}
	}
	bound := len(frag) / 3 // the original bound: a distance under len/3+2
	bestD, bestI := bound+2, len(s.list)
	for delta := 0; delta <= bound+1 && delta <= bestD; delta++ {
		for _, l := range []int{len(f) - delta, len(f) + delta}[:min(delta+1, 2)] {
			for _, c := range s.byLen[l] {
				// A broken anchor differs from every anchor, so by at
				// least one edit; the first in list order wins a tie.
				if lb := max(delta, 1); lb > bestD || lb == bestD && c.index > bestI {
					break
				}
				limit := min(bestD, bound+1)
				if *budget -= (2*limit + 1) * (min(len(f), len(c.lower)) + 1); *budget < 0 {
					return ""
				}
				if d := typo.Within(f, c.lower, limit); d <= limit && (d < bestD || d == bestD && c.index < bestI) {
					bestD, bestI = d, c.index
				}
			}
		}
	}
	near := ""
	if bestI < len(s.list) {
		near = s.list[bestI]
	}
	s.near[f] = near
	return near
}
