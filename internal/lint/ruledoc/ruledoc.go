// Package ruledoc writes what the program says about the lint rules, from
// their one registry (internal/lint/rules.yaml): the rule lists of the tool
// descriptions and what `speedgrapher rules` prints. The generated files
// (the READMEs' tables, package lint's rule list, rules_gen.go) are written
// by ./gen, run as go generate ./internal/lint.
package ruledoc

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/speedgrapher/speedgrapher/internal/lint"
)

// Names lists the rules of a kind for a tool's description: "a, b (brief)
// and c", with last joining the last two (", " or " and ").
func Names(kind lint.Kind, last string) string {
	var names []string
	for _, r := range Of(lint.Rules(), kind) {
		n := r.ID
		if r.Brief != "" {
			n += " (" + r.Brief + ")"
		}
		names = append(names, n)
	}
	return join(names, last)
}

// FixNames lists the rules of a kind that have a fix: "a, b and c".
func FixNames(kind lint.Kind) string {
	var names []string
	for _, r := range Of(lint.Rules(), kind) {
		if r.Fix != lint.NoFix {
			names = append(names, r.ID)
		}
	}
	return join(names, " and ")
}

func join(names []string, last string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + last + names[len(names)-1]
}

// Of returns the rules of one kind, in their order.
func Of(rules []*lint.Rule, kind lint.Kind) []*lint.Rule {
	var out []*lint.Rule
	for _, r := range rules {
		if r.Kind == kind {
			out = append(out, r)
		}
	}
	return out
}

// List writes one line a rule: id, kind, default severity, fix, summary.
func List(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "RULE\tKIND\tSEVERITY\tFIX\tSUMMARY")
	for _, r := range lint.Rules() {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", r.ID, r.Kind, r.Severity, r.Fix, r.Doc)
	}
	return tw.Flush()
}

// Explain writes what one rule flags, why, its examples, what its fix does
// and how to turn it off.
func Explain(w io.Writer, r *lint.Rule) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: a %s rule (the %s tool), %s by default\n\n", r.ID, r.Kind, toolOf(r.Kind), r.Severity)
	b.WriteString(wrap(r.Doc, "") + "\n")
	b.WriteString(wrap("Flags: "+r.Flags+".", "") + "\n")
	b.WriteString(wrap("Why: "+r.Rationale, "") + "\n")
	b.WriteString("Examples:\n")
	for _, e := range r.Examples {
		b.WriteString("  " + e + "\n")
	}
	b.WriteString("\n")
	if r.Fix == lint.NoFix {
		b.WriteString("Fix: none; the repair needs a writer.\n\n")
	} else {
		b.WriteString(wrap(fmt.Sprintf("Fix (%s): %s. Safe: %s.", r.Fix, r.FixDoes, FixSafety(r)), "") + "\n")
	}
	fmt.Fprintf(&b, "Turn it off, or change its severity, in .speedgrapher.yaml:\n\n"+
		"  rules:\n    %s: off   # or error, warning, suggestion\n\n"+
		"or in a draft, from a point on, or on one line:\n\n"+
		"  <!-- speedgrapher-disable %[1]s --> … <!-- speedgrapher-enable %[1]s -->\n"+
		"  <!-- speedgrapher-disable-next-line %[1]s -->\n", r.ID)
	_, err := io.WriteString(w, b.String())
	return err
}

func toolOf(k lint.Kind) string {
	if k == lint.Structure {
		return "structure"
	}
	return "lint"
}

// wrap fills text into lines of at most 80 characters, each starting with
// indent, and ends it with a blank line.
func wrap(text, indent string) string {
	var b strings.Builder
	n := 0
	for _, word := range strings.Fields(text) {
		switch {
		case n == 0:
			b.WriteString(indent)
			n = len(indent)
		case n+1+len([]rune(word)) > 80:
			b.WriteString("\n" + indent)
			n = len(indent)
		default:
			b.WriteString(" ")
			n++
		}
		b.WriteString(word)
		n += len([]rune(word))
	}
	return b.String() + "\n"
}

// FixSafety says how safe a rule's fix is.
func FixSafety(r *lint.Rule) string {
	switch {
	case r.FixSafe != "":
		return r.FixSafe
	case r.Fix == lint.SafeFix:
		return "yes"
	}
	return "no"
}
