package style

import (
	"testing"

	"github.com/speedgrapher/speedgrapher/internal/markdown"
)

// FuzzParseRule feeds rule files: they never panic, and a rule that loads
// runs on a draft without panicking.
func FuzzParseRule(f *testing.F) {
	f.Add([]byte("extends: existence\nmessage: x\ntokens: [a, 'b(?=c)']\n"), []byte("a bc"))
	f.Add([]byte("extends: substitution\nmessage: '%s %s'\nswap:\n  a: b\n"), []byte("# a\n\n- a"))
	f.Add([]byte("extends: capitalization\nmessage: x\nmatch: $title\nscope: heading\n"), []byte("# the end"))
	f.Add([]byte("extends: metric\nmessage: x\nformula: (words / sentences\ncondition: '> 1'\n"), []byte("a b."))
	f.Add([]byte("extends: occurrence\nmessage: x\nmax: 1\ntoken: '\\w'\nscope: [sentence, ~list]\n"), []byte("ab. c"))
	f.Fuzz(func(t *testing.T, rule, draft []byte) {
		r, err := ParseRule("F.R", "F/R.yml", rule, []string{"ok"})
		if err != nil {
			return
		}
		(&Set{Rules: []*Rule{r}}).Check(markdown.Parse(draft))
	})
}

// FuzzParseConfig feeds .vale.ini files.
func FuzzParseConfig(f *testing.F) {
	f.Add([]byte("StylesPath = s\nMinAlertLevel = warning\n[*.{md,txt}]\nBasedOnStyles = A, B\nA.R = NO\n"))
	f.Add([]byte("[docs/**/[ab]*.md]\nVale.Terms = error\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := ParseConfig(".vale.ini", data)
		if err != nil {
			return
		}
		for i := range c.Sections {
			c.Sections[i].Matches("docs/a/b.md")
		}
	})
}
