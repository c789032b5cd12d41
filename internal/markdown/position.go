package markdown

import (
	"bytes"
	"sort"
	"unicode/utf8"
)

// markStride is how many bytes of a long line lie between two column marks.
const markStride = 256

// lineIndex holds the byte offset where each line starts, and column marks
// on long lines so that a column is counted from a mark at most markStride
// bytes back rather than from the start of its line: a line of a megabyte
// with a finding every few words would otherwise cost a count of the whole
// line per finding.
type lineIndex struct {
	starts []int
	// marks are byte offsets on lines longer than markStride, ascending,
	// each at a place where counting runes may stop and start again;
	// markCols[i] is the number of runes from the start of the line to marks[i].
	marks    []int
	markCols []int
}

func newLineIndex(src []byte) lineIndex {
	x := lineIndex{starts: make([]int, 1, bytes.Count(src, []byte{'\n'})+1)}
	for i, c := range src {
		if c == '\n' {
			x.starts = append(x.starts, i+1)
		}
	}
	for l, start := range x.starts {
		end := len(src)
		if l+1 < len(x.starts) {
			end = x.starts[l+1]
		}
		prev, col := start, 0
		for at := start + markStride; at < end; at += markStride {
			if at = splitPoint(src, at, end); at >= end {
				break
			}
			col += utf8.RuneCount(src[prev:at])
			x.marks = append(x.marks, at)
			x.markCols = append(x.markCols, col)
			prev = at
		}
	}
	return x
}

// splitPoint returns the first offset from at (before end) where
// utf8.RuneCount(src[a:p]) + utf8.RuneCount(src[p:b]) equals
// utf8.RuneCount(src[a:b]): a byte that is not a continuation byte, since
// no encoding runs across one, or the byte after three continuation bytes,
// since no encoding is longer than four bytes.
func splitPoint(src []byte, at, end int) int {
	for k := 0; k < 3 && at+k < end; k++ {
		if !isContinuation(src[at+k]) {
			return at + k
		}
	}
	return min(at+3, end)
}

func isContinuation(c byte) bool { return c&0xC0 == 0x80 }

func (x lineIndex) position(src []byte, off int) Position {
	off = min(max(off, 0), len(src))
	line := sort.Search(len(x.starts), func(i int) bool { return x.starts[i] > off }) - 1
	line = max(line, 0)
	from, col := x.starts[line], 0
	// The last mark at or before off, if it is on this line.
	if m := sort.SearchInts(x.marks, off+1) - 1; m >= 0 && x.marks[m] >= from {
		from, col = x.marks[m], x.markCols[m]
	}
	return Position{Line: line + 1, Column: col + utf8.RuneCount(src[from:off]) + 1}
}
