package markdown

import (
	"bytes"
	"context"
	"fmt"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// A guard watches one goldmark parse from inside: wrapped block and inline
// parsers report to it, and it stops lists and quotes nesting past
// MaxNesting, paragraphs holding more than MaxMarkersPerBlock markers and
// drafts heavier than their weight allows, and notices a cancelled context.
// Once it has stopped, the wrapped parsers read what is left as plain text,
// which takes goldmark little time; Parse then returns the error.
type guard struct {
	ctx   context.Context
	lines *lineIndex
	err   error
	calls int

	// weight starts at lines0, the weight of the draft's lines.
	size, lines0, weight, maxWeight int

	// The inline block being read and the markers counted in it.
	block   ast.Node
	markers int
	// Backtick runs in block, for code spans: run starts by length, and
	// how far each list has been read.
	runs     map[int][]int
	runsRead map[int]int
	runsOf   ast.Node
}

var guardKey = parser.NewContextKey()

func guardOf(pc parser.Context) *guard {
	g, _ := pc.Get(guardKey).(*guard)
	return g
}

// stopped reports whether the parse has passed a limit or been cancelled;
// it looks at the context every 256 calls.
func (g *guard) stopped() bool {
	if g.err != nil {
		return true
	}
	if g.calls++; g.calls%256 == 0 {
		if err := g.ctx.Err(); err != nil {
			g.err = fmt.Errorf("parse draft: %w", err)
			return true
		}
	}
	return false
}

func (g *guard) fail(err error) {
	if g.err == nil {
		g.err = err
	}
}

// weigh adds n to the draft's weight and stops the parse when it is too heavy.
func (g *guard) weigh(n, at int) {
	if g.weight += n; g.weight > g.maxWeight && g.err == nil {
		g.fail(limitErrorf(g.lines.lineOf(at), "the draft is too dense to read: its lines, blocks, table cells and inline elements weigh more than %s, one per %d of its %s bytes plus %s; split the draft", count(g.maxWeight), MarkerDensity, count(g.size), count(FreeWeight)))
	}
}

// newGuardedParser builds the parser Parse uses: goldmark's defaults and the
// GFM extensions (linkify only when asked), each wrapped to report to the
// guard. Without a guard in the parser context the wrappers do nothing.
func newGuardedParser(linkify bool) parser.Parser {
	block := func(bp parser.BlockParser, nests bool, priority int) util.PrioritizedValue {
		return util.Prioritized(guardedBlock{bp, nests}, priority)
	}
	// goldmark's default block parsers and priorities (parser.DefaultBlockParsers).
	blocks := []util.PrioritizedValue{
		block(parser.NewSetextHeadingParser(), false, 100),
		block(parser.NewThematicBreakParser(), false, 200),
		block(parser.NewListParser(), true, 300),
		block(parser.NewListItemParser(), false, 400),
		block(parser.NewCodeBlockParser(), false, 500),
		block(parser.NewATXHeadingParser(), false, 600),
		block(parser.NewFencedCodeBlockParser(), false, 700),
		block(parser.NewBlockquoteParser(), true, 800),
		block(parser.NewHTMLBlockParser(), false, 900),
		block(parser.NewParagraphParser(), false, 1000),
	}
	inline := func(ip parser.InlineParser, markers bool, priority int) util.PrioritizedValue {
		return util.Prioritized(guardedInline{ip, markers}, priority)
	}
	// goldmark's default inline parsers (parser.DefaultInlineParsers) and
	// those of the GFM extensions, with their priorities.
	inlines := []util.PrioritizedValue{
		inline(parser.NewCodeSpanParser(), false, 100),
		inline(parser.NewLinkParser(), true, 200),
		inline(parser.NewAutoLinkParser(), true, 300),
		inline(parser.NewRawHTMLParser(), false, 400),
		inline(parser.NewEmphasisParser(), true, 500),
		inline(extension.NewStrikethroughParser(), true, 500),
		inline(extension.NewTaskCheckBoxParser(), false, 0),
	}
	if linkify {
		inlines = append(inlines, inline(extension.NewLinkifyParser(), false, 999))
	}
	return parser.NewParser(
		parser.WithBlockParsers(blocks...),
		parser.WithInlineParsers(inlines...),
		parser.WithParagraphTransformers(append(parser.DefaultParagraphTransformers(),
			util.Prioritized(guardedTable{extension.NewTableParagraphTransformer()}, 200))...),
		parser.WithASTTransformers(util.Prioritized(extension.NewTableASTTransformer(), 0)),
	)
}

// parseGuarded parses body with p, g watching.
func parseGuarded(p parser.Parser, body []byte, g *guard) ast.Node {
	g.block, g.markers, g.runsOf, g.weight = nil, 0, nil, g.lines0
	pc := parser.NewContext()
	pc.Set(guardKey, g)
	return p.Parse(text.NewReader(body), parser.WithContext(pc))
}

type guardedBlock struct {
	parser.BlockParser
	nests bool // opens lists or block quotes
}

func (b guardedBlock) Open(parent ast.Node, r text.Reader, pc parser.Context) (ast.Node, parser.State) {
	g := guardOf(pc)
	if g == nil {
		return b.BlockParser.Open(parent, r, pc)
	}
	// goldmark tries the list parser again inside a list it has just
	// opened, and it declines: that is not one level more.
	if _, inList := parent.(*ast.List); b.nests && !inList {
		if g.stopped() {
			return nil, parser.NoChildren
		}
		depth := 0
		for n := parent; n != nil; n = n.Parent() {
			switch n.(type) {
			case *ast.List, *ast.Blockquote:
				depth++
			}
		}
		if depth >= MaxNesting {
			_, seg := r.Position()
			g.fail(limitErrorf(g.lines.lineOf(seg.Start), "lists and block quotes nest more than %d levels deep; speedgrapher reads at most %d, so flatten the list or quote", MaxNesting, MaxNesting))
			return nil, parser.NoChildren
		}
	}
	n, st := b.BlockParser.Open(parent, r, pc)
	if n != nil {
		_, seg := r.Position()
		g.weigh(1, seg.Start)
	}
	return n, st
}

// Close drops the lines of a block closed after the parse has stopped, so
// that goldmark makes no text nodes for them.
func (b guardedBlock) Close(node ast.Node, r text.Reader, pc parser.Context) {
	b.BlockParser.Close(node, r, pc)
	if g := guardOf(pc); g != nil && g.err != nil {
		node.Lines().Clear()
	}
}

type guardedInline struct {
	parser.InlineParser
	markers bool // counts towards MaxMarkersPerBlock
}

func (p guardedInline) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	g := guardOf(pc)
	if g == nil {
		return p.InlineParser.Parse(parent, block, pc)
	}
	if g.stopped() {
		return nil
	}
	line, seg := block.PeekLine()
	if len(line) == 0 {
		return p.InlineParser.Parse(parent, block, pc)
	}
	switch c := line[0]; {
	case c == '`':
		if !g.closes(parent, block, line, seg) {
			// goldmark would read to the end of the block for a closing
			// run and, finding none, return the opening run as text.
			n := 0
			for n < len(line) && line[n] == '`' {
				n++
			}
			block.Advance(n)
			return ast.NewTextSegment(seg.WithStop(seg.Start + n))
		}
	case p.markers && c != ']' && (c != '!' || len(line) > 1 && line[1] == '['):
		if parent != g.block {
			g.block, g.markers = parent, 0
		}
		if g.markers++; g.markers > MaxMarkersPerBlock {
			g.fail(limitErrorf(g.lines.lineOf(seg.Start), "a paragraph holds more than %s inline markers (\"[\", \"*\", \"_\", \"~\", \"<\"); speedgrapher reads at most %s in one paragraph, heading or table cell, so split it or escape the markers with \"\\\"", count(MaxMarkersPerBlock), count(MaxMarkersPerBlock)))
			return nil
		}
	}
	n := p.InlineParser.Parse(parent, block, pc)
	if n != nil {
		// The node, its children and the text node goldmark starts after it.
		g.weigh(2+n.ChildCount(), seg.Start)
	}
	return n
}

func (p guardedInline) CloseBlock(parent ast.Node, block text.Reader, pc parser.Context) {
	if cb, ok := p.InlineParser.(parser.CloseBlocker); ok {
		cb.CloseBlock(parent, block, pc)
	}
}

// closes reports whether the backtick run at the start of line has a
// closing run of the same length later in block: goldmark's code span
// parser reads to the end of the block looking for one, again for every
// opening run, so the runs of each block are listed once and read in order.
func (g *guard) closes(parent ast.Node, block text.Reader, line []byte, seg text.Segment) bool {
	n := 0
	for n < len(line) && line[n] == '`' {
		n++
	}
	if g.runsOf != parent {
		g.runsOf = parent
		g.runs, g.runsRead = map[int][]int{}, map[int]int{}
		src := block.Source()
		lines := parent.Lines()
		for i := range lines.Len() {
			s := lines.At(i)
			v := src[s.Start:s.Stop]
			for j := 0; j < len(v); j++ {
				if v[j] != '`' {
					continue
				}
				k := j
				for k < len(v) && v[k] == '`' {
					k++
				}
				g.runs[k-j] = append(g.runs[k-j], s.Start+j)
				j = k - 1
			}
		}
	}
	starts := g.runs[n]
	r := g.runsRead[n]
	for r < len(starts) && starts[r] < seg.Start+n {
		r++
	}
	g.runsRead[n] = r
	return r < len(starts)
}

// guardedTable refuses tables wider than MaxTableColumns and weighs their cells.
type guardedTable struct{ parser.ParagraphTransformer }

func (t guardedTable) Transform(node *ast.Paragraph, r text.Reader, pc parser.Context) {
	g := guardOf(pc)
	if g == nil {
		t.ParagraphTransformer.Transform(node, r, pc)
		return
	}
	if g.stopped() {
		return
	}
	lines := node.Lines()
	if lines.Len() < 2 {
		return
	}
	src := r.Source()
	pipes := 0
	for i := range lines.Len() {
		s := lines.At(i)
		p := 0
		for _, c := range src[s.Start:s.Stop] {
			if c == '|' {
				p++
			}
		}
		if p > MaxTableColumns {
			g.fail(limitErrorf(g.lines.lineOf(s.Start), "a table row has %s cells; speedgrapher reads at most %s columns, so split the table", count(p), count(MaxTableColumns)))
			return
		}
		pipes += p
	}
	// A cell is two nodes in goldmark's tree and a block, a range and
	// spans in the Document: about what four inline nodes cost.
	if g.weigh(4*pipes, lines.At(0).Start); g.err != nil {
		return
	}
	t.ParagraphTransformer.Transform(node, r, pc)
}

// lineWeight is what the lines of src weigh: 3 for each line that is not
// blank, for the text node, segment and spans each costs, about three
// times what a node costs.
func lineWeight(src []byte) int {
	w := 0
	for pos := 0; pos < len(src); {
		line, next, _ := cutLine(src, pos)
		if len(bytes.TrimSpace(line)) > 0 {
			w += 3
		}
		pos = next
	}
	return w
}
