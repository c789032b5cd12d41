package lint

import (
	"embed"
	"strings"
)

// data holds word and phrase lists kept as text, one entry a line, so that
// adding a phrase is a change to a list, not to code.
//
//go:embed data/*.txt
var data embed.FS

// dataLines returns the entries of data/name: its lines, trimmed, without
// blank lines and "#" comments. A missing list is a bug in the build, so it
// panics.
func dataLines(name string) []string {
	b, err := data.ReadFile("data/" + name)
	if err != nil {
		panic("lint: read list " + name + ": " + err.Error())
	}
	var out []string
	for _, line := range strings.Split(string(b), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	return out
}
