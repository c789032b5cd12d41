package lint

import "embed"

// data holds word and phrase lists kept as text, one entry a line, so that
// adding a phrase is a change to a list, not to code.
//
//go:embed data/*.txt
var data embed.FS

// dataLines returns the entries of data/name: its lines, trimmed, without
// blank lines and "#" comments. A missing list is a bug in the build, so it
// panics.
func dataLines(name string) []string { return listLines(dataText(name)) }

// dataText returns the text of data/name.
func dataText(name string) string {
	b, err := data.ReadFile("data/" + name)
	if err != nil {
		panic("lint: read list " + name + ": " + err.Error())
	}
	return string(b)
}
