package markdown

import (
	"bytes"
	"fmt"
	"strconv"
)

// The limits Parse reads a draft within. goldmark and the YAML and TOML
// parsers take time or memory that grows faster than the draft on a few
// shapes no writer makes: lists nested thousands deep on one line, tens of
// thousands of "[" or "*" in one paragraph, link destinations that never
// close, front matter nested thousands deep. Each limit is far above what
// real documents use (see the Limits section of the README) and is checked
// in time linear in the draft, before or while goldmark reads it.
const (
	// MaxNesting is how deep lists and block quotes may nest.
	MaxNesting = 32
	// MaxMarkersPerBlock is how many inline markers ("[", "![", "*", "_",
	// "~", "<") one paragraph, heading or table cell may hold: goldmark
	// pairs them up in time that grows with the square of their number.
	MaxMarkersPerBlock = 4096
	// MarkerDensity bounds the draft's weight: 3 for each line that is not
	// blank, 1 for each block, 4 for each table cell, and for each inline
	// element (link, emphasis, code span, autolink...) two plus its children. goldmark keeps a node of about a
	// hundred bytes for each, so the weight, at most one per MarkerDensity
	// bytes plus FreeWeight, is what bounds memory. Real documents weigh one
	// per 8 to 40 bytes; a list of links, one per 8.
	MarkerDensity = 4
	FreeWeight    = 1 << 12
	// LinkScanFactor bounds the bytes goldmark reads looking for the ends of
	// link destinations and titles: LinkScanFactor times the draft's size,
	// plus FreeLinkScan. A "](" that does not close is read to the end of
	// its line, again for each one.
	LinkScanFactor = 8
	FreeLinkScan   = 1 << 20
	// MaxReferenceRun is how many link reference definitions may follow one
	// another without a blank line: goldmark reads such a run again for each.
	MaxReferenceRun = 1000
	// MaxTableColumns is how many columns a table may have.
	MaxTableColumns = 1000
	// MaxFrontMatter is the largest front matter block, in bytes.
	MaxFrontMatter = 64 << 10
	// MaxFrontMatterNesting is how deep YAML front matter may nest.
	MaxFrontMatterNesting = 64
)

// LimitError says that a draft goes past one of the limits Parse reads
// within, and where.
type LimitError struct {
	// Line is the 1-based line where the limit is passed.
	Line int
	// Msg says what is past which limit and what to do.
	Msg string
}

func (e *LimitError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

func limitErrorf(line int, format string, args ...any) *LimitError {
	return &LimitError{Line: line, Msg: fmt.Sprintf(format, args...)}
}

// count writes n with thousands separators: 80000 is "80,000".
func count(n int) string {
	s := strconv.Itoa(n)
	if n < 0 {
		return s
	}
	var b []byte
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			b = append(b, ',')
		}
		b = append(b, s[i])
	}
	return string(b)
}

// CheckYAML checks that YAML data is within the limits on front matter
// (MaxFrontMatter bytes, MaxFrontMatterNesting levels) before a YAML parser
// reads it: github.com/goccy/go-yaml takes minutes and gigabytes on 80 KB
// nested 40,000 deep. firstLine is the line of data's first line in its file.
func CheckYAML(data []byte, firstLine int) error {
	if len(data) > MaxFrontMatter {
		return limitErrorf(firstLine, "the YAML is %s bytes; speedgrapher reads at most %s, so shorten it", count(len(data)), count(MaxFrontMatter))
	}
	depth, at := yamlDepth(data)
	if depth > MaxFrontMatterNesting {
		return limitErrorf(firstLine+bytes.Count(data[:at], []byte{'\n'}), "the YAML nests %s levels deep; speedgrapher reads at most %d, so flatten it", count(depth), MaxFrontMatterNesting)
	}
	return nil
}

// yamlDepth returns an upper bound on how deep YAML data nests and the
// offset where that depth is first reached. A level is an open flow
// collection ("[" or "{" outside quotes and comments); at the start of a
// line, two columns of indentation or one "-", "?" or ":" indicator; and,
// outside flow collections, each "key:" on the line ("a: a: a: …" is
// mappings nested on one line, which the YAML parser reads in time that
// grows faster than the line: found by FuzzLinearDraft).
func yamlDepth(data []byte) (depth, at int) {
	flow := 0
	lineStart := true
	block := 0
	keys := 0 // "key:" indicators on this line, outside flow collections
	for i := 0; i < len(data); i++ {
		c := data[i]
		if lineStart {
			// The indentation and compact indicators ("- - x") of a line.
			spaces, indicators := 0, 0
			for ; i < len(data); i++ {
				if data[i] == ' ' {
					if indicators == 0 {
						spaces++
					}
				} else if (data[i] == '-' || data[i] == '?' || data[i] == ':') && (i+1 == len(data) || data[i+1] == ' ' || data[i+1] == '\n') {
					indicators++
				} else {
					break
				}
			}
			lineStart = false
			block = spaces/2 + indicators
			if block+flow > depth {
				depth, at = block+flow, i
			}
			if i == len(data) {
				break
			}
			c = data[i]
		}
		switch c {
		case '\n':
			lineStart, keys = true, 0
		case ':':
			if flow == 0 && (i+1 == len(data) || data[i+1] == ' ' || data[i+1] == '\t' || data[i+1] == '\n') {
				keys++
				if block+keys > depth {
					depth, at = block+keys, i
				}
			}
		case '[', '{':
			flow++
			if block+flow > depth {
				depth, at = block+flow, i
			}
		case ']', '}':
			flow = max(flow-1, 0)
		case '"', '\'':
			// A quoted scalar: skip to its closing quote ('' and \" escape).
			for i++; i < len(data); i++ {
				if data[i] == '\\' && c == '"' {
					i++
				} else if data[i] == c {
					if c == '\'' && i+1 < len(data) && data[i+1] == '\'' {
						i++
						continue
					}
					break
				}
			}
		case '#':
			if i == 0 || data[i-1] == ' ' || data[i-1] == '\t' {
				for i < len(data) && data[i] != '\n' {
					i++
				}
				i-- // let the newline end the line
			}
		}
	}
	return depth, at
}

// checkBody checks the shapes of a draft's body that goldmark would read in
// time that grows faster than the draft: runs of link reference definitions
// and link destinations and titles that do not close. One pass, linear.
func checkBody(src []byte, lines *lineIndex) error {
	if err := checkReferenceRuns(src, lines); err != nil {
		return err
	}
	return checkLinkScans(src, lines)
}

// checkReferenceRuns finds runs of more than MaxReferenceRun lines that may
// be link reference definitions ("[label]: destination"), with no blank
// line between.
func checkReferenceRuns(src []byte, lines *lineIndex) error {
	run, runStart := 0, 0
	for pos := 0; pos < len(src); {
		line, next, _ := cutLine(src, pos)
		t := bytes.TrimLeft(line, " \t>")
		switch {
		case len(t) > 0 && t[0] == '[' && bytes.Contains(t, []byte("]:")):
			if run == 0 {
				runStart = pos
			}
			if run++; run > MaxReferenceRun {
				return limitErrorf(lines.lineOf(runStart), "more than %s link reference definitions follow one another; speedgrapher reads at most %s without a blank line between, so put blank lines between groups of them", count(MaxReferenceRun), count(MaxReferenceRun))
			}
		case len(bytes.TrimSpace(line)) == 0:
			run = 0
		}
		pos = next
	}
	return nil
}

// checkLinkScans adds up, for every "](" in src, an upper bound on the bytes
// goldmark's link parser reads to find the end of the destination (up to the
// next space or line end, or for "<...>" the next ">") and of a title that
// follows it (up to the closing quote or parenthesis, or a blank line), and
// fails when the sum passes LinkScanFactor times the draft's size.
func checkLinkScans(src []byte, lines *lineIndex) error {
	budget := LinkScanFactor*len(src) + FreeLinkScan
	var space, gt, eol, blank finder
	space.match = func(src []byte, i int) bool {
		c := src[i]
		return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
	}
	// An escaped ">" or closer does not end the scan; "\\>" does, but
	// reading on past it only makes the bound looser.
	gt.match = func(src []byte, i int) bool { return src[i] == '\n' || src[i] == '>' && !escaped(src, i) }
	eol.match = func(src []byte, i int) bool { return src[i] == '\n' }
	closers := map[byte]*finder{}
	for _, c := range []byte{'"', '\'', ')'} {
		closers[c] = &finder{match: func(src []byte, i int) bool { return src[i] == c && !escaped(src, i) }}
	}
	total := 0
	for at := 0; ; {
		i := bytes.Index(src[at:], []byte("]("))
		if i < 0 {
			return nil
		}
		p := at + i
		at = p + 2
		j := skipSpace(src, p+2)
		cost := 0
		titleFrom := -1
		if j < len(src) && src[j] == '<' {
			e := gt.next(src, j+1)
			cost += e - j
			if e < len(src) && src[e] == '>' {
				titleFrom = skipSpace(src, e+1)
			}
		} else {
			e := space.next(src, j)
			cost += e - j
			titleFrom = skipSpace(src, e)
		}
		if titleFrom >= 0 && titleFrom < len(src) {
			if open := src[titleFrom]; open == '"' || open == '\'' || open == '(' {
				closer := open
				if open == '(' {
					closer = ')'
				}
				e := closers[closer].next(src, titleFrom+1)
				cost += min(e, blank.nextBlank(src, &eol, titleFrom)) - titleFrom
			}
		}
		total += cost
		if total > budget {
			return limitErrorf(lines.lineOf(p), "links from here on open destinations or titles that do not close (\"](\" with no \")\"), and finding where they end would read %s bytes, more than %d times the draft's size; close them with \")\" or write \"\\]\" for a bracket that starts no link", count(total), LinkScanFactor)
		}
	}
}

func escaped(src []byte, i int) bool { return i > 0 && src[i-1] == '\\' }

// skipSpace returns the first offset from i that is not a space, tab or line break.
func skipSpace(src []byte, i int) int {
	for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r') {
		i++
	}
	return i
}

// finder finds the next byte that matches, for offsets that never go back,
// so that all its searches together read src once.
type finder struct {
	match     func(src []byte, i int) bool
	from, hit int // no match in src[from:hit]; hit is len(src) or a match
	started   bool
}

func (f *finder) next(src []byte, i int) int {
	if f.started && i >= f.from && i <= f.hit {
		return f.hit
	}
	f.started, f.from = true, i
	for i < len(src) && !f.match(src, i) {
		i++
	}
	f.hit = i
	return i
}

// nextBlank returns the offset of the next blank line from i, using eol
// (a finder of newlines) to step from line to line.
func (f *finder) nextBlank(src []byte, eol *finder, i int) int {
	if f.started && i >= f.from && i <= f.hit {
		return f.hit
	}
	f.started, f.from = true, i
	for {
		e := eol.next(src, i)
		if e >= len(src) {
			f.hit = len(src)
			return f.hit
		}
		n := e + 1
		k := n
		for k < len(src) && (src[k] == ' ' || src[k] == '\t' || src[k] == '\r') {
			k++
		}
		if k >= len(src) || src[k] == '\n' {
			f.hit = n
			return n
		}
		i = n
	}
}

// lineOf returns the 1-based line of a byte offset.
func (x *lineIndex) lineOf(off int) int {
	lo, hi := 0, len(x.starts)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if x.starts[mid] <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo + 1
}
