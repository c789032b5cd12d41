package markdown

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"html"
	"strings"

	"github.com/yuin/goldmark/ast"
	extast "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"
)

// ParseTree parses src with goldmark and its GFM extensions, the
// configuration Parse reads drafts with, and returns goldmark's tree. It is
// here for benchmarks that compare Parse with goldmark's own parse of the
// same bytes.
func ParseTree(src []byte) ast.Node {
	return gfm.Parse(text.NewReader(src))
}

// Parse reads a markdown draft with no deadline. It never fails: a draft
// past one of the limits reads as one with no prose (ParseContext says
// why), and a front matter block that does not parse is reported in
// Document.FrontMatter.Err.
func Parse(src []byte) *Document {
	d, _ := ParseContext(context.Background(), src)
	return d
}

// ParseContext reads a markdown draft, looking at ctx between blocks. It
// fails, with a *LimitError that says which limit and where, on a draft
// past one of the limits in limits.go, and with ctx's error when ctx is
// done; the Document it returns then holds the source and front matter but
// no prose. Malformed markdown is still markdown, and a front matter block
// that does not parse is reported in Document.FrontMatter.Err.
func ParseContext(ctx context.Context, src []byte) (*Document, error) {
	return parse(ctx, src, parseGFM)
}

// parse is ParseContext with the goldmark parse of the body given.
func parse(ctx context.Context, src []byte, parseBody func([]byte, *guard) ast.Node) (*Document, error) {
	fm, body := splitFrontMatter(src)
	d := &Document{Source: src, FrontMatter: fm, lines: newLineIndex(src)}
	if le := (*LimitError)(nil); errors.As(fm.Err, &le) {
		return d, le
	}
	if err := ctx.Err(); err != nil {
		return d, fmt.Errorf("parse draft: %w", err)
	}
	if err := checkBody(body, &d.lines); err != nil {
		return d, err
	}
	g := &guard{ctx: ctx, lines: &d.lines, size: len(body), lines0: lineWeight(body), maxWeight: len(body)/MarkerDensity + FreeWeight}
	var root ast.Node
	g.weight = g.lines0
	if g.weigh(0, 0); g.err == nil {
		root = parseBody(body, g)
	}
	if g.err != nil {
		return d, g.err
	}
	w := walker{ctx: ctx, doc: d, src: body, section: -1, slugs: slugger{}}
	// Sized so the buffers rarely grow: prose is most of a draft, a span
	// covers a few dozen bytes and each line break takes two; the blocks
	// are counted.
	w.b.text.Grow(len(body))
	w.b.spans = make([]Span, 0, len(body)/32+2*g.lines0/3+1)
	nblocks := countBlocks(root)
	d.Blocks = make([]Block, 0, nblocks)
	w.ranges = make([]blockRange, 0, nblocks)
	w.blocks(root, Paragraph)
	if w.err != nil {
		return &Document{Source: src, FrontMatter: fm, lines: d.lines}, w.err
	}
	// All blocks' text lives in one string and their spans in one slice:
	// two allocations instead of two per block.
	all := w.b.text.String()
	for i := range d.Blocks {
		r := w.ranges[i]
		d.Blocks[i].Text = all[r.text:r.textEnd]
		d.Blocks[i].Spans = w.b.spans[r.span:r.spanEnd:r.spanEnd]
	}
	return d, nil
}

// countBlocks counts the prose blocks walker.blocks will find under n.
func countBlocks(n ast.Node) int {
	count := 0
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c.(type) {
		case *ast.Heading, *ast.Paragraph, *ast.TextBlock, *extast.TableCell:
			count++
		case *ast.FencedCodeBlock, *ast.CodeBlock, *ast.HTMLBlock:
		default:
			count += countBlocks(c)
		}
	}
	return count
}

// blockRange locates a block's text and spans in the walker's shared buffers.
type blockRange struct{ text, textEnd, span, spanEnd int }

type walker struct {
	ctx     context.Context
	err     error // ctx's error, once the walk has seen it
	visited int
	doc     *Document
	src     []byte // the source goldmark read (front matter blanked)
	section int
	slugs   slugger
	b       textBuilder
	ranges  []blockRange
}

// blocks walks block-level nodes; kind is what a paragraph found here is.
func (w *walker) blocks(n ast.Node, kind Kind) {
	for c := n.FirstChild(); c != nil && w.err == nil; c = c.NextSibling() {
		if w.visited++; w.visited%64 == 0 {
			if err := w.ctx.Err(); err != nil {
				w.err = fmt.Errorf("parse draft: %w", err)
				return
			}
		}
		switch c := c.(type) {
		case *ast.Heading:
			w.heading(c)
		case *ast.Paragraph:
			if kind == Paragraph {
				w.doc.Paragraphs++
			}
			w.prose(c, kind, 0)
		case *ast.TextBlock:
			w.prose(c, kind, 0)
		case *ast.Blockquote:
			if kind == ListItem {
				w.blocks(c, ListItem)
			} else {
				w.blocks(c, Quote)
			}
		case *ast.List:
			w.doc.Lists++
			w.blocks(c, ListItem)
		case *ast.ListItem:
			w.doc.ListItems++
			w.blocks(c, ListItem)
		case *extast.Table:
			w.doc.Tables++
			w.table(c)
		case *ast.FencedCodeBlock:
			w.codeBlock(c, true)
		case *ast.CodeBlock:
			w.codeBlock(c, false)
		case *ast.HTMLBlock:
			w.htmlBlock(c)
		default:
			w.blocks(c, kind)
		}
	}
}

func (w *walker) table(t *extast.Table) {
	for row := t.FirstChild(); row != nil; row = row.NextSibling() {
		for cell := row.FirstChild(); cell != nil; cell = cell.NextSibling() {
			w.prose(cell, TableCell, 0)
		}
	}
}

func (w *walker) heading(h *ast.Heading) {
	w.doc.Headings = append(w.doc.Headings, HeadingInfo{}) // placeholder so Section is right
	w.section = len(w.doc.Headings) - 1
	bi := w.prose(h, Heading, h.Level)
	var plain strings.Builder
	plainText(&plain, h, w.src)
	text := strings.TrimSpace(plain.String())
	// Point at the heading's first character: the "#" of an ATX heading.
	at := lineStart(w.src, nodeStart(h, w.src))
	for at < len(w.src) && (w.src[at] == ' ' || w.src[at] == '\t') {
		at++
	}
	pos := w.doc.Position(at)
	w.doc.Headings[w.section] = HeadingInfo{
		Level: h.Level, Text: text, Slug: w.slugs.unique(text),
		Line: pos.Line, Column: pos.Column, Block: bi,
	}
}

// prose turns an inline container into a Block and returns its index.
func (w *walker) prose(n ast.Node, kind Kind, level int) int {
	w.b.startBlock()
	r := blockRange{text: w.b.text.Len(), span: len(w.b.spans)}
	w.inlines(n)
	r.textEnd, r.spanEnd = w.b.text.Len(), len(w.b.spans)
	w.ranges = append(w.ranges, r)
	spans := w.b.spans[r.span:r.spanEnd]
	start := nodeStart(n, w.src)
	end := start
	if len(spans) > 0 {
		start = spans[0].Source
		last := spans[len(spans)-1]
		end = last.Source + last.SourceLen
	}
	w.doc.Blocks = append(w.doc.Blocks, Block{
		Kind: kind, Level: level,
		Start: start, End: end, Line: w.doc.Position(start).Line, Section: w.section,
	})
	return len(w.doc.Blocks) - 1
}

// inlines appends the prose of n's inline children to the text builder and
// records the links, images and comments it meets.
func (w *walker) inlines(n ast.Node) {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Text:
			w.b.source(w.src, c.Segment.Start, c.Segment.Stop)
			switch {
			case c.HardLineBreak():
				w.b.replace(" ", c.Segment.Stop, lineEnd(w.src, c.Segment.Stop))
			case c.SoftLineBreak():
				w.b.replace(" ", c.Segment.Stop, lineEnd(w.src, c.Segment.Stop))
			}
		case *ast.String:
			w.b.replace(string(c.Value), c.Pos(), c.Pos())
		case *ast.Link:
			w.link(c)
		case *ast.AutoLink:
			start, label := autoLinkStart(c, w.src), c.Label(w.src)
			pos := w.doc.Position(start)
			w.doc.Links = append(w.doc.Links, Link{
				Text: string(label), Destination: string(c.URL(w.src)), Auto: true,
				Line: pos.Line, Column: pos.Column, Start: start,
			})
			w.b.removed(start)
		case *ast.Image:
			var alt strings.Builder
			plainText(&alt, c, w.src)
			pos := w.doc.Position(c.Pos())
			w.doc.Images = append(w.doc.Images, Image{
				Alt: alt.String(), Destination: string(c.Destination), Title: string(c.Title),
				Line: pos.Line, Column: pos.Column, Start: c.Pos(),
			})
			w.b.removed(c.Pos())
		case *ast.CodeSpan, *extast.TaskCheckBox:
			w.b.removed(c.Pos())
		case *ast.RawHTML:
			if n := c.Segments.Len(); n > 0 {
				start, stop := c.Segments.At(0).Start, c.Segments.At(n-1).Stop
				w.comment(start, stop, true)
				w.anchors(start, stop)
			}
			w.b.removed(c.Pos())
		default: // emphasis, strikethrough and anything else that wraps text
			w.inlines(c)
		}
	}
}

// autoLinkStart returns where an autolink starts: its "<", or the first
// character of a bare URL (goldmark places a bare URL at the character that
// triggered it, often the space before).
func autoLinkStart(a *ast.AutoLink, src []byte) int {
	pos := max(a.Pos(), 0)
	if pos < len(src) && src[pos] != '<' {
		label := a.Label(src)
		window := src[pos:min(len(src), pos+1+len(label))]
		if i := bytes.Index(window, label); i > 0 {
			pos += i
		}
	}
	return pos
}

func (w *walker) link(l *ast.Link) {
	var label strings.Builder
	plainText(&label, l, w.src)
	pos := w.doc.Position(l.Pos())
	w.doc.Links = append(w.doc.Links, Link{
		Text: label.String(), Destination: string(l.Destination), Title: string(l.Title),
		Line: pos.Line, Column: pos.Column, Start: l.Pos(),
	})
	if looksLikeURL(label.String()) {
		w.b.removed(l.Pos())
		return
	}
	w.inlines(l)
}

func (w *walker) codeBlock(n ast.Node, fenced bool) {
	cb := CodeBlock{Fenced: fenced, Lines: n.Lines().Len()}
	start := nodeStart(n, w.src)
	if fenced {
		f := n.(*ast.FencedCodeBlock)
		cb.Language = string(f.Language(w.src))
		if f.Info != nil {
			cb.Info = strings.TrimSpace(string(f.Info.Segment.Value(w.src)))
		}
		start = lineStart(w.src, max(n.Pos(), 0))
	}
	cb.Line = w.doc.Position(start).Line
	cb.EndLine = cb.Line + max(cb.Lines-1, 0)
	if fenced {
		cb.EndLine = w.fenceEnd(n, cb.Line)
	}
	w.doc.CodeBlocks = append(w.doc.CodeBlocks, cb)
}

// fenceEnd finds the line of a fenced block's closing fence: the line after
// its last code line (or after the opening fence), if that line is a fence.
func (w *walker) fenceEnd(n ast.Node, openLine int) int {
	last := openLine
	if l := n.Lines(); l.Len() > 0 {
		last = w.doc.Position(l.At(l.Len() - 1).Start).Line
	}
	if last < len(w.doc.lines.starts) {
		s := w.doc.lines.starts[last]
		line, _, _ := cutLine(w.src, s)
		t := bytes.TrimSpace(line)
		if bytes.HasPrefix(t, []byte("```")) || bytes.HasPrefix(t, []byte("~~~")) {
			return last + 1
		}
	}
	return last
}

func (w *walker) htmlBlock(h *ast.HTMLBlock) {
	l := h.Lines()
	if l.Len() == 0 {
		return
	}
	start, stop := l.At(0).Start, l.At(l.Len()-1).Stop
	if h.HasClosure() {
		stop = h.ClosureLine.Stop
	}
	w.anchors(start, stop)
	// A block may hold several comments, or text around one.
	for pos := start; pos < stop; {
		i := bytes.Index(w.src[pos:stop], []byte("<!--"))
		if i < 0 {
			break
		}
		s := pos + i
		e := bytes.Index(w.src[s+4:stop], []byte("-->"))
		if e < 0 {
			break
		}
		w.comment(s, s+4+e+3, false)
		pos = s + 4 + e + 3
	}
}

// comment records src[start:end] if it is an HTML comment.
func (w *walker) comment(start, end int, inline bool) {
	raw := w.src[start:end]
	if !bytes.HasPrefix(raw, []byte("<!--")) || !bytes.HasSuffix(raw, []byte("-->")) || len(raw) < 7 {
		return
	}
	pos := w.doc.Position(start)
	w.doc.Comments = append(w.doc.Comments, Comment{
		Text:  strings.TrimSpace(string(raw[4 : len(raw)-3])),
		Start: start, End: end, Line: pos.Line, Column: pos.Column, Inline: inline,
	})
}

// plainText writes all the text under n: inline code and link text included,
// images' alt text included, raw HTML left out, escapes and references decoded.
func plainText(b *strings.Builder, n ast.Node, src []byte) {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Text:
			v := c.Segment.Value(src)
			if c.IsRaw() {
				b.Write(v)
			} else {
				b.WriteString(decode(v))
			}
			if c.SoftLineBreak() || c.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(c.Value)
		case *ast.AutoLink:
			b.Write(c.Label(src))
		case *ast.RawHTML:
		default:
			plainText(b, c, src)
		}
	}
}

// decode reads backslash escapes and character references as the characters they stand for.
func decode(v []byte) string {
	if bytes.IndexByte(v, '\\') < 0 && bytes.IndexByte(v, '&') < 0 {
		return string(v)
	}
	var tb textBuilder
	tb.source(v, 0, len(v))
	s, _ := tb.finish()
	return s
}

// nodeStart returns the byte offset where a block node's content starts.
func nodeStart(n ast.Node, src []byte) int {
	if l := n.Lines(); l != nil && l.Len() > 0 {
		return l.At(0).Start
	}
	if p := n.Pos(); p >= 0 {
		return min(p, len(src))
	}
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if p := c.Pos(); p >= 0 {
			return min(p, len(src))
		}
	}
	return 0
}

func lineStart(src []byte, pos int) int {
	pos = min(pos, len(src))
	return bytes.LastIndexByte(src[:pos], '\n') + 1
}

// lineEnd returns the offset just past the newline at or after pos, or len(src).
func lineEnd(src []byte, pos int) int {
	if i := bytes.IndexByte(src[pos:], '\n'); i >= 0 {
		return pos + i + 1
	}
	return len(src)
}

func looksLikeURL(s string) bool {
	s = strings.TrimSpace(s)
	return strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://") ||
		strings.HasPrefix(s, "www.") || strings.HasPrefix(s, "mailto:")
}

// textBuilder accumulates blocks' text and the spans that map it to the
// source; span offsets are relative to the start of the current block.
type textBuilder struct {
	// text is a strings.Builder so Parse takes the finished text as a
	// string without copying it.
	text  strings.Builder
	spans []Span
	base  int // where the current block's text starts in text
	first int // index of the current block's first span
}

func (b *textBuilder) startBlock() {
	b.base, b.first = b.text.Len(), len(b.spans)
}

func (b *textBuilder) finish() (string, []Span) {
	return b.text.String()[b.base:], b.spans[b.first:]
}

// source appends src[start:end], reading escapes and character references.
func (b *textBuilder) source(src []byte, start, end int) {
	run := start // start of the pending verbatim run
	for i := start; i < end; i++ {
		// Jump to the next byte that may start an escape or a reference.
		k := bytes.IndexAny(src[i:end], "\\&")
		if k < 0 {
			break
		}
		i += k
		switch src[i] {
		case '\\':
			if i+1 < end && isASCIIPunct(src[i+1]) {
				b.verbatim(src, run, i)
				b.replace(string(src[i+1]), i, i+2)
				i++
				run = i + 1
			}
		case '&':
			if n, s := charRef(src[i:end]); n > 0 {
				b.verbatim(src, run, i)
				b.replace(s, i, i+n)
				i += n - 1
				run = i + 1
			}
		}
	}
	b.verbatim(src, run, end)
}

func (b *textBuilder) verbatim(src []byte, start, end int) {
	if end <= start {
		return
	}
	// Extend the previous span when it is verbatim and adjacent.
	if k := len(b.spans) - 1; k >= b.first {
		if s := &b.spans[k]; !s.Replaced && s.Source+s.SourceLen == start && b.base+s.Text+s.Len == b.text.Len() {
			s.Len += end - start
			s.SourceLen += end - start
			b.text.Write(src[start:end])
			return
		}
	}
	b.spans = append(b.spans, Span{Text: b.text.Len() - b.base, Len: end - start, Source: start, SourceLen: end - start})
	b.text.Write(src[start:end])
}

// replace appends s standing in for src[start:end].
func (b *textBuilder) replace(s string, start, end int) {
	if s == "" {
		return
	}
	b.spans = append(b.spans, Span{Text: b.text.Len() - b.base, Len: len(s), Source: start, SourceLen: end - start, Replaced: true})
	b.text.WriteString(s)
}

// removed leaves a Placeholder for an element that is not prose, one for a
// run of them, none at the start of a block.
func (b *textBuilder) removed(at int) {
	if b.text.Len() == b.base || strings.HasSuffix(b.text.String()[b.base:], placeholder) {
		return
	}
	b.replace(placeholder, at, at)
}

const placeholder = string(Placeholder)

func isASCIIPunct(c byte) bool {
	return c >= '!' && c <= '/' || c >= ':' && c <= '@' || c >= '[' && c <= '`' || c >= '{' && c <= '~'
}

// charRef reads a character reference at the start of s ("&amp;", "&#233;",
// "&#x1F600;") and returns its length and the text it stands for.
func charRef(s []byte) (int, string) {
	// Look no further than the longest reference: a line of "&a&a&a..."
	// would otherwise cost a scan to its end at every "&".
	end := bytes.IndexByte(s[:min(len(s), 33)], ';')
	if end < 2 || end > 32 {
		return 0, ""
	}
	ref := string(s[:end+1])
	dec := html.UnescapeString(ref)
	if dec == ref {
		return 0, ""
	}
	return end + 1, dec
}
