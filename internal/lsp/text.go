package lsp

import (
	"sort"
	"strings"
	"unicode/utf8"
)

// lineIndex converts between byte offsets in a text and LSP positions, whose
// characters are UTF-16 code units: a character outside the Basic
// Multilingual Plane (most emoji) counts two, a CJK character one.
type lineIndex struct {
	text   string
	starts []int // byte offset of each line's start
}

func newLineIndex(text string) *lineIndex {
	starts := make([]int, 1, strings.Count(text, "\n")+1)
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' {
			starts = append(starts, i+1)
		}
	}
	return &lineIndex{text: text, starts: starts}
}

// lineEnd is the byte offset where line's content ends, before "\n" or "\r\n".
func (x *lineIndex) lineEnd(line int) int {
	end := len(x.text)
	if line+1 < len(x.starts) {
		end = x.starts[line+1] - 1
		if end > x.starts[line] && x.text[end-1] == '\r' {
			end--
		}
	}
	return end
}

// position returns the position of byte offset off (clamped to the text).
func (x *lineIndex) position(off int) Position {
	off = max(0, min(off, len(x.text)))
	line := sort.Search(len(x.starts), func(i int) bool { return x.starts[i] > off }) - 1
	return Position{Line: line, Character: utf16Len(x.text[x.starts[line]:off])}
}

func (x *lineIndex) rangeOf(start, end int) Range {
	return Range{x.position(start), x.position(end)}
}

// offset returns the byte offset of p. A line past the end is the end of
// the text; a character past the line's end is the line's end, as the
// protocol says; a character inside a surrogate pair is the character's start.
func (x *lineIndex) offset(p Position) int {
	if p.Line < 0 {
		return 0
	}
	if p.Line >= len(x.starts) {
		return len(x.text)
	}
	off, end := x.starts[p.Line], x.lineEnd(p.Line)
	for units := 0; off < end; {
		r, size := utf8.DecodeRuneInString(x.text[off:end])
		n := 1
		if r >= 0x10000 {
			n = 2
		}
		if units+n > p.Character {
			break
		}
		units += n
		off += size
	}
	return off
}

func utf16Len(s string) int {
	n := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			n++
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
		i += size
	}
	return n
}

// applyChange applies one content change to text.
func applyChange(text string, c contentChange) string {
	if c.Range == nil {
		return c.Text
	}
	x := newLineIndex(text)
	start, end := x.offset(c.Range.Start), x.offset(c.Range.End)
	if end < start {
		start, end = end, start
	}
	return text[:start] + c.Text + text[end:]
}
