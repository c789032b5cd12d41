// Package fix applies the fixes lint findings carry to a draft, until none
// is left to apply, and shows the change as a unified diff. It does no I/O:
// the command line and the MCP fix tool read and write the file.
package fix

import (
	"maps"
	"slices"

	"github.com/speedgrapher/speedgrapher/internal/lint"
	"github.com/speedgrapher/speedgrapher/internal/markdown"
)

// maxRuns bounds the runs: each applies the fixes the last one left out
// because they overlapped, or that a fix uncovered ("in order to to" → "to
// to" → "to"). Real drafts settle in two.
const maxRuns = 10

// Result is a draft with its fixes applied.
type Result struct {
	// Source is the fixed draft; the input itself when nothing changed.
	Source []byte
	// Changed is true when Source differs from the input.
	Changed bool
	// Applied counts the fixes applied per rule.
	Applied map[string]int
	// Remaining are the findings of the fixed draft.
	Remaining []lint.Finding
}

// Total is the number of fixes applied.
func (r Result) Total() int {
	n := 0
	for _, c := range r.Applied {
		n += c
	}
	return n
}

// Rules are the rules that fixed something, sorted.
func (r Result) Rules() []string {
	return slices.Sorted(maps.Keys(r.Applied))
}

// Apply checks src with check, applies the fixes want accepts (nil: the safe
// ones) and checks again, until a run applies nothing. Running it on its own
// result changes nothing.
func Apply(src []byte, check func(*markdown.Document) []lint.Finding, want func(lint.Finding) bool) Result {
	res := Result{Source: src, Applied: map[string]int{}}
	for range maxRuns {
		findings := check(markdown.Parse(res.Source))
		res.Remaining = findings
		a := lint.ApplyFixes(res.Source, findings, want)
		if len(a.Fixes) == 0 {
			return res
		}
		for _, f := range a.Fixes {
			res.Applied[f.Rule]++
		}
		res.Source, res.Changed = a.Source, true
	}
	res.Remaining = check(markdown.Parse(res.Source))
	return res
}

// Safe accepts the safe fixes. All accepts every fix. OnlyRules accepts the
// safe fixes of the named rules, and all the fixes of a named rule whose
// fixes are never safe (fence-language): naming it is asking for them.
var (
	Safe = func(f lint.Finding) bool { return f.Fix.Safe }
	All  = func(lint.Finding) bool { return true }
)

func OnlyRules(ids []string) func(lint.Finding) bool {
	return func(f lint.Finding) bool {
		if !slices.Contains(ids, f.Rule) {
			return false
		}
		r, _ := lint.Lookup(f.Rule)
		return f.Fix.Safe || r != nil && r.Fix == lint.UnsafeFix
	}
}
