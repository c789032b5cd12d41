package markdown

import (
	"strconv"
	"strings"
	"unicode"
)

// Slug returns the GitHub-style anchor for a heading's text: lower case,
// letters, marks, digits, "_" and "-" kept, each space turned into "-", every
// other character dropped. It does not make the slug unique; Parse does.
func Slug(text string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(text)) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsMark(r) || unicode.IsNumber(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// slugger makes slugs unique the way GitHub does: the second "intro" is
// "intro-1", the third "intro-2"; it maps each slug handed out to the count
// of repeats seen for it as a base.
type slugger map[string]int

func (s slugger) unique(text string) string {
	base := Slug(text)
	slug := base
	for {
		if _, taken := s[slug]; !taken {
			break
		}
		s[base]++
		slug = base + "-" + strconv.Itoa(s[base])
	}
	s[slug] = 0
	return slug
}
