package lint

import (
	"fmt"
	"strings"
)

// duplicateHeading flags a heading with the same text as an earlier heading
// under the same parent. Repeats under different parents are fine: a
// changelog has an "Added" section under every version.
var duplicateHeading = register(&Rule{
	ID: "duplicate-heading",
	document: func(p *pass, r *Rule) {
		type key struct {
			parent int
			text   string
		}
		seen := map[key]int{}
		var stack []int // indexes of the open headings, by level
		for i := range p.doc.Headings {
			h := &p.doc.Headings[i]
			for len(stack) > 0 && p.doc.Headings[stack[len(stack)-1]].Level >= h.Level {
				stack = stack[:len(stack)-1]
			}
			parent := -1
			if len(stack) > 0 {
				parent = stack[len(stack)-1]
			}
			stack = append(stack, i)
			text := strings.ToLower(strings.Join(strings.Fields(h.Text), " "))
			if text == "" {
				continue
			}
			k := key{parent, text}
			if first, ok := seen[k]; ok {
				p.reportHeading(r, h, fmt.Sprintf(
					"heading %q repeats the heading on line %d; give each section its own name", h.Text, p.doc.Headings[first].Line))
				continue
			}
			seen[k] = i
		}
	},
})
