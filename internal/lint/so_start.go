package lint

// soStart flags a sentence that opens with "So", a spoken filler that adds
// nothing in writing.
var soStart = register(&Rule{
	ID: "so-start", acceptable: true,
	sentence: checkSoStart,
})

// soPhrases are openings where "so" carries meaning: "So far", "So much for".
var soPhrases = map[string]bool{"far": true, "much": true, "many": true, "long": true, "that": true, "few": true}

func checkSoStart(p *pass, r *Rule, s *sentence) {
	if !isSentenceBlock(s) || s.word(0) != "so" || len(s.toks) < 2 || soPhrases[s.word(1)] {
		return
	}
	if s.toks[0].start != s.start && !onlyOpeners(s.block.Text[s.start:s.toks[0].start]) {
		return
	}
	p.reportText(r, s.block, s.toks[0].start, s.toks[0].end, `sentence starts with "So"; cut it and start with what follows`)
}

// onlyOpeners reports whether text before a sentence's first word is only
// opening quotes, brackets and emphasis that the reader does not read.
func onlyOpeners(text string) bool {
	for _, r := range text {
		switch r {
		case '"', '\'', '(', '[', '“', '‘', '«', ' ':
		default:
			return false
		}
	}
	return true
}
