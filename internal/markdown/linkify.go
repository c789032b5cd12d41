package markdown

import (
	"bytes"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
)

// gfm is goldmark with its GFM extensions, as they come: ParseTree and the
// tests' reference. A goldmark parser keeps no state between parses.
var gfm = goldmark.New(goldmark.WithExtensions(extension.GFM)).Parser()

// guarded and guardedWithoutLinkify are the same parser, and the same less
// the linkify extension (bare URLs and email addresses as links), with the
// guard's wrappers (guard.go). Linkify runs at every space of every line,
// so it costs a third of goldmark's parse even in a draft that has no bare URL.
var (
	guarded               = newGuardedParser(true)
	guardedWithoutLinkify = newGuardedParser(false)
)

// parseGFM parses body as gfm does, g watching. It parses without linkify
// first and keeps that tree when linkify could not have changed what Parse
// reads from it; otherwise it parses again with linkify.
// FuzzParseWithoutLinkify checks that both ways give the same Document.
func parseGFM(body []byte, g *guard) ast.Node {
	if bareURLLikely(body) {
		return parseGuarded(guarded, body, g)
	}
	root := parseGuarded(guardedWithoutLinkify, body, g)
	if g.err == nil && linkifyMatters(root, body, false) {
		return parseGuarded(guarded, body, g)
	}
	return root
}

// bareURLLikely is a quick look at the source for the bare URL linkify most
// often finds, "https://..." or "www..." after a space, a "(" or at the start
// of a line, so that such a draft is parsed once, with linkify, not twice.
// Link destinations, "](https://...)", and autolinks, "<https://...>", do not count.
func bareURLLikely(src []byte) bool {
	for _, marker := range []string{"://", "www."} {
		for at := 0; ; at++ {
			i := bytes.Index(src[at:], []byte(marker))
			if i < 0 {
				break
			}
			at += i
			start := at
			for start > 0 && (src[start-1] >= 'a' && src[start-1] <= 'z') {
				start-- // the scheme before "://"
			}
			if start == 0 {
				return true
			}
			switch src[start-1] {
			case ' ', '\t', '\n':
				return true
			case '(':
				if start < 2 || src[start-2] != ']' {
					return true
				}
			}
		}
	}
	return false
}

// linkifyMatters reports whether the tree goldmark built without linkify
// may differ, for Parse, from the tree it builds with it. Linkify differs in
// two ways:
//
//   - It turns text that starts with "http://", "https://", "ftp://",
//     "www." or holds an "@" into a link. The first such link would start in
//     a text node of the tree without linkify, outside link text (where
//     linkify is off) and outside code.
//   - It splits text nodes at spaces, tabs and "(", and so moves the split
//     goldmark makes at the last place an inline parser was tried on each
//     line. Parse notices splits in two places only: a character reference
//     is read within one text node ("&amp x;" with a split inside is not
//     decoded), and the trailing spaces goldmark trims at the end of a line
//     stop at the last split.
func linkifyMatters(n ast.Node, src []byte, inLinkOrCode bool) bool {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Text:
			v := c.Segment.Value(src)
			if !inLinkOrCode && (bytes.Contains(v, []byte("://")) || bytes.Contains(v, []byte("www.")) || bytes.IndexByte(v, '@') >= 0) {
				return true
			}
			if refAcrossSplit(src, c) || trimStopsAtSplit(src, c) {
				return true
			}
		case *ast.Link, *ast.Image, *ast.CodeSpan:
			if linkifyMatters(c, src, true) {
				return true
			}
		default:
			if linkifyMatters(c, src, inLinkOrCode) {
				return true
			}
		}
	}
	return false
}

// refAcrossSplit reports whether an "&" in text node t has a ";" within the
// 32 bytes charRef looks at, past the end of t or past a place where linkify
// splits text.
func refAcrossSplit(src []byte, t *ast.Text) bool {
	for at := t.Segment.Start; at < t.Segment.Stop; at++ {
		i := bytes.IndexByte(src[at:t.Segment.Stop], '&')
		if i < 0 {
			return false
		}
		at += i
		ref := src[at:min(len(src), at+33)]
		if end := bytes.IndexByte(ref, ';'); end >= 0 && (at+end >= t.Segment.Stop || bytes.ContainsAny(ref[:end], " \t\r\n\v\f(")) {
			return true
		}
	}
	return false
}

// trimStopsAtSplit reports whether the whitespace after text node t, up to
// the end of its line, holds a space or tab after its first character (less
// the two spaces of a hard line break): goldmark trims the end of a line
// from the last split, and linkify splits at each space.
func trimStopsAtSplit(src []byte, t *ast.Text) bool {
	end := t.Segment.Stop
	for end < len(src) && (src[end] == ' ' || src[end] == '\t' || src[end] == '\r' || src[end] == '\v' || src[end] == '\f') {
		end++
	}
	run := src[t.Segment.Stop:end]
	if t.HardLineBreak() {
		if r, ok := bytes.CutSuffix(run, []byte("  \r")); ok {
			run = r
		} else if r, ok := bytes.CutSuffix(run, []byte("  ")); ok {
			run = r
		}
	}
	return len(run) > 1 && bytes.ContainsAny(run[1:], " \t\v\f")
}
