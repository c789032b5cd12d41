package fix

import (
	"fmt"
	"slices"
	"strings"
)

// context is the number of unchanged lines shown around a change, as diff -u.
const context = 3

// Diff returns the unified diff that turns old into new, with the file
// labelled a/name and b/name as git does; "" when they are equal.
func Diff(name string, old, new []byte) string {
	a, b := splitLines(string(old)), splitLines(string(new))
	ops := lineDiff(a, b)
	var out strings.Builder
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		// A hunk: from context lines before this change to context lines
		// after the last change that is at most 2*context lines further.
		start := max(0, i-context)
		end := i
		for j := i; j < len(ops); j++ {
			if ops[j].kind != ' ' {
				end = j + 1
			} else if j-end >= 2*context {
				break
			}
		}
		end = min(len(ops), end+context)
		if out.Len() == 0 {
			fmt.Fprintf(&out, "--- a/%s\n+++ b/%s\n", name, name)
		}
		writeHunk(&out, ops[start:end])
		i = end
	}
	return out.String()
}

// op is one line of an edit script: ' ' kept, '-' removed, '+' added, with
// its 1-based line numbers in old (aLine) and new (bLine).
type op struct {
	kind         byte
	line         string
	aLine, bLine int
}

func writeHunk(out *strings.Builder, ops []op) {
	aStart, bStart, aCount, bCount := 0, 0, 0, 0
	for _, o := range ops {
		if o.kind != '+' {
			if aCount == 0 {
				aStart = o.aLine
			}
			aCount++
		}
		if o.kind != '-' {
			if bCount == 0 {
				bStart = o.bLine
			}
			bCount++
		}
	}
	// An empty side is named by the line before it, as diff -u does.
	if aCount == 0 {
		aStart = ops[0].aLine - 1
	}
	if bCount == 0 {
		bStart = ops[0].bLine - 1
	}
	fmt.Fprintf(out, "@@ -%s +%s @@\n", hunkRange(aStart, aCount), hunkRange(bStart, bCount))
	for _, o := range ops {
		out.WriteByte(o.kind)
		out.WriteString(o.line)
		if !strings.HasSuffix(o.line, "\n") {
			out.WriteString("\n\\ No newline at end of file\n")
		}
	}
}

func hunkRange(start, count int) string {
	if count == 1 {
		return fmt.Sprint(start)
	}
	return fmt.Sprintf("%d,%d", start, count)
}

// splitLines splits s after each newline; the last line may have none.
func splitLines(s string) []string {
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// lineDiff returns a shortest edit script from a to b, by Myers' O(ND)
// algorithm after the common first and last lines are set aside: fixes
// change few lines, so D is small and the work is about the file's length.
func lineDiff(a, b []string) []op {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	mid := myers(a[pre:len(a)-suf], b[pre:len(b)-suf])
	ops := make([]op, 0, pre+len(mid)+suf)
	for i := range pre {
		ops = append(ops, op{kind: ' ', line: a[i]})
	}
	ops = append(ops, mid...)
	for i := len(a) - suf; i < len(a); i++ {
		ops = append(ops, op{kind: ' ', line: a[i]})
	}
	ai, bi := 1, 1
	for k := range ops {
		ops[k].aLine, ops[k].bLine = ai, bi
		if ops[k].kind != '+' {
			ai++
		}
		if ops[k].kind != '-' {
			bi++
		}
	}
	return ops
}

// myers is Myers' greedy algorithm, keeping the furthest-reaching paths of
// each step (O(D²) memory) to walk back along the shortest one.
func myers(a, b []string) []op {
	n, m := len(a), len(b)
	limit := n + m
	off := limit + 1
	v := make([]int, 2*limit+3)
	var trace [][]int // trace[d][k+d+1] is v[k] before step d
	found := false
	for d := 0; d <= limit && !found; d++ {
		trace = append(trace, slices.Clone(v[off-d-1:off+d+2]))
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || k != d && v[off+k-1] < v[off+k+1] {
				x = v[off+k+1] // down: a line of b inserted
			} else {
				x = v[off+k-1] + 1 // right: a line of a deleted
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x, y = x+1, y+1
			}
			v[off+k] = x
			if x >= n && y >= m {
				found = true
				break
			}
		}
	}
	var rev []op
	x, y := n, m
	for d := len(trace) - 1; d > 0; d-- {
		prev := trace[d]
		at := func(k int) int { return prev[k+d+1] }
		k := x - y
		var pk int
		if k == -d || k != d && at(k-1) < at(k+1) {
			pk = k + 1
		} else {
			pk = k - 1
		}
		px := at(pk)
		py := px - pk
		mx, my := px+1, py // after a deletion
		if pk == k+1 {
			mx, my = px, py+1 // after an insertion
		}
		for x > mx && y > my {
			x, y = x-1, y-1
			rev = append(rev, op{kind: ' ', line: a[x]})
		}
		if pk == k+1 {
			rev = append(rev, op{kind: '+', line: b[py]})
		} else {
			rev = append(rev, op{kind: '-', line: a[px]})
		}
		x, y = px, py
	}
	for x > 0 && y > 0 {
		x, y = x-1, y-1
		rev = append(rev, op{kind: ' ', line: a[x]})
	}
	slices.Reverse(rev)
	return rev
}
