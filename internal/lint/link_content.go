package lint

import (
	"regexp"
	"strings"

	"github.com/speedgrapher/speedgrapher/internal/markdown"
)

// maxLinkContent bounds the scan for a link's closing bracket, so that
// nested brackets cannot make the scan quadratic.
const maxLinkContent = 4096

// linkContent returns the source between a link's brackets as written:
// images and HTML included, which the link's Text leaves out.
func linkContent(src []byte, start int) string {
	if start < 0 || start >= len(src) || src[start] != '[' {
		return ""
	}
	depth := 0
	for i := start; i < len(src) && i < start+maxLinkContent; i++ {
		switch src[i] {
		case '\\':
			i++
		case '[':
			depth++
		case ']':
			depth--
			if depth == 0 {
				return string(src[start+1 : i])
			}
		}
	}
	return ""
}

// isMarker reports whether l is a marker such as "[](#name)": no text, no
// content, only a fragment. Documentation tools read these as directives or
// anchors; a reader never sees them, so they are not links to check.
func isMarker(src []byte, l *markdown.Link) bool {
	dest := strings.TrimSpace(l.Destination)
	return !l.Auto && len(dest) > 1 && dest[0] == '#' && strings.TrimSpace(l.Text) == "" &&
		strings.TrimSpace(linkContent(src, l.Start)) == ""
}

// imgAlt finds the alt attributes of HTML <img> tags.
var imgAlt = regexp.MustCompile(`(?i)<img\b[^>]*?\balt\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))`)

// htmlImageText returns the alt text of the HTML images in s, joined by
// spaces, and whether s holds an <img> tag at all.
func htmlImageText(s string) (alt string, hasImg bool) {
	lower := strings.ToLower(s)
	if !strings.Contains(lower, "<img") {
		return "", false
	}
	var parts []string
	for _, m := range imgAlt.FindAllStringSubmatch(s, -1) {
		if t := strings.TrimSpace(m[1] + m[2] + m[3]); t != "" {
			parts = append(parts, t)
		}
	}
	return strings.Join(parts, " "), true
}
