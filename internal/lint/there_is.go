package lint

import "fmt"

// thereIs flags a sentence that opens with "There is" or "There are": the
// subject hides behind an empty opening.
var thereIs = register(&Rule{
	ID: "there-is", acceptable: true,
	sentence: checkThereIs,
})

var thereBe = map[string]bool{"is": true, "are": true, "was": true, "were": true}

func checkThereIs(p *pass, r *Rule, s *sentence) {
	if !isSentenceBlock(s) || len(s.toks) < 2 || !onlyOpeners(s.block.Text[s.start:s.toks[0].start]) {
		return
	}
	end := -1
	switch w := s.word(0); {
	case w == "there's" || w == "there're":
		end = 0
	case w == "there" && thereBe[s.word(1)] && s.toks[1].joined:
		end = 1
	}
	if end < 0 {
		return
	}
	opening := s.text(0, end)
	p.reportText(r, s.block, s.toks[0].start, s.toks[end].end,
		fmt.Sprintf("sentence starts with %q; start with the subject instead", opening))
}
