package lint

import "strings"

// fenceLanguage flags a fenced code block without a language: it renders
// without highlighting, and readers cannot tell a shell command from output.
// Its fix names the language "text", which renders as before; it is not safe,
// because the block may be code that deserves its real language.
var fenceLanguage = register(&Rule{
	ID: "fence-language",
	document: func(p *pass, r *Rule) {
		for _, c := range p.doc.CodeBlocks {
			if c.Fenced && c.Language == "" {
				kept := p.report(r, p.lineOffset(c.Line), p.lineEnd(c.EndLine), "", "code block has no language; name one after the fence (```go, ```sh, or ```text for plain output)", nil)
				if at, ok := p.fenceEnd(c.Line); kept && ok && strings.TrimSpace(c.Info) == "" {
					p.findings[len(p.findings)-1].Fix = &Fix{
						Description: `name the language "text" (plain output); change it if the block is code`,
						Edits:       []Edit{p.newEdit(at, at, "text")},
					}
				}
			}
		}
	},
})

// fenceEnd returns the offset just after the backticks or tildes that open a
// code fence on 1-based line n, after any list or quote markers before them;
// false when the fence has an info string.
func (p *pass) fenceEnd(n int) (int, bool) {
	start, end := p.lineOffset(n), p.lineEnd(n)
	line := string(p.doc.Source[start:end])
	i := strings.Index(line, "```")
	if j := strings.Index(line, "~~~"); j >= 0 && (i < 0 || j < i) {
		i = j
	}
	if i < 0 {
		return 0, false
	}
	k := i
	for k < len(line) && line[k] == line[i] {
		k++
	}
	if strings.TrimSpace(line[k:]) != "" {
		return 0, false // an info string after all: leave it to the writer
	}
	return start + k, true
}
