package lint

import (
	"strings"

	"github.com/speedgrapher/speedgrapher/internal/markdown"
)

// directive is an inline comment that turns rules off or back on from where
// it stands to the next directive about them.
type directive struct {
	offset  int      // where it takes effect: the end of the comment
	disable bool     // speedgrapher-disable, else speedgrapher-enable
	rules   []string // empty means every rule
}

const (
	disablePrefix = "speedgrapher-disable"
	enablePrefix  = "speedgrapher-enable"
)

// directives reads the speedgrapher-disable and speedgrapher-enable comments
// of doc, in source order.
func directives(doc *markdown.Document) []directive {
	var out []directive
	for _, c := range doc.Comments {
		fields := strings.Fields(c.Text)
		if len(fields) == 0 {
			continue
		}
		var d directive
		switch fields[0] {
		case disablePrefix:
			d.disable = true
		case enablePrefix:
		default:
			continue
		}
		d.offset = c.End
		for _, f := range fields[1:] {
			for _, id := range strings.Split(f, ",") {
				if id != "" {
					d.rules = append(d.rules, id)
				}
			}
		}
		out = append(out, d)
	}
	return out
}

// applyDirectives drops the findings that a speedgrapher-disable comment
// before them turns off. findings are in source order (by Start); one walk
// over them and the directives together keeps it linear however many of
// each a draft has.
func applyDirectives(doc *markdown.Document, findings []Finding) []Finding {
	ds := directives(doc)
	if len(ds) == 0 {
		return findings
	}
	// A rule is off when the last directive before a finding that names
	// it, or names no rule, is a disable: remember, as the walk passes
	// directives, the last of each kind.
	type last struct {
		at      int // index in ds
		disable bool
	}
	all := last{at: -1}
	byRule := map[string]last{}
	next := 0
	kept := findings[:0]
	for _, f := range findings {
		for ; next < len(ds) && ds[next].offset <= f.Start; next++ {
			d := ds[next]
			if len(d.rules) == 0 {
				all = last{next, d.disable}
			}
			for _, id := range d.rules {
				byRule[id] = last{next, d.disable}
			}
		}
		off := all.disable
		if l, ok := byRule[f.Rule]; ok && l.at > all.at {
			off = l.disable
		}
		if !off {
			kept = append(kept, f)
		}
	}
	return kept
}
