package lint

import (
	"slices"
	"strings"

	"github.com/speedgrapher/speedgrapher/internal/markdown"
)

// A directive is an inline comment that turns rules off or back on. Three
// kinds are read: speedgrapher's own, markdownlint's (for the structure
// rules that match a markdownlint rule) and Vale's (for the style rules), so
// that a switch an author already wrote for another tool is respected.
type directive struct {
	offset int // where it takes effect: the end of the comment
	line   int // the comment's line, for the line-scoped operations
	op     directiveOp
	from   switchSource
	rules  []string // our rule IDs; empty means every rule of the source's scope
}

type directiveOp uint8

const (
	opDisable directiveOp = iota
	opEnable
	opDisableLine     // this line only
	opDisableNextLine // the next line only
	opDisableFile     // the whole file
	opCapture         // remember the current state
	opRestore         // go back to the captured state
)

// switchSource is the tool whose comment syntax a directive uses. Each keeps
// its own state: a markdownlint switch never turns a style rule back on.
type switchSource uint8

const (
	fromSpeedgrapher switchSource = iota
	fromMarkdownlint
	fromVale
	numSources
)

var speedgrapherOps = map[string]directiveOp{
	"speedgrapher-disable":           opDisable,
	"speedgrapher-enable":            opEnable,
	"speedgrapher-disable-line":      opDisableLine,
	"speedgrapher-disable-next-line": opDisableNextLine,
}

// markdownlintRules maps markdownlint rule names and aliases (lower case) to
// the rules here that check the same thing.
var markdownlintRules = map[string]string{
	"md001": "heading-increment", "heading-increment": "heading-increment",
	"md024": "duplicate-heading", "no-duplicate-heading": "duplicate-heading",
	"md025": "multiple-h1", "single-title": "multiple-h1", "single-h1": "multiple-h1",
	"md040": "fence-language", "fenced-code-language": "fence-language",
	"md042": "empty-link", "no-empty-links": "empty-link",
	"md045": "image-alt", "no-alt-text": "image-alt",
	"md051": "broken-anchor", "link-fragments": "broken-anchor",
}

// valeRules maps the rule part of a Vale "Style.Rule" name (lower case) to
// the rules here that check the same thing; the names are those of the
// common Vale styles (Google, Microsoft, write-good, proselint, alex, Vale).
var valeRules = map[string][]string{
	"passive":        {"passive-voice"},
	"weasel":         {"weasel-word"},
	"hedging":        {"weasel-word"},
	"illusions":      {"lexical-illusion"},
	"repetition":     {"lexical-illusion"},
	"so":             {"so-start"},
	"thereis":        {"there-is"},
	"toowordy":       {"wordy"},
	"wordiness":      {"wordy"},
	"wordy":          {"wordy"},
	"cliches":        {"cliche"},
	"sentencelength": {"long-sentence"},
	"adverbs":        {"adverb"},
	"gender":         {"inclusive"},
	"genderbias":     {"inclusive"},
	"ableism":        {"inclusive"},
	"ablist":         {"inclusive"},
}

// directives reads the switches among doc's comments, in source order.
func directives(doc *markdown.Document) []directive {
	var out []directive
	for _, c := range doc.Comments {
		d, ok := parseDirective(c.Text)
		if !ok {
			continue
		}
		d.offset, d.line = c.End, c.Line
		out = append(out, d)
	}
	return out
}

// parseDirective reads one comment's text as a switch.
func parseDirective(text string) (directive, bool) {
	fields := strings.Fields(text)
	if len(fields) == 0 {
		return directive{}, false
	}
	switch {
	case strings.HasPrefix(fields[0], "speedgrapher-"):
		op, ok := speedgrapherOps[fields[0]]
		if !ok {
			return directive{}, false
		}
		d := directive{op: op, from: fromSpeedgrapher}
		for _, f := range fields[1:] {
			for _, id := range strings.Split(f, ",") {
				if id != "" {
					d.rules = append(d.rules, id)
				}
			}
		}
		return d, true
	case strings.HasPrefix(fields[0], "markdownlint-"):
		return parseMarkdownlint(fields)
	case fields[0] == "vale":
		return parseVale(strings.TrimSpace(strings.TrimPrefix(text, "vale")))
	}
	return directive{}, false
}

var markdownlintOps = map[string]directiveOp{
	"markdownlint-disable":           opDisable,
	"markdownlint-enable":            opEnable,
	"markdownlint-disable-line":      opDisableLine,
	"markdownlint-disable-next-line": opDisableNextLine,
	"markdownlint-disable-file":      opDisableFile,
	"markdownlint-capture":           opCapture,
	"markdownlint-restore":           opRestore,
}

// parseMarkdownlint reads "markdownlint-disable MD001 no-alt-text" and the
// like. A switch that names only rules with no counterpart here is ignored:
// it must not turn everything off.
func parseMarkdownlint(fields []string) (directive, bool) {
	op, ok := markdownlintOps[fields[0]]
	if !ok {
		return directive{}, false
	}
	d := directive{op: op, from: fromMarkdownlint}
	for _, f := range fields[1:] {
		for _, name := range strings.Split(f, ",") {
			if id, ok := markdownlintRules[strings.ToLower(name)]; ok && !slices.Contains(d.rules, id) {
				d.rules = append(d.rules, id)
			}
		}
	}
	if len(fields) > 1 && len(d.rules) == 0 {
		return directive{}, false
	}
	return d, true
}

// parseVale reads what follows "vale": "off", "on", "Style.Rule = NO",
// "Style = YES" (a whole style: every style rule), several separated by
// commas.
func parseVale(rest string) (directive, bool) {
	switch strings.ToLower(rest) {
	case "off":
		return directive{op: opDisable, from: fromVale}, true
	case "on":
		return directive{op: opEnable, from: fromVale}, true
	}
	var d directive
	d.from = fromVale
	seen := false
	for _, part := range strings.Split(rest, ",") {
		name, value, ok := strings.Cut(part, "=")
		if !ok {
			return directive{}, false
		}
		name = strings.TrimSpace(name)
		switch strings.ToUpper(strings.TrimSpace(value)) {
		case "NO":
			d.op = opDisable
		case "YES":
			d.op = opEnable
		default:
			return directive{}, false
		}
		_, rule, dotted := strings.Cut(name, ".")
		if !dotted {
			return directive{op: d.op, from: fromVale}, true // a whole style
		}
		seen = true
		// The check itself, for findings from a house style.
		if !slices.Contains(d.rules, name) {
			d.rules = append(d.rules, name)
		}
		for _, id := range valeRules[strings.ToLower(rule)] {
			if !slices.Contains(d.rules, id) {
				d.rules = append(d.rules, id)
			}
		}
	}
	if !seen || len(d.rules) == 0 {
		return directive{}, false
	}
	return d, true
}

// inScope reports whether a source's "every rule" switch covers rule r:
// markdownlint's covers the rules that match one of its rules, Vale's the
// style rules, speedgrapher's every rule.
func inScope(from switchSource, r string) bool {
	switch from {
	case fromMarkdownlint:
		for _, id := range markdownlintRules {
			if id == r {
				return true
			}
		}
		return false
	case fromVale:
		if strings.Contains(r, ".") {
			return true // a house style's check, "Google.Passive"
		}
		rule, ok := Lookup(r)
		return ok && rule.Kind == Style
	}
	return true
}

// switchState is which rules one source has turned off at a point.
type switchState struct {
	allOff bool
	rule   map[string]bool // overrides allOff
}

func (s switchState) off(from switchSource, r string) bool {
	if v, ok := s.rule[r]; ok {
		return v
	}
	return s.allOff && inScope(from, r)
}

func (s *switchState) apply(d directive) {
	off := d.op == opDisable
	if len(d.rules) == 0 {
		s.allOff, s.rule = off, nil
		return
	}
	m := make(map[string]bool, len(s.rule)+len(d.rules))
	for k, v := range s.rule {
		m[k] = v
	}
	for _, id := range d.rules {
		m[id] = off
	}
	s.rule = m
}

// applyDirectives drops the findings that a switch turns off. findings must
// be sorted by Start.
func applyDirectives(doc *markdown.Document, findings []Finding) []Finding {
	ds := directives(doc)
	if len(ds) == 0 {
		return findings
	}
	var (
		state    [numSources]switchState
		captured [numSources][]switchState
		lineOff  = map[int][]directive{}
		fileOff  []directive
	)
	for _, d := range ds {
		switch d.op {
		case opDisableLine:
			lineOff[d.line] = append(lineOff[d.line], d)
		case opDisableNextLine:
			lineOff[d.line+1] = append(lineOff[d.line+1], d)
		case opDisableFile:
			fileOff = append(fileOff, d)
		}
	}
	covers := func(d directive, r string) bool {
		if len(d.rules) == 0 {
			return inScope(d.from, r)
		}
		return slices.Contains(d.rules, r)
	}
	kept := findings[:0]
	next := 0
	for _, f := range findings {
		for ; next < len(ds) && ds[next].offset <= f.Start; next++ {
			d := ds[next]
			switch d.op {
			case opDisable, opEnable:
				state[d.from].apply(d)
			case opCapture:
				captured[d.from] = append(captured[d.from], state[d.from])
			case opRestore:
				if n := len(captured[d.from]); n > 0 {
					state[d.from], captured[d.from] = captured[d.from][n-1], captured[d.from][:n-1]
				} else {
					state[d.from] = switchState{}
				}
			}
		}
		off := false
		for from := range numSources {
			off = off || state[from].off(from, f.Rule)
		}
		for _, d := range lineOff[f.Line] {
			off = off || covers(d, f.Rule)
		}
		for _, d := range fileOff {
			off = off || covers(d, f.Rule)
		}
		if !off {
			kept = append(kept, f)
		}
	}
	return kept
}
