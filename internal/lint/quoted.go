package lint

import (
	"strings"
	"unicode/utf8"

	"github.com/speedgrapher/speedgrapher/internal/markdown"
)

// quotePairs are the opening and closing marks of a quotation.
var quotePairs = map[rune]rune{'"': '"', '“': '”', '‘': '’', '\'': '\'', '«': '»', '„': '“'}

// quotedExample reports whether the text range [start, end) of b is quoted
// as an example rather than used: the quotation marks wrap exactly the match
// (`avoid "in order to"`, `the "the the" error`), or the match sits inside
// quotation marks in a table cell, where quoted text is what a rules table
// or a glossary shows.
func quotedExample(b *markdown.Block, start, end int) bool {
	text := b.Text
	before, _ := utf8.DecodeLastRuneInString(text[:start])
	after, _ := utf8.DecodeRuneInString(text[end:])
	if closing, ok := quotePairs[before]; ok && after == closing {
		return true
	}
	if b.Kind != markdown.TableCell {
		return false
	}
	// Inside a straight-quoted span: an odd number of quotes before.
	if strings.Count(text[:start], `"`)%2 == 1 && strings.Contains(text[end:], `"`) {
		return true
	}
	open, shut := strings.LastIndex(text[:start], "“"), strings.LastIndex(text[:start], "”")
	return open >= 0 && open > shut && strings.Contains(text[end:], "”")
}

// asWritten returns the text range [start, end) of b as a reader reads it,
// with each element that is not prose (inline code, an image, HTML) shown as
// written in the source instead of as the placeholder that stands for it.
func asWritten(src []byte, b *markdown.Block, start, end int) string {
	match := b.Text[start:end]
	if !strings.ContainsRune(match, markdown.Placeholder) {
		return match
	}
	var out strings.Builder
	for i, sp := range b.Spans {
		lo, hi := max(sp.Text, start), min(sp.Text+sp.Len, end)
		if lo >= hi {
			continue
		}
		piece := b.Text[lo:hi]
		if sp.Replaced && piece == string(markdown.Placeholder) && i+1 < len(b.Spans) {
			// A removed element runs from where it starts to where the
			// text after it starts.
			if next := b.Spans[i+1].Source; next > sp.Source && next <= len(src) {
				piece = strings.TrimRight(string(src[sp.Source:next]), " \t\r\n")
			}
		}
		out.WriteString(piece)
	}
	return out.String()
}
