package lint

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Search engines show about 60 characters of a page title and 160 of its
// description; shorter than 30 and 120 wastes the room. These are common
// SEO guidance, not a standard.
const (
	MinTitle, MaxTitle             = 30, 60
	MinDescription, MaxDescription = 120, 160
)

// titleLength flags a front matter title shorter than 30 or longer than 60
// characters.
var titleLength = register(&Rule{
	ID: "title-length",
	document: func(p *pass, r *Rule) {
		checkLength(p, r, "title", p.doc.FrontMatter.Title, MinTitle, MaxTitle)
	},
})

// checkLength reports a front matter field whose length in characters is
// outside [lo, hi].
func checkLength(p *pass, r *Rule, key, value string, lo, hi int) {
	if value == "" {
		return
	}
	n := utf8.RuneCountInString(value)
	var msg string
	switch {
	case n < lo:
		msg = fmt.Sprintf("%s is %d characters; search results show up to %d, so aim for %d–%d", key, n, hi, lo, hi)
	case n > hi:
		msg = fmt.Sprintf("%s is %d characters; search results cut it after about %d, so shorten it to %d–%d", key, n, hi, lo, hi)
	default:
		return
	}
	p.reportLine(r, frontMatterLine(p, key), value, msg)
}

// frontMatterLine returns the line of key in the front matter, or the
// front matter's first line.
func frontMatterLine(p *pass, key string) int {
	fm := p.doc.FrontMatter
	for i, line := range strings.Split(fm.Raw, "\n") {
		rest, ok := strings.CutPrefix(line, key)
		if ok && len(strings.TrimLeft(rest, " \t")) > 0 && strings.ContainsRune(":=", rune(strings.TrimLeft(rest, " \t")[0])) {
			return fm.Line + i
		}
	}
	return fm.Line
}
