package lint

// fenceLanguage flags a fenced code block without a language: it renders
// without highlighting, and readers cannot tell a shell command from output.
var fenceLanguage = &Rule{
	ID: "fence-language", Kind: Structure, Severity: Suggestion,
	Doc: "A fenced code block without a language (```go, ```text).",
	document: func(p *pass, r *Rule) {
		for _, c := range p.doc.CodeBlocks {
			if c.Fenced && c.Language == "" {
				p.report(r, p.lineOffset(c.Line), p.lineEnd(c.EndLine), "", "code block has no language; name one after the fence (```go, ```sh, or ```text for plain output)", nil)
			}
		}
	},
}
