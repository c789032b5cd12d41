package lint

import (
	"bytes"

	"github.com/speedgrapher/speedgrapher/internal/markdown"
)

// headingRange returns the source range of heading h's text, or of its whole
// line when it has none.
func (p *pass) headingRange(h *markdown.HeadingInfo) (int, int) {
	if h.Block >= 0 && h.Block < len(p.doc.Blocks) {
		if b := &p.doc.Blocks[h.Block]; b.End > b.Start {
			return b.Start, b.End
		}
	}
	return p.lineOffset(h.Line), p.lineEnd(h.Line)
}

// reportHeading reports a finding on heading h.
func (p *pass) reportHeading(r *Rule, h *markdown.HeadingInfo, message string) {
	s, e := p.headingRange(h)
	p.report(r, s, e, h.Text, message, nil)
}

// reportLine reports a finding on the whole of 1-based line n.
func (p *pass) reportLine(r *Rule, n int, match, message string) {
	p.report(r, p.lineOffset(n), p.lineEnd(n), match, message, nil)
}

// reportAt reports a finding on the source from start to the end of its line
// or the first occurrence of until after start, whichever comes first. The
// end of the line comes from the line index, so that many findings on one
// long line do not each walk it.
func (p *pass) reportAt(r *Rule, start int, until, match, message string) {
	src := p.doc.Source
	start = min(max(start, 0), len(src))
	end := p.lineBreakAfter(start)
	if until != "" {
		if i := bytes.Index(src[start:end], []byte(until)); i >= 0 {
			end = start + i + len(until)
		}
	}
	p.report(r, start, end, match, message, nil)
}
