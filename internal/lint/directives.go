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
// before them turns off.
func applyDirectives(doc *markdown.Document, findings []Finding) []Finding {
	ds := directives(doc)
	if len(ds) == 0 {
		return findings
	}
	kept := findings[:0]
	for _, f := range findings {
		if !disabledAt(ds, f.Rule, f.Start) {
			kept = append(kept, f)
		}
	}
	return kept
}

// disabledAt reports whether rule is off at offset: the last directive before
// offset that names it (or names no rule) is a disable.
func disabledAt(ds []directive, rule string, offset int) bool {
	off := false
	for _, d := range ds {
		if d.offset > offset {
			break
		}
		if len(d.rules) == 0 || contains(d.rules, rule) {
			off = d.disable
		}
	}
	return off
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
