package lint

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/speedgrapher/speedgrapher/internal/markdown"
)

// The fixtures in testdata are markdown drafts, one per rule, named after
// it. A comment <!-- want "regexp" ... --> expects, for each quoted regexp, a
// finding of the rule whose message matches it on the nearest line above
// that is not a want comment (or a finding that spans that line). Every
// finding must be expected. Fixture-only options:
//
//	<!-- accept: word, phrase -->     Options.Accept
//	<!-- rules: rule-a rule-b -->     run these rules instead of the file's name
var (
	wantComment   = regexp.MustCompile(`<!--\s*want\s+(.*?)\s*-->`)
	acceptComment = regexp.MustCompile(`<!--\s*accept:\s*(.*?)\s*-->`)
	rulesComment  = regexp.MustCompile(`<!--\s*rules:\s*(.*?)\s*-->`)
	quoted        = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)
)

// existing are the files FileExists finds, for missing-file.
var existing = map[string]bool{"guide.md": true, "img/logo.png": true, "docs/setup.md": true}

// pages are the anchors Options.Anchors finds in existing markdown files,
// for broken-anchor.
var pages = map[string][]string{"guide.md": {"intro"}, "docs/setup.md": {"first-steps", "install", "faq"}}

type expectation struct {
	line int
	re   *regexp.Regexp
	text string
}

func TestFixtures(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("testdata/*.md")
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	tested := map[string]bool{}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".md")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			opts := Options{Only: []string{name}, FileExists: func(p string) bool { return existing[p] },
				Anchors: func(p string) ([]string, bool) { a, ok := pages[p]; return a, ok }}
			if m := rulesComment.FindSubmatch(src); m != nil {
				opts.Only = strings.Fields(string(m[1]))
			}
			for _, id := range opts.Only {
				if _, ok := Lookup(id); !ok {
					t.Fatalf("fixture names unknown rule %q", id)
				}
				tested[id] = true
			}
			if m := acceptComment.FindSubmatch(src); m != nil {
				for _, w := range strings.Split(string(m[1]), ",") {
					opts.Accept = append(opts.Accept, strings.TrimSpace(w))
				}
			}
			wants := expectations(t, file, string(src))
			got := Check(markdown.Parse(src), opts)
			for _, f := range got {
				found := -1
				for i, w := range wants {
					if w.line >= f.Line && w.line <= f.EndLine && w.re.MatchString(f.Message) {
						found = i
						break
					}
				}
				if found < 0 {
					t.Errorf("%s:%d:%d: unexpected finding: %s [%s] (match %q)", file, f.Line, f.Column, f.Message, f.Rule, f.Match)
					continue
				}
				wants = append(wants[:found], wants[found+1:]...)
			}
			for _, w := range wants {
				t.Errorf("%s:%d: no finding matched %s", file, w.line, w.text)
			}
		})
	}
	for _, r := range rules {
		if !tested[r.ID] {
			t.Errorf("rule %s has no fixture in testdata", r.ID)
		}
	}
}

// expectations reads the want comments of a fixture.
func expectations(t *testing.T, file, src string) []expectation {
	t.Helper()
	var out []expectation
	lines := strings.Split(src, "\n")
	target := 0
	for i, line := range lines {
		m := wantComment.FindStringSubmatch(line)
		if m == nil {
			target = i + 1
			continue
		}
		for _, q := range quoted.FindAllString(m[1], -1) {
			pattern, err := strconv.Unquote(q)
			if err != nil {
				t.Fatalf("%s:%d: bad want %s: %v", file, i+1, q, err)
			}
			re, err := regexp.Compile(pattern)
			if err != nil {
				t.Fatalf("%s:%d: bad want regexp %s: %v", file, i+1, q, err)
			}
			out = append(out, expectation{line: target, re: re, text: fmt.Sprintf("%s:%d %s", file, i+1, q)})
		}
	}
	return out
}
