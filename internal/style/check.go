package style

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/speedgrapher/speedgrapher/internal/lint"
	"github.com/speedgrapher/speedgrapher/internal/markdown"
	"github.com/speedgrapher/speedgrapher/internal/prose"
)

// checker is one compiled rule kind.
type checker interface {
	run(b *block, st *state) []hit
}

// block is a run of text a rule reads, with the scope Vale gives it.
type block struct {
	text  string
	scope []string
	// src is the prose block the text comes from, off where the text
	// starts in src.Text; with a nil src, text starts at the byte base of
	// the draft's source.
	src  *markdown.Block
	off  int
	base int
	// paragraph is true for running prose (not a heading, item or cell).
	paragraph bool
	// lower is text in lower case, when it was needed.
	lower string
	// cand are the terms of the running rule that can match here (nil: all).
	cand []int32
}

// hit is one match of a rule in a block's text.
type hit struct {
	start, end  int // bytes in block.text
	message     string
	suggestions []string
}

// state is what rules share over one document, as Vale's do: the
// sequences conditional and consistency rules have seen so far.
type state struct {
	sequences map[string]bool
	doc       *markdown.Document
}

// Check runs the rules of set on doc and returns their findings in source
// order, one per rule and place.
func (s *Set) Check(doc *markdown.Document) []lint.Finding {
	out := []lint.Finding{}
	if s == nil || len(s.Rules) == 0 {
		return out
	}
	st := &state{sequences: map[string]bool{}, doc: doc}
	seen := map[[3]int]bool{} // rule index, line, column
	report := func(ri int, r *Rule, b *block, h hit) {
		var start, end int
		if b.src == nil {
			start, end = b.base+h.start, b.base+h.end
		} else {
			start, end = b.src.SourceRange(b.off+h.start, b.off+h.end)
		}
		if valeDrops(doc.Source, b, h, start, end) {
			return
		}
		from, to := doc.Position(start), doc.Position(end)
		key := [3]int{ri, from.Line, from.Column}
		if seen[key] {
			return
		}
		seen[key] = true
		sugg := h.suggestions
		if sugg == nil {
			sugg = []string{}
		}
		out = append(out, lint.Finding{
			Rule: r.Name, Severity: r.Level, Message: h.message,
			Line: from.Line, Column: from.Column, EndLine: to.Line, EndColumn: to.Column,
			Match: strings.ReplaceAll(b.text[h.start:h.end], "***", "\uFFFC"), Suggestions: sugg,
			Link: r.Link, Start: start, End: end,
		})
	}
	pf := s.prefilter()
	filtered := false
	// run runs the rules that read b; with also, it leaves out those that
	// also read that block (the same text under another scope: a paragraph
	// is both "paragraph.text" and "text"), which would find the same.
	run := func(b *block, also []string) {
		for i, r := range s.Rules {
			if r.check == nil || !r.scope.matches(b.scope) || also != nil && r.scope.matches(also) {
				continue
			}
			b.cand = nil
			if filtered {
				cand, skip := pf.terms(i)
				if skip {
					continue
				}
				b.cand = cand
			}
			for _, h := range r.check.run(b, st) {
				report(i, r, b, h)
			}
		}
	}
	sentences, paragraphs, summary := s.wants("sentence"), s.wants("paragraph"), s.wants("summary")
	var sum strings.Builder
	for i := range doc.Blocks {
		mb := &doc.Blocks[i]
		text := valeText(doc, mb)
		scope := blockScope(mb)
		lower := strings.ToLower(text)
		pf.scan(lower)
		filtered = true
		if sentences {
			for _, sp := range prose.Sentences(text) {
				t := strings.TrimSpace(text[sp.Start:sp.End])
				off := sp.Start + strings.Index(text[sp.Start:sp.End], t)
				run(&block{text: t, scope: append([]string{"sentence"}, scope...), src: mb, off: off}, nil)
			}
		}
		if paragraphs && mb.Kind == markdown.Paragraph {
			run(&block{text: text, lower: lower, scope: append([]string{"paragraph"}, scope...), src: mb, paragraph: true}, scope)
		}
		run(&block{text: text, lower: lower, scope: scope, src: mb, paragraph: mb.Kind == markdown.Paragraph}, nil)
		if summary && mb.Kind != markdown.Heading && mb.Kind != markdown.TableCell {
			sum.WriteString(text)
			sum.WriteString("\n\n")
		}
	}
	filtered = false
	// Vale reads an image's alt text as text of its own.
	for _, img := range doc.Images {
		if img.Alt == "" || img.Start >= len(doc.Source) {
			continue
		}
		i := strings.Index(string(doc.Source[img.Start:min(len(doc.Source), img.Start+len(img.Alt)+8)]), img.Alt)
		if i < 0 {
			continue
		}
		run(&block{text: img.Alt, scope: []string{"text", "attr", "alt"}, base: img.Start + i}, nil)
	}
	if summary && sum.Len() > 0 {
		// The summary is all the draft's prose at once; its findings point
		// at the start of the first block.
		first := firstProse(doc)
		for i, r := range s.Rules {
			if r.check == nil || !r.scope.matches([]string{"summary"}) {
				continue
			}
			for _, h := range r.check.run(&block{text: sum.String(), scope: []string{"summary"}}, st) {
				out = append(out, summaryFinding(doc, r, h, first))
				_ = i
			}
		}
	}
	if s.wants("raw") {
		src := string(doc.Source)
		run(&block{text: src, scope: []string{"raw"}}, nil)
	}
	slices.SortStableFunc(out, func(a, b lint.Finding) int {
		if a.Start != b.Start {
			return a.Start - b.Start
		}
		return strings.Compare(a.Rule, b.Rule)
	})
	return out
}

func firstProse(doc *markdown.Document) int {
	for _, b := range doc.Blocks {
		if b.Kind != markdown.Heading {
			return b.Start
		}
	}
	return 0
}

func summaryFinding(doc *markdown.Document, r *Rule, h hit, at int) lint.Finding {
	p := doc.Position(at)
	return lint.Finding{
		Rule: r.Name, Severity: r.Level, Message: h.message,
		Line: p.Line, Column: p.Column, EndLine: p.Line, EndColumn: p.Column,
		Match: "", Suggestions: []string{}, Link: r.Link, Start: at, End: at,
	}
}

// prefilter is made once per set; a Check uses its own copy of the
// per-block state.
func (s *Set) prefilter() *prefilter {
	s.once.Do(func() { s.pf = newPrefilter(s.Rules) })
	pf := *s.pf
	pf.stamp = make([]uint32, len(s.pf.stamp))
	pf.cand = make([][]int32, len(s.pf.cand))
	return &pf
}

// valeDrops reports whether Vale, which finds a match in the source by
// searching for it, loses this one: a match across a line break in a list
// item or a quote (the source has the item's indent or "> " between the
// lines), or one that reaches "```" on its source line (Vale masks the rest of
// such a line so as not to match inside a fence's info string). We drop
// them too, so that output from either tool lines up; see README.
func valeDrops(src []byte, b *block, h hit, start, end int) bool {
	if b.src != nil && (b.src.Kind == markdown.ListItem || b.src.Kind == markdown.Quote) {
		if strings.Contains(b.text[h.start:h.end], "\n") {
			return true
		}
		// In an item or quote of several lines, nor one over inline
		// markup ("(see `x`)").
		if bytes.IndexByte(src[b.src.Start:min(b.src.End, len(src))], '\n') >= 0 &&
			coversMarkup(src, b.src, b.off+h.start, b.off+h.end) {
			return true
		}
	}
	ls := start
	for ls > 0 && src[ls-1] != '\n' {
		ls--
	}
	le := max(start, end)
	if i := bytes.IndexByte(src[start:le], '\n'); i >= 0 {
		le = start + i
	}
	return bytes.Contains(src[ls:le], []byte("```"))
}

// valeText is a block's text as Vale reads it: inline code and other
// removed elements stand as "***" (same length as our placeholder, so
// offsets hold), and a soft line break inside a run of plain text is a
// newline, as in the source. Vale trims the text on either side of inline
// markup, so a break next to a link, emphasis or code stays a space.
func valeText(doc *markdown.Document, b *markdown.Block) string {
	t := []byte(strings.ReplaceAll(b.Text, string(markdown.Placeholder), "***"))
	for k, sp := range b.Spans {
		if !sp.Replaced || sp.Len != 1 || t[sp.Text] != ' ' || sp.Source+sp.SourceLen > len(doc.Source) ||
			!strings.Contains(string(doc.Source[sp.Source:sp.Source+sp.SourceLen]), "\n") {
			continue
		}
		// Between the break and the text on either side there may be the
		// line's indent or a quote's "> ", but no markup.
		if k > 0 {
			prev := b.Spans[k-1]
			if prev.Replaced || !onlyIndent(doc.Source, prev.Source+prev.SourceLen, sp.Source) {
				continue
			}
		}
		if k+1 < len(b.Spans) {
			next := b.Spans[k+1]
			if next.Replaced || !onlyIndent(doc.Source, sp.Source+sp.SourceLen, next.Source) {
				continue
			}
		}
		t[sp.Text] = '\n'
	}
	return string(t)
}

// coversMarkup reports whether the text range [from, to) of b spans inline
// markup: a replaced element (inline code, a character reference) or
// markup between two runs of text (emphasis, a link's brackets).
func coversMarkup(src []byte, b *markdown.Block, from, to int) bool {
	for k, sp := range b.Spans {
		if sp.Text+sp.Len <= from || sp.Text >= to {
			continue
		}
		if sp.Replaced && !(sp.Len == 1 && b.Text[sp.Text] == ' ') {
			return true
		}
		if k+1 < len(b.Spans) && b.Spans[k+1].Text < to && !onlyIndent(src, sp.Source+sp.SourceLen, b.Spans[k+1].Source) &&
			!(b.Spans[k+1].Replaced && b.Spans[k+1].Len == 1) && !(sp.Replaced && sp.Len == 1) {
			return true
		}
	}
	return false
}

// onlyIndent reports whether src[from:to] is nothing but spaces, tabs and
// quote markers.
func onlyIndent(src []byte, from, to int) bool {
	if from > to || to > len(src) {
		return false
	}
	for _, c := range src[from:to] {
		if c != ' ' && c != '\t' && c != '>' {
			return false
		}
	}
	return true
}

// blockScope is the scope Vale gives a block of this kind.
func blockScope(b *markdown.Block) []string {
	switch b.Kind {
	case markdown.Heading:
		return []string{"text", "heading", fmt.Sprintf("h%d", b.Level)}
	case markdown.ListItem:
		return []string{"text", "list"}
	case markdown.Quote:
		return []string{"text", "blockquote"}
	case markdown.TableCell:
		return []string{"text", "table", "cell"}
	}
	return []string{"text"}
}

// wants reports whether any rule reads blocks of the scope part.
func (s *Set) wants(part string) bool {
	for _, r := range s.Rules {
		if r.check != nil && r.scope.wants(part) {
			return true
		}
	}
	return false
}

// format fills a message template's %s verbs with args in order; verbs
// beyond the args are left out and args beyond the verbs ignored.
func format(msg string, args ...string) string {
	if !strings.Contains(msg, "%") {
		return msg
	}
	var b strings.Builder
	n := 0
	for i := 0; i < len(msg); i++ {
		c := msg[i]
		if c != '%' || i+1 == len(msg) {
			b.WriteByte(c)
			continue
		}
		switch msg[i+1] {
		case '%':
			b.WriteByte('%')
		case 's', 'd', 'v':
			if n < len(args) {
				b.WriteString(args[n])
			}
			n++
		default:
			b.WriteByte(c)
			continue
		}
		i++
	}
	return b.String()
}
