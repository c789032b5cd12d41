package style

import (
	"fmt"
	"regexp"
	"time"
	"unicode/utf8"

	"github.com/dlclark/regexp2/v2"
)

// pattern is a compiled regular expression. Vale's patterns are .NET-style
// (github.com/dlclark/regexp2): most are also valid for Go's regexp, which is
// linear-time and much faster, so that is used whenever it accepts the
// pattern; the backtracking engine only runs the patterns that need it
// (look-around, back-references).
type pattern struct {
	std *regexp.Regexp
	bt  *regexp2.Regexp
}

// matchTimeout bounds one backtracking match, so a pathological pattern in
// a style cannot stall a lint run.
const matchTimeout = 2 * time.Second

func compilePattern(expr string) (*pattern, error) {
	if re, err := regexp.Compile(expr); err == nil {
		return &pattern{std: re}, nil
	}
	re, err := regexp2.Compile(expr, regexp2.RE2)
	if err != nil {
		return nil, fmt.Errorf("compile %q: %w", expr, err)
	}
	re.MatchTimeout = matchTimeout
	return &pattern{bt: re}, nil
}

func (p *pattern) String() string {
	if p.std != nil {
		return p.std.String()
	}
	return p.bt.String()
}

// numSubexp is the number of capture groups.
func (p *pattern) numSubexp() int {
	if p.std != nil {
		return p.std.NumSubexp()
	}
	return len(p.bt.GetGroupNumbers()) - 1
}

// subexpNames names the groups, as regexp.SubexpNames does.
func (p *pattern) subexpNames() []string {
	if p.std != nil {
		return p.std.SubexpNames()
	}
	names := []string{""}
	for _, n := range p.bt.GetGroupNumbers()[1:] {
		names = append(names, p.bt.GroupNameFromNumber(n))
	}
	return names
}

// match reports whether s holds a match.
func (p *pattern) match(s string) bool {
	if p.std != nil {
		return p.std.MatchString(s)
	}
	ok, err := p.bt.MatchString(s)
	return err == nil && ok
}

// findAll returns the byte offsets of every match and its groups, as
// regexp.FindAllStringSubmatchIndex does (-1 for a group that took no part).
func (p *pattern) findAll(s string) [][]int {
	if p.std != nil {
		return p.std.FindAllStringSubmatchIndex(s, -1)
	}
	var out [][]int
	var offsets []int // byte offset of each rune, made on the first match
	byteAt := func(r int) int {
		if offsets == nil {
			offsets = make([]int, 0, len(s)+1)
			for i := range s {
				offsets = append(offsets, i)
			}
			offsets = append(offsets, len(s))
		}
		return offsets[r]
	}
	m, err := p.bt.FindStringMatch(s)
	for err == nil && m != nil {
		groups := m.Groups()
		loc := make([]int, 0, 2*len(groups))
		for _, g := range groups {
			if len(g.Captures) == 0 {
				loc = append(loc, -1, -1)
				continue
			}
			loc = append(loc, byteAt(g.RuneIndex), byteAt(g.RuneIndex+g.RuneLength))
		}
		out = append(out, loc)
		m, err = p.bt.FindNextMatch(m)
	}
	return out
}

// findAllIndex returns the byte range of every match.
func (p *pattern) findAllIndex(s string) [][]int {
	if p.std != nil {
		return p.std.FindAllStringIndex(s, -1)
	}
	all := p.findAll(s)
	for i := range all {
		all[i] = all[i][:2]
	}
	return all
}

// findAllString returns the text of every match.
func (p *pattern) findAllString(s string) []string {
	var out []string
	for _, loc := range p.findAllIndex(s) {
		out = append(out, s[loc[0]:loc[1]])
	}
	return out
}

// runeLen is the length of s in characters.
func runeLen(s string) int { return utf8.RuneCountInString(s) }
