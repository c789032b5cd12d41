package lsp

import (
	"fmt"
	"strings"

	"github.com/speedgrapher/speedgrapher/internal/lint"
	"github.com/speedgrapher/speedgrapher/internal/prose"
)

// codeActions offers, for the findings in the requested range, their
// quick fixes and a comment that disables the rule on the line, and, when
// the file has any, one action that applies every safe fix.
func (s *Server) codeActions(p codeActionParams) []CodeAction {
	out := []CodeAction{}
	uri := p.TextDocument.URI
	a := s.lint(uri)
	if a == nil || a.doc == nil {
		return out
	}
	start, end := a.lines.offset(p.Range.Start), a.lines.offset(p.Range.End)
	edit := func(edits []byteEdit) *WorkspaceEdit {
		return &WorkspaceEdit{Changes: map[string][]TextEdit{uri: textEdits(a.lines, edits)}}
	}
	if wants(p.Context.Only, kindQuickFix) {
		for i := range a.findings {
			f := &a.findings[i]
			if f.Start > end || f.End < start {
				continue
			}
			diags := []Diagnostic{a.diags[len(a.diags)-len(a.findings)+i]}
			for j, fx := range fixesOf(a.text, f) {
				out = append(out, CodeAction{Title: fx.Title, Kind: kindQuickFix, Diagnostics: diags,
					IsPreferred: j == 0 && fx.Safe, Edit: edit(fx.Edits)})
			}
			if e, ok := disableEdit(a, f); ok {
				out = append(out, CodeAction{Title: fmt.Sprintf("Disable %s on this line", f.Rule), Kind: kindQuickFix,
					Diagnostics: diags, Edit: edit([]byteEdit{e})})
			}
		}
	}
	if wants(p.Context.Only, kindFixAll) {
		if edits := safeFixes(a.text, a.findings); len(edits) > 0 {
			out = append(out, CodeAction{Title: fmt.Sprintf("Fix all safe problems in the file (%d)", len(edits)),
				Kind: kindFixAll, Edit: edit(edits)})
		}
	}
	return out
}

// wants reports whether a code action of kind is asked for: "only" empty
// asks for all, else a listed kind or one of its parents.
func wants(only []string, kind string) bool {
	if len(only) == 0 {
		return true
	}
	for _, k := range only {
		if k == kind || strings.HasPrefix(kind, k+".") {
			return true
		}
	}
	return false
}

// hover describes what is under the cursor: a heading's section (grade,
// words, reading time) or a sentence (words, grade, difficulty), and the
// rules of the findings there.
func (s *Server) hover(p textDocumentPositionParams) *Hover {
	a := s.lint(p.TextDocument.URI)
	if a == nil || a.doc == nil {
		return nil
	}
	off := a.lines.offset(p.Position)
	if a.report == nil {
		r := prose.Analyze(a.doc)
		a.report = &r
	}
	var parts []string
	var rng *Range
	if text, r, ok := a.sectionAt(off); ok {
		parts, rng = append(parts, text), &r
	} else if text, r, ok := a.sentenceAt(off); ok {
		parts, rng = append(parts, text), &r
	}
	seen := map[string]bool{}
	for i := range a.findings {
		f := &a.findings[i]
		if off < f.Start || off > f.End || seen[f.Rule] {
			continue
		}
		seen[f.Rule] = true
		if r, ok := lint.Lookup(f.Rule); ok {
			parts = append(parts, fmt.Sprintf("`%s` (%s): %s", r.ID, f.Severity, r.Doc))
		}
	}
	if len(parts) == 0 {
		return nil
	}
	return &Hover{Contents: markupContent{Kind: "markdown", Value: strings.Join(parts, "\n\n")}, Range: rng}
}

// sectionAt describes the section whose heading is at off: the prose under
// the heading and its subheadings, to the next heading of its level or higher.
func (a *analysis) sectionAt(off int) (string, Range, bool) {
	doc := a.doc
	for hi, h := range doc.Headings {
		line := h.Line - 1
		if line < 0 || line >= len(a.lines.starts) || off < a.lines.starts[line] || off > a.lines.lineEnd(line) {
			continue
		}
		next := len(doc.Headings)
		for j := hi + 1; j < len(doc.Headings); j++ {
			if doc.Headings[j].Level <= h.Level {
				next = j
				break
			}
		}
		var c prose.Counts
		for _, sec := range a.report.Sections {
			if sec.Heading >= hi && sec.Heading < next {
				c = c.Add(sec.Counts)
			}
		}
		title := h.Text
		if title == "" {
			title = "(empty heading)"
		}
		r := a.lines.rangeOf(a.lines.starts[line], a.lines.lineEnd(line))
		if c.Words == 0 {
			return fmt.Sprintf("**%s**: no prose to measure in this section", title), r, true
		}
		grade := c.Scores().Grade()
		sub := ""
		if next > hi+1 {
			sub = ", with its subsections"
		}
		return fmt.Sprintf("**%s**%s: grade %.1f (%s), %s in %s, about %s to read",
			title, sub, grade, prose.Audience(grade), plural(c.Words, "word"), plural(c.Sentences, "sentence"),
			readingTime(prose.ReadingSeconds(c.Words))), r, true
	}
	return "", Range{}, false
}

// sentenceAt describes the counted sentence (in a paragraph, list item or
// quote) at off. Its grade is its ARI, shown from 0 up like the consensus
// grade: a short plain sentence scores below 0.
func (a *analysis) sentenceAt(off int) (string, Range, bool) {
	for _, sc := range a.report.Sentences {
		b := &a.doc.Blocks[sc.Block]
		start, end := b.SourceRange(sc.Start, sc.End)
		start, end = start+a.bom, end+a.bom
		if off < start || off > end {
			continue
		}
		text := fmt.Sprintf("Sentence: %s, grade %.1f, %s", plural(sc.Counts.Words, "word"), max(sc.Grade, 0), sc.Difficulty)
		if sc.Difficulty != prose.Normal {
			text += " to read"
		}
		return text, a.lines.rangeOf(start, end), true
	}
	return "", Range{}, false
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

func readingTime(seconds int) string {
	if seconds < 60 {
		return fmt.Sprintf("%d s", max(seconds, 1))
	}
	return fmt.Sprintf("%d min", (seconds+30)/60)
}

// symbols returns the outline: headings nested by level, each spanning its
// section.
func (s *Server) symbols(uri string) []DocumentSymbol {
	a := s.lint(uri)
	if a == nil || a.doc == nil {
		return []DocumentSymbol{}
	}
	hs := a.doc.Headings
	var build func(i, parentLevel int) ([]DocumentSymbol, int)
	// build returns the symbols from heading i on while they are deeper
	// than parentLevel, and the index of the first heading it did not take.
	build = func(i, parentLevel int) ([]DocumentSymbol, int) {
		out := []DocumentSymbol{}
		for i < len(hs) && hs[i].Level > parentLevel {
			h := hs[i]
			line := min(max(h.Line-1, 0), len(a.lines.starts)-1)
			children, next := build(i+1, h.Level)
			end := len(a.text)
			if next < len(hs) {
				end = a.lines.starts[min(max(hs[next].Line-1, 0), len(a.lines.starts)-1)]
			}
			name := h.Text
			if strings.TrimSpace(name) == "" {
				name = "(empty heading)"
			}
			sel := a.lines.rangeOf(a.lines.starts[line], a.lines.lineEnd(line))
			full := a.lines.rangeOf(a.lines.starts[line], max(end, a.lines.lineEnd(line)))
			out = append(out, DocumentSymbol{Name: name, Detail: strings.Repeat("#", h.Level), Kind: symbolKindString,
				Range: full, SelectionRange: sel, Children: children})
			i = next
		}
		return out, i
	}
	out, _ := build(0, 0)
	return out
}
