// Package ruledoc writes the documentation of the lint rules from their one
// registry (internal/lint/rules.yaml): the rules tables of the READMEs, the
// rule list of package lint's doc comment, the rule lists of the tool
// descriptions, and what `speedgrapher rules` prints. Run
// `go generate ./internal/lint` after changing a rule; TestGeneratedUpToDate
// fails while a generated file is stale.
package ruledoc

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/speedgrapher/speedgrapher/internal/lint"
)

// Files are the generated files, relative to the module root.
var Files = []string{"README.md", "internal/lint/README.md", "internal/lint/doc.go"}

// Regenerate returns the file at path (one of Files) with its generated
// parts made anew from the registry; the rest of src is kept as it is.
func Regenerate(path string, src []byte) ([]byte, error) {
	if strings.HasSuffix(path, ".go") {
		return replaceDocRules(src)
	}
	for _, part := range []struct{ name, body string }{
		{"style", StyleTable()},
		{"structure", StructureTable()},
		{"fixes", FixTable()},
	} {
		var err error
		if src, err = replaceMarked(src, part.name, part.body); err != nil {
			return nil, fmt.Errorf("regenerate %s: %w", path, err)
		}
	}
	return src, nil
}

const endMarker = "<!-- end -->"

// replaceMarked replaces what stands between "<!-- rules:name -->" and the
// next "<!-- end -->" with body. A file without the marker is left alone.
func replaceMarked(src []byte, name, body string) ([]byte, error) {
	start := []byte("<!-- rules:" + name + " -->\n")
	i := bytes.Index(src, start)
	if i < 0 {
		return src, nil
	}
	i += len(start)
	j := bytes.Index(src[i:], []byte(endMarker))
	if j < 0 {
		return nil, fmt.Errorf("marker %q has no %q after it", strings.TrimSpace(string(start)), endMarker)
	}
	return concat(src[:i], []byte(body), src[i+j:]), nil
}

// replaceDocRules replaces the "# Rules" section of a doc comment, up to
// the next heading.
func replaceDocRules(src []byte) ([]byte, error) {
	const head = "// # Rules\n"
	i := bytes.Index(src, []byte(head))
	if i < 0 {
		return nil, fmt.Errorf("regenerate doc comment: no %q heading", strings.TrimSpace(head))
	}
	i += len(head)
	j := bytes.Index(src[i:], []byte("\n//\n// # "))
	if j < 0 {
		return nil, fmt.Errorf("regenerate doc comment: no heading after %q", strings.TrimSpace(head))
	}
	return concat(src[:i], []byte(DocRules()), src[i+j+1:]), nil
}

func concat(parts ...[]byte) []byte { return bytes.Join(parts, nil) }

// StyleTable is the markdown table of the style rules.
func StyleTable() string {
	var b strings.Builder
	b.WriteString("| rule | severity | flags | example → suggestion |\n|---|---|---|---|\n")
	for _, r := range rulesOf(lint.Style) {
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", r.ID, r.Severity, cell(r.Flags), cell(strings.Join(r.Examples, ", ")))
	}
	return b.String()
}

// StructureTable is the markdown table of the structure rules.
func StructureTable() string {
	var b strings.Builder
	b.WriteString("| rule | severity | flags |\n|---|---|---|\n")
	for _, r := range rulesOf(lint.Structure) {
		fmt.Fprintf(&b, "| `%s` | %s | %s |\n", r.ID, r.Severity, cell(r.Flags))
	}
	return b.String()
}

// FixTable is the markdown table of the rules that have a fix.
func FixTable() string {
	var b strings.Builder
	b.WriteString("| rule | fix | safe |\n|---|---|---|\n")
	for _, r := range lint.Rules() {
		if r.Fix != lint.NoFix {
			fmt.Fprintf(&b, "| `%s` | %s | %s |\n", r.ID, cell(r.FixDoes), cell(fixSafety(r)))
		}
	}
	return b.String()
}

// cell escapes a table cell's pipes.
func cell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// fixSafety says how safe a rule's fix is.
func fixSafety(r *lint.Rule) string {
	switch {
	case r.FixSafe != "":
		return r.FixSafe
	case r.Fix == lint.SafeFix:
		return "yes"
	}
	return "no"
}

// DocRules is the "# Rules" section of package lint's doc comment, without
// its heading.
func DocRules() string {
	var b strings.Builder
	b.WriteString("//\n// Each rule's kind, default severity, fix and documentation are in\n" +
		"// rules.yaml; this list is generated from it (go generate).\n")
	for _, k := range []struct {
		kind  lint.Kind
		title string
	}{{lint.Style, "Style (the lint tool):"}, {lint.Structure, "Structure (the structure tool):"}} {
		fmt.Fprintf(&b, "//\n// %s\n//\n", k.title)
		var t strings.Builder
		tw := tabwriter.NewWriter(&t, 0, 0, 2, ' ', 0)
		for _, r := range rulesOf(k.kind) {
			fmt.Fprintf(tw, "%s\t%s\t%s\n", r.ID, r.Severity, r.Doc)
		}
		tw.Flush()
		for _, line := range strings.SplitAfter(strings.TrimSuffix(t.String(), "\n"), "\n") {
			b.WriteString("//\t" + line)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// Names lists the rules of a kind for a tool's description: "a, b (brief)
// and c", with last joining the last two (", " or " and ").
func Names(kind lint.Kind, last string) string {
	var names []string
	for _, r := range rulesOf(kind) {
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
	for _, r := range rulesOf(kind) {
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

func rulesOf(kind lint.Kind) []*lint.Rule {
	var out []*lint.Rule
	for _, r := range lint.Rules() {
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
		b.WriteString(wrap(fmt.Sprintf("Fix (%s): %s. Safe: %s.", r.Fix, r.FixDoes, fixSafety(r)), "") + "\n")
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
