package lint

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/speedgrapher/speedgrapher/internal/markdown"
)

// Finding is one problem at one place in a draft.
type Finding struct {
	Rule     string   `json:"rule"`
	Severity Severity `json:"severity"`
	Message  string   `json:"message"`
	// Line and Column are where the problem starts; EndLine and EndColumn
	// where it ends, exclusive. Lines and columns are 1-based, columns in
	// Unicode characters.
	Line      int `json:"line"`
	Column    int `json:"column"`
	EndLine   int `json:"end_line"`
	EndColumn int `json:"end_column"`
	// Match is the text the finding is about, as a reader reads it.
	Match string `json:"match"`
	// Suggestions are replacements for Match, best first; often empty.
	Suggestions []string `json:"suggestions"`
	// Fix, when the rule has one, repairs the finding; see Rule.Fix.
	Fix *Fix `json:"fix,omitempty"`
	// Link is where the rule is explained, for findings from a house style
	// whose rule has one.
	Link string `json:"link,omitempty"`
	// Start and End are the byte range in the source.
	Start int `json:"-"`
	End   int `json:"-"`
}

// Options choose the rules that run and how their findings are reported.
// The zero value runs every rule at its default severity.
type Options struct {
	// Kind limits the rules to one kind; 0 runs both.
	Kind Kind
	// Only, when not empty, runs just these rules.
	Only []string
	// Disable turns rules off.
	Disable []string
	// Severity overrides rules' default severities.
	Severity map[string]Severity
	// Accept lists words and phrases that are never flagged, in any case.
	Accept []string
	// DocKind is what sort of document the draft is. "" reads it from the
	// front matter's "kind" field, else from the headings (a draft whose top
	// headings are releases is a Changelog), else it is an Article. See
	// DocKindFromPath for file names.
	DocKind DocKind
	// FileExists reports whether a relative link destination (slash
	// separated, relative to the draft, without fragment or query) names a
	// file. Nil turns the missing-file rule off: without a workspace there
	// is nothing to check against.
	FileExists func(dest string) bool
	// Anchors returns what a fragment may name in the markdown file dest
	// (relative to the draft, as for FileExists): see DocumentAnchors. ok is
	// false when the file cannot be read. Nil leaves links into other files'
	// sections ("guide.md#setup") unchecked.
	Anchors func(dest string) (anchors []string, ok bool)
	// Extra, when set, adds findings from rules kept outside this package
	// (a team's house styles: see internal/style). They are style findings:
	// left out when Kind is Structure or Only names rules. They are sorted
	// in with the others, and the disable comments apply to them too.
	Extra func(doc *markdown.Document) []Finding
}

// Check runs the rules opts choose on doc and returns their findings in
// source order. Findings inside a speedgrapher-disable comment's range and
// findings about accepted words are left out.
func Check(doc *markdown.Document, opts Options) []Finding {
	findings, _ := CheckContext(context.Background(), doc, opts)
	return findings
}

// CheckContext is Check that gives up as soon as ctx is done, returning its
// error and no findings. It looks at ctx between blocks, sentences and
// rules, and between links in the rules that follow them.
func CheckContext(ctx context.Context, doc *markdown.Document, opts Options) ([]Finding, error) {
	p := &pass{ctx: ctx, doc: doc, opts: opts, findings: []Finding{}}
	p.enabled = enabledRules(opts)
	kind := opts.DocKind
	if kind == "" {
		kind = FrontMatterKind(doc.FrontMatter)
	}
	if kind == "" {
		kind = kindFromHeadings(doc)
	}
	for _, id := range kindRulesOff[kind] {
		delete(p.enabled, id)
	}
	p.accept = newAcceptList(opts.Accept)
	var sentenceRules []*Rule
	phrases := false
	for _, r := range rules {
		if !p.enabled[r.ID] {
			continue
		}
		if r.sentence != nil {
			sentenceRules = append(sentenceRules, r)
		}
		if len(r.phrases) > 0 {
			phrases = true
		}
	}
	if len(sentenceRules) > 0 || phrases {
		p.sentences = splitSentences(ctx, doc)
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if skip := licenceBlocks(ctx, doc); skip != nil {
			p.sentences = dropBlocks(p.sentences, skip)
		}
		for i := range p.sentences {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			s := &p.sentences[i]
			if phrases {
				p.matchPhrases(s)
			}
			for _, r := range sentenceRules {
				r.sentence(p, r, s)
			}
		}
	}
	for _, r := range rules {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if p.enabled[r.ID] && r.document != nil {
			r.document(p, r)
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	p.sayHowManyMore()
	if opts.Extra != nil && opts.Kind != Structure && len(opts.Only) == 0 {
		p.findings = append(p.findings, opts.Extra(doc)...)
	}
	slices.SortStableFunc(p.findings, func(a, b Finding) int {
		if a.Start != b.Start {
			return a.Start - b.Start
		}
		return strings.Compare(a.Rule, b.Rule)
	})
	return applyDirectives(doc, p.findings), nil
}

// dropBlocks removes the sentences of the blocks skip marks, keeping each
// sentence's index its place in the result.
func dropBlocks(sentences []sentence, skip []bool) []sentence {
	kept := sentences[:0]
	for _, s := range sentences {
		if !skip[s.blockIndex] {
			s.index = len(kept)
			kept = append(kept, s)
		}
	}
	return kept
}

// enabledRules resolves Options to the set of rule IDs that run.
func enabledRules(opts Options) map[string]bool {
	on := make(map[string]bool, len(rules))
	for _, r := range rules {
		if opts.Kind != 0 && r.Kind != opts.Kind {
			continue
		}
		if len(opts.Only) > 0 && !slices.Contains(opts.Only, r.ID) {
			continue
		}
		if slices.Contains(opts.Disable, r.ID) {
			continue
		}
		if r.ID == "missing-file" && opts.FileExists == nil {
			continue
		}
		on[r.ID] = true
	}
	return on
}

// pass is one run of the rules over one document.
type pass struct {
	ctx       context.Context
	doc       *markdown.Document
	opts      Options
	enabled   map[string]bool
	accept    acceptList
	sentences []sentence
	findings  []Finding
	lineStart []int // offsets of line starts, made on first use
	// kept, more and lastOf count each rule's findings: how many it kept,
	// how many past maxFindingsPerRule it left out, and its last kept one.
	kept, more, lastOf map[string]int
}

// cancelled reports whether the pass should stop: rules that loop over
// many links or files look at it between them.
func (p *pass) cancelled() bool { return p.ctx.Err() != nil }

// severity is the severity a rule's findings carry in this pass.
func (p *pass) severity(r *Rule) Severity {
	if s, ok := p.opts.Severity[r.ID]; ok && s != 0 {
		return s
	}
	return r.Severity
}

// reportText reports a finding on the text range [start, end) of block b.
func (p *pass) reportText(r *Rule, b *markdown.Block, start, end int, message string, suggestions ...string) {
	match := b.Text[start:end]
	if r.acceptable && p.accept.covers(match) {
		return
	}
	if quotedExample(b, start, end) {
		return
	}
	s, e := b.SourceRange(start, end)
	if !p.report(r, s, e, asWritten(p.doc.Source, b, start, end), message, suggestions) {
		return
	}
	if r.Fix != NoFix && len(suggestions) > 0 {
		p.findings[len(p.findings)-1].Fix = p.substitutionFix(r, b, start, end, suggestions[0])
	}
}

// maxFindingsPerRule bounds what one rule reports on one draft. Past it a
// rule says nothing a writer would read (a 16 MiB draft of "the the" holds
// four million repeats, and gigabytes of findings); the last finding kept
// says how many more there are.
const maxFindingsPerRule = 1000

// report adds a finding on the source byte range [start, end), and reports
// whether it did: not once the rule has maxFindingsPerRule findings.
func (p *pass) report(r *Rule, start, end int, match, message string, suggestions []string) bool {
	if p.kept[r.ID] >= maxFindingsPerRule {
		p.more[r.ID]++
		return false
	}
	if p.kept == nil {
		p.kept, p.more, p.lastOf = map[string]int{}, map[string]int{}, map[string]int{}
	}
	p.kept[r.ID]++
	p.lastOf[r.ID] = len(p.findings)
	if suggestions == nil {
		suggestions = []string{}
	}
	from, to := p.doc.Position(start), p.doc.Position(end)
	p.findings = append(p.findings, Finding{
		Rule: r.ID, Severity: p.severity(r), Message: message,
		Line: from.Line, Column: from.Column, EndLine: to.Line, EndColumn: to.Column,
		Match: match, Suggestions: suggestions, Start: start, End: end,
	})
	return true
}

// sayHowManyMore tells, on the last finding a rule kept, how many it left out.
func (p *pass) sayHowManyMore() {
	for id, n := range p.more {
		f := &p.findings[p.lastOf[id]]
		f.Message += fmt.Sprintf(" (%d more %s findings in this draft are not listed)", n, id)
	}
}

// lineOffset returns the byte offset where 1-based line n starts.
func (p *pass) lineOffset(n int) int {
	if p.lineStart == nil {
		p.lineStart = []int{0}
		for i, c := range p.doc.Source {
			if c == '\n' {
				p.lineStart = append(p.lineStart, i+1)
			}
		}
	}
	if n < 1 {
		return 0
	}
	if n > len(p.lineStart) {
		return len(p.doc.Source)
	}
	return p.lineStart[n-1]
}

// lineBreakAfter returns the offset of the first newline at or after off,
// or the length of the source when none follows.
func (p *pass) lineBreakAfter(off int) int {
	p.lineOffset(1)                                    // makes the index
	next, _ := slices.BinarySearch(p.lineStart, off+1) // the first line starting after off
	if next == len(p.lineStart) {
		return len(p.doc.Source)
	}
	return p.lineStart[next] - 1
}

// lineEnd returns the byte offset of the end of 1-based line n, before its newline.
func (p *pass) lineEnd(n int) int {
	end := p.lineOffset(n + 1)
	if n < len(p.lineStart) {
		end-- // the newline
	}
	if end > 0 && end <= len(p.doc.Source) && p.doc.Source[end-1] == '\r' {
		end--
	}
	return max(end, p.lineOffset(n))
}

// CheckLinksFrom sets FileExists and Anchors for a draft in the directory
// dir: a link destination is joined to dir, confined to the workspace by
// resolve and read by read, so that nothing outside it is ever looked at.
func (o *Options) CheckLinksFrom(dir string, resolve func(path string) (string, error), read func(path string) ([]byte, error)) {
	join := func(dest string) string { return filepath.Join(dir, filepath.FromSlash(dest)) }
	o.FileExists = func(dest string) bool {
		abs, err := resolve(join(dest))
		if err != nil {
			return false
		}
		_, err = os.Stat(abs)
		return err == nil
	}
	o.Anchors = func(dest string) ([]string, bool) {
		src, err := read(join(dest))
		if err != nil {
			return nil, false
		}
		doc, err := markdown.ParseContext(context.Background(), src)
		if err != nil { // too hostile to read: no anchors to check against
			return nil, false
		}
		return DocumentAnchors(doc), true
	}
}
