package markdown

import (
	"bytes"
	"sort"
	"unicode/utf8"
)

// lineIndex holds the byte offset where each line starts.
type lineIndex struct {
	starts []int
}

func newLineIndex(src []byte) lineIndex {
	starts := make([]int, 1, bytes.Count(src, []byte{'\n'})+1)
	for i, c := range src {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	return lineIndex{starts: starts}
}

func (x lineIndex) position(src []byte, off int) Position {
	off = min(max(off, 0), len(src))
	line := sort.Search(len(x.starts), func(i int) bool { return x.starts[i] > off }) - 1
	line = max(line, 0)
	return Position{Line: line + 1, Column: utf8.RuneCount(src[x.starts[line]:off]) + 1}
}
