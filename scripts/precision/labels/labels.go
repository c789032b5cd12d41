// Package labels reads the hand labels of lint findings on the precision
// corpus (testdata/precision/labels.tsv): for each sampled finding, whether
// it is right and what severity an editor thinks it deserves.
package labels

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

// Key names a finding so that a label survives reruns: the document, where
// the finding starts and the rule. The text it is about is kept in the
// label, not the key, so that a change in how a match is shown (inline
// code as written instead of a placeholder) does not orphan the label.
type Key struct {
	Doc          string
	Line, Column int
	Rule         string
}

// Label is an editor's judgement of one finding.
type Label struct {
	// TruePositive is true when the finding is right about the text.
	TruePositive bool
	// Deserves is the highest severity the finding is worth: 0 for none,
	// 1 suggestion, 2 warning, 3 error.
	Deserves int
	Reason   string
	// Match is the finding's text when it was labelled.
	Match string
}

// Artefact reports whether the label marks a finding that only the corpus
// causes (say, a link into a nested module that the module zip leaves
// out): such labels say nothing about the rule and are not counted.
func (l Label) Artefact() bool { return strings.HasPrefix(l.Reason, "artefact:") }

// Levels are the words of the deserves column, by rank.
var Levels = []string{"none", "suggestion", "warning", "error"}

// Columns is the header line of the file.
const Columns = "doc\tline\tcol\trule\tmatch\tverdict\tdeserves\treason"

// Clean makes a finding's match fit in one TSV field.
func Clean(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// Load reads a labels file.
func Load(path string) (map[Key]Label, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read labels: %w", err)
	}
	return Parse(path, string(data))
}

// Parse reads the text of a labels file; name labels errors.
func Parse(name, text string) (map[Key]Label, error) {
	out := map[Key]Label{}
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	if len(lines) == 0 || lines[0] != Columns {
		return nil, fmt.Errorf("parse labels %q: first line must be the header %q", name, Columns)
	}
	for i, line := range lines[1:] {
		n := i + 2
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 8 {
			return nil, fmt.Errorf("parse labels %q line %d: want 8 tab-separated fields, have %d", name, n, len(f))
		}
		ln, err1 := strconv.Atoi(f[1])
		col, err2 := strconv.Atoi(f[2])
		if err1 != nil || err2 != nil || ln < 1 || col < 1 {
			return nil, fmt.Errorf("parse labels %q line %d: line and col must be positive numbers, have %q and %q", name, n, f[1], f[2])
		}
		var l Label
		switch f[5] {
		case "tp":
			l.TruePositive = true
		case "fp":
		default:
			return nil, fmt.Errorf("parse labels %q line %d: verdict %q: want tp or fp", name, n, f[5])
		}
		l.Deserves = -1
		for rank, w := range Levels {
			if f[6] == w {
				l.Deserves = rank
			}
		}
		switch {
		case l.Deserves < 0:
			return nil, fmt.Errorf("parse labels %q line %d: deserves %q: want none, suggestion, warning or error", name, n, f[6])
		case !l.TruePositive && l.Deserves > 0:
			return nil, fmt.Errorf("parse labels %q line %d: a false positive deserves none, not %q", name, n, f[6])
		case strings.TrimSpace(f[7]) == "":
			return nil, fmt.Errorf("parse labels %q line %d: give a one-line reason", name, n)
		}
		l.Reason, l.Match = f[7], f[4]
		k := Key{Doc: f[0], Line: ln, Column: col, Rule: f[3]}
		if _, dup := out[k]; dup {
			return nil, fmt.Errorf("parse labels %q line %d: %s:%d:%d %s labelled twice", name, n, f[0], ln, col, f[3])
		}
		out[k] = l
	}
	return out, nil
}
