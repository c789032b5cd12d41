package lsp

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/speedgrapher/speedgrapher/internal/config"
	"github.com/speedgrapher/speedgrapher/internal/lint"
	"github.com/speedgrapher/speedgrapher/internal/markdown"
	"github.com/speedgrapher/speedgrapher/internal/prose"
	"github.com/speedgrapher/speedgrapher/internal/workspace"
)

// rulesDoc is where the rules are documented, per kind; a diagnostic's
// codeDescription links there.
var rulesDoc = map[lint.Kind]string{
	lint.Style:     "https://github.com/speedgrapher/speedgrapher/blob/main/internal/lint/README.md#style-rules-lint",
	lint.Structure: "https://github.com/speedgrapher/speedgrapher/blob/main/internal/lint/README.md#structure-rules-structure",
}

// analysis is what the server knows about one version of a document.
type analysis struct {
	gen   int // the document generation it was made from
	text  string
	lines *lineIndex
	// doc is nil when the document was refused (too large, binary).
	doc      *markdown.Document
	findings []lint.Finding
	diags    []Diagnostic
	report   *prose.Report // made on the first hover
	// bom is the length of a leading byte order mark, which doc's offsets
	// leave out.
	bom int
}

// lintInput is what a lint needs besides the text.
type lintInput struct {
	ws   *workspace.Workspace // nil: no workspace, no file reads
	base *config.Config
	path string // the document's file path, "" for an unsaved buffer
}

// analyze lints text. It never panics on what a client sends: a document
// over the workspace's file limit or with NUL bytes gets one diagnostic.
func analyze(text string, in lintInput) *analysis {
	a := &analysis{text: text, lines: newLineIndex(text), findings: []lint.Finding{}, diags: []Diagnostic{}}
	if msg := refusal(text); msg != "" {
		a.diags = append(a.diags, Diagnostic{
			Range: Range{}, Severity: severityError, Code: "file-limit", Source: "speedgrapher", Message: msg,
		})
		return a
	}
	src := []byte(strings.TrimPrefix(text, "\uFEFF"))
	bom := len(text) - len(src)
	doc, err := markdown.ParseContext(context.Background(), src)
	var limit *markdown.LimitError
	if errors.As(err, &limit) {
		line := min(max(limit.Line-1, 0), len(a.lines.starts)-1)
		a.diags = append(a.diags, Diagnostic{
			Range: a.lines.rangeOf(a.lines.starts[line], a.lines.lineEnd(line)), Severity: severityError,
			Code: "file-limit", Source: "speedgrapher", Message: limit.Msg,
		})
		return a
	}
	name := in.path
	if name == "" {
		name = "untitled.md"
	} else if in.ws != nil {
		name = in.ws.Rel(name)
	}
	opts, err := config.ForDraft(in.base, name, doc)
	if err != nil {
		line := doc.FrontMatter.Line
		var ce *config.Error
		if errors.As(err, &ce) {
			line = ce.Line
		}
		line = min(max(line-1, 0), len(a.lines.starts)-1)
		r := a.lines.rangeOf(a.lines.starts[line], a.lines.lineEnd(line))
		a.diags = append(a.diags, Diagnostic{Range: r, Severity: severityError, Code: "config", Source: "speedgrapher",
			Message: fmt.Sprintf("%v; fix the speedgrapher settings in the front matter (the draft is checked without them meanwhile)", err)})
		opts = in.base.Options()
	}
	if in.ws != nil && in.path != "" {
		if abs, err := in.ws.Resolve(in.path); err == nil {
			// Inside the workspace: links may be checked against its files.
			ws := in.ws
			opts.CheckLinksFrom(filepath.Dir(abs), ws.Resolve, func(path string) ([]byte, error) {
				_, data, err := ws.ReadFile(path)
				return data, err
			})
		}
	}
	a.doc, a.bom = doc, bom
	a.findings = lint.Check(doc, opts)
	for i := range a.findings {
		f := &a.findings[i]
		f.Start += bom
		f.End += bom
		if f.Fix != nil {
			for j := range f.Fix.Edits {
				f.Fix.Edits[j].Offset += bom
				f.Fix.Edits[j].EndOffset += bom
			}
		}
		a.diags = append(a.diags, diagnostic(a.lines, f))
	}
	return a
}

// refusal says why a document is not analysed, "" when it is.
func refusal(text string) string {
	switch {
	case len(text) > workspace.MaxFileSize:
		return fmt.Sprintf("this file is larger than %d MiB and is not checked; split it into smaller files", workspace.MaxFileSize>>20)
	case strings.IndexByte(text, 0) >= 0:
		return "this file looks binary (it has NUL bytes) and is not checked; open a markdown file"
	}
	return ""
}

func diagnostic(x *lineIndex, f *lint.Finding) Diagnostic {
	d := Diagnostic{
		Range:    x.rangeOf(f.Start, f.End),
		Severity: severity(f.Severity),
		Code:     f.Rule,
		Source:   "speedgrapher",
		Message:  f.Message,
	}
	if r, ok := lint.Lookup(f.Rule); ok {
		if href := rulesDoc[r.Kind]; href != "" {
			d.CodeDescription = &codeDescription{Href: href}
		}
	}
	return d
}

func severity(s lint.Severity) int {
	switch s {
	case lint.Error:
		return severityError
	case lint.Warning:
		return severityWarning
	}
	return severityInformation
}

// byteEdit replaces text[Start:End] with NewText.
type byteEdit struct {
	Start, End int
	NewText    string
}

// fix is one repair of a finding.
type fix struct {
	Title string
	Edits []byteEdit
	// Safe fixes may be applied without reading them ("fix all").
	Safe bool
}

// fixesOf returns the repairs of a finding: its own fix, with the edits
// the rule made on prose (the same edits lint --fix and the MCP tools
// carry), else nothing. Whether "fix all" may apply it is the rule's data.
func fixesOf(_ string, f *lint.Finding) []fix {
	if f.Fix == nil || len(f.Fix.Edits) == 0 {
		return nil
	}
	edits := make([]byteEdit, len(f.Fix.Edits))
	for i, e := range f.Fix.Edits {
		edits[i] = byteEdit{e.Offset, e.EndOffset, e.NewText}
	}
	return []fix{{Title: capitalize(f.Fix.Description), Edits: edits, Safe: f.Fix.Safe}}
}

func capitalize(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[size:]
}

// safeFixes returns the safe edits for the whole text, in order, leaving out
// any that overlaps one already taken: two fixes on one span never both apply.
func safeFixes(text string, findings []lint.Finding) []byteEdit {
	var out []byteEdit
	last := -1
	for i := range findings {
		for _, fx := range fixesOf(text, &findings[i]) {
			if !fx.Safe {
				continue
			}
			if fx.Edits[0].Start < last {
				break
			}
			out = append(out, fx.Edits...)
			last = fx.Edits[len(fx.Edits)-1].End
			break
		}
	}
	return out
}

// disableEdit inserts the inline comment that turns rule off on the
// finding's line, at the line's end but before a hard line break (trailing
// spaces or a backslash) or a table row's closing pipe, so the markup keeps
// its meaning. A comment on a line of its own would not: inside a
// paragraph or a list it starts an HTML block and splits them. ok is false
// in front matter, where a comment is not markdown.
func disableEdit(a *analysis, f *lint.Finding) (byteEdit, bool) {
	if a.doc != nil && a.doc.FrontMatter.End > 0 && f.Start < a.doc.FrontMatter.End {
		return byteEdit{}, false
	}
	line := a.lines.position(f.Start).Line
	start, end := a.lines.starts[line], a.lines.lineEnd(line)
	content := a.text[start:end]
	trimmed := strings.TrimRight(content, " \t")
	switch {
	case len(trimmed) == len(content) && strings.HasSuffix(trimmed, "\\"):
		trimmed = trimmed[:len(trimmed)-1] // a backslash hard break stays last
	case strings.HasSuffix(trimmed, "|") && !strings.HasSuffix(trimmed, "\\|") && inTable(a, f.Start):
		// After a row's closing pipe the comment would be a cell of its
		// own, which GFM drops: it goes inside the last cell.
		trimmed = strings.TrimRight(trimmed[:len(trimmed)-1], " \t")
	}
	at := start + len(trimmed)
	comment := fmt.Sprintf("<!-- speedgrapher-disable-line %s -->", f.Rule)
	if trimmed != "" && !strings.HasSuffix(trimmed, " ") {
		comment = " " + comment
	}
	return byteEdit{Start: at, End: at, NewText: comment}, true
}

// inTable reports whether the source offset off is in a table cell.
func inTable(a *analysis, off int) bool {
	off -= a.bom
	for i := range a.doc.Blocks {
		b := &a.doc.Blocks[i]
		if b.Start <= off && off < b.End {
			return b.Kind == markdown.TableCell
		}
	}
	return false
}

// textEdits converts byte edits to LSP edits against x.
func textEdits(x *lineIndex, edits []byteEdit) []TextEdit {
	out := make([]TextEdit, 0, len(edits))
	for _, e := range edits {
		out = append(out, TextEdit{Range: x.rangeOf(e.Start, e.End), NewText: e.NewText})
	}
	return out
}
