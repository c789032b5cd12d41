package lint

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/speedgrapher/speedgrapher/internal/markdown"
)

// Fixable says whether a rule's findings carry a fix, and whether that fix
// is safe to apply without a writer reading it first.
type Fixable uint8

const (
	// NoFix: the repair needs a writer (passive voice, a long sentence).
	NoFix Fixable = iota
	// UnsafeFix: a mechanical repair a writer should check (a placeholder
	// language on a code fence). Applied only when asked for by name or
	// with --fix=all.
	UnsafeFix
	// SafeFix: a substitution that keeps the meaning ("in order to" → "to").
	SafeFix
)

func (f Fixable) String() string {
	switch f {
	case SafeFix:
		return "safe"
	case UnsafeFix:
		return "unsafe"
	}
	return "none"
}

// Fix is a repair for a finding: edits on the source, applied together.
type Fix struct {
	// Description says what the fix does, for a writer choosing it.
	Description string `json:"description"`
	// Safe is true when the fix keeps the meaning and may be applied unread.
	Safe  bool   `json:"safe"`
	Edits []Edit `json:"edits"`
}

// Edit replaces the source range [Offset, EndOffset) with NewText. Positions
// are as a Finding's: 1-based, columns in Unicode characters, end exclusive;
// offsets are in bytes.
type Edit struct {
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	EndLine   int    `json:"end_line"`
	EndColumn int    `json:"end_column"`
	Offset    int    `json:"offset"`
	EndOffset int    `json:"end_offset"`
	NewText   string `json:"new_text"`
}

// newEdit is an edit of the source range [start, end) with its positions.
func (p *pass) newEdit(start, end int, text string) Edit {
	from, to := p.doc.Position(start), p.doc.Position(end)
	return Edit{Line: from.Line, Column: from.Column, EndLine: to.Line, EndColumn: to.Column,
		Offset: start, EndOffset: end, NewText: text}
}

// substitutionFix is the fix that replaces the text range [start, end) of
// block b with repl, keeping the case of what it replaces; "" cuts it with
// the space after it. It is nil when the range is not plain prose in the
// source (an escape, emphasis or an element inside it), which a fix must
// never touch.
func (p *pass) substitutionFix(r *Rule, b *markdown.Block, start, end int, repl string) *Fix {
	match := b.Text[start:end]
	desc := fmt.Sprintf("replace %q with %q", match, keepCase(match, repl))
	newText := keepCase(match, repl)
	if repl == "" {
		desc = fmt.Sprintf("cut %q", match)
		// Take the spaces after the cut too; at a sentence's start the next
		// word takes the capital.
		// Only before a word: what follows may start the line once the
		// phrase is gone, and "```", "#" or "- " there would be markup.
		rest := b.Text[end:]
		spaces := len(rest) - len(strings.TrimLeft(rest, " "))
		next, size := utf8.DecodeRuneInString(rest[spaces:])
		if spaces == 0 || !unicode.IsLetter(next) {
			return nil
		}
		end += spaces
		if startsUpper(match) && unicode.IsLower(next) {
			end += size
			newText = string(unicode.ToUpper(next))
		}
	}
	// "an insane idea" → "a surprising idea": the article goes with the word.
	// Only where the writer's article fits the spelling of the old word: "a
	// utilization" is already an exception, and so is its replacement.
	if a, ok := articleBefore(b.Text[:start]); ok && newText != "" {
		if was, want := article(match), article(newText); strings.EqualFold(a, was) && was != want {
			start -= len(a) + 1
			newText = keepCase(a, want) + " " + newText
		}
	}
	s, e, ok := proseSource(p.doc.Source, b, start, end)
	if !ok {
		return nil
	}
	return &Fix{Description: desc, Safe: r.Fix == SafeFix, Edits: []Edit{p.newEdit(s, e, newText)}}
}

// articleBefore returns "a" or "an" (as written) when text ends with it and
// one space.
func articleBefore(text string) (string, bool) {
	if !strings.HasSuffix(text, " ") {
		return "", false
	}
	text = text[:len(text)-1]
	for _, a := range []string{"an", "a"} {
		if len(text) >= len(a) && strings.EqualFold(text[len(text)-len(a):], a) {
			before, _ := utf8.DecodeLastRuneInString(text[:len(text)-len(a)])
			if len(text) == len(a) || !unicode.IsLetter(before) && before != '\'' && before != '-' {
				return text[len(text)-len(a):], true
			}
		}
	}
	return "", false
}

// article is the article a word takes by its first letter.
func article(word string) string {
	if strings.ContainsRune("aeiouAEIOU", rune(word[0])) {
		return "an"
	}
	return "a"
}

// proseSource maps the text range [start, end) of b to its source range when
// that range is plain prose: source bytes copied verbatim into the text,
// joined only by line breaks, with nothing between them. Escapes, character
// references, emphasis markers, inline code, links' destinations and HTML
// all fail the test.
func proseSource(src []byte, b *markdown.Block, start, end int) (int, int, bool) {
	if end <= start {
		return 0, 0, false
	}
	from, to, next := -1, -1, -1
	for _, sp := range b.Spans {
		lo, hi := max(sp.Text, start), min(sp.Text+sp.Len, end)
		if lo >= hi {
			continue
		}
		if sp.Replaced && !lineBreak(src[sp.Source:sp.Source+sp.SourceLen]) {
			return 0, 0, false
		}
		if next >= 0 && sp.Source != next {
			return 0, 0, false // something not prose lies between
		}
		s, e := sp.Source, sp.Source+sp.SourceLen
		if !sp.Replaced {
			s, e = sp.Source+lo-sp.Text, sp.Source+hi-sp.Text
		}
		if from < 0 {
			from = s
		}
		to, next = e, sp.Source+sp.SourceLen
	}
	if from < 0 {
		return 0, 0, false
	}
	return from, to, true
}

// lineBreak reports whether a replaced source range is a soft line break: a
// newline and the next line's indentation. A hard break (two spaces or a
// backslash before the newline) is markup and is not.
func lineBreak(s []byte) bool {
	t := strings.TrimLeft(string(s), "\r\n")
	if len(t) == len(s) || strings.Count(string(s[:len(s)-len(t)]), "\n") != 1 {
		return false
	}
	return strings.Trim(t, " \t") == ""
}

// startsUpper reports whether the first letter of s is upper case.
func startsUpper(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) {
			return unicode.IsUpper(r)
		}
	}
	return false
}

// keepCase gives repl the case of match: all capitals stay capitals ("IN
// ORDER TO" → "TO"), a capital first letter stays ("In order to" → "To"),
// and words all capitalized stay so ("Master Branch" → "Main Branch").
func keepCase(match, repl string) string {
	letters, upper := 0, 0
	for _, r := range match {
		if unicode.IsLetter(r) {
			letters++
			if unicode.IsUpper(r) {
				upper++
			}
		}
	}
	switch {
	case repl == "" || upper == 0:
		return repl
	case letters > 1 && upper == letters:
		return strings.ToUpper(repl)
	}
	words := strings.Fields(match)
	title := len(words) > 1
	for _, w := range words {
		title = title && startsUpper(w)
	}
	if title {
		rw := strings.Split(repl, " ")
		for i, w := range rw {
			rw[i] = upperFirst(w)
		}
		return strings.Join(rw, " ")
	}
	if startsUpper(match) {
		return upperFirst(repl)
	}
	return repl
}

func upperFirst(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	if size == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[size:]
}

// Applied is the result of applying fixes to a source.
type Applied struct {
	// Source is the text with the fixes applied.
	Source []byte
	// Fixes are the findings whose fixes were applied, in source order.
	Fixes []Finding
	// Skipped counts fixes left out because they overlap one applied
	// before them; the next run can apply them.
	Skipped int
}

// ApplyFixes applies to src the fixes of the findings that want accepts
// (nil accepts every safe fix). Findings are taken in source order; a fix
// whose edits overlap those of one already taken is skipped, so two fixes on
// one span never both apply.
func ApplyFixes(src []byte, findings []Finding, want func(Finding) bool) Applied {
	if want == nil {
		want = func(f Finding) bool { return f.Fix.Safe }
	}
	ordered := slices.Clone(findings)
	slices.SortStableFunc(ordered, func(a, b Finding) int { return fixStart(a) - fixStart(b) })
	var taken []Edit
	res := Applied{Fixes: []Finding{}}
	for _, f := range ordered {
		if f.Fix == nil || len(f.Fix.Edits) == 0 || !want(f) {
			continue
		}
		if overlapsAny(f.Fix.Edits, taken) {
			res.Skipped++
			continue
		}
		taken = append(taken, f.Fix.Edits...)
		res.Fixes = append(res.Fixes, f)
	}
	slices.SortFunc(taken, func(a, b Edit) int { return a.Offset - b.Offset })
	var out []byte
	last := 0
	for _, e := range taken {
		out = append(out, src[last:e.Offset]...)
		out = append(out, e.NewText...)
		last = e.EndOffset
	}
	res.Source = append(out, src[last:]...)
	return res
}

func fixStart(f Finding) int {
	if f.Fix == nil || len(f.Fix.Edits) == 0 {
		return f.Start
	}
	return f.Fix.Edits[0].Offset
}

// overlapsAny reports whether an edit of a shares bytes, or an insertion
// point, with an edit of b. Edits that only touch end to start do not.
func overlapsAny(a, b []Edit) bool {
	for _, x := range a {
		for _, y := range b {
			if x.Offset < y.EndOffset && y.Offset < x.EndOffset || x.Offset == y.Offset {
				return true
			}
		}
	}
	return false
}
