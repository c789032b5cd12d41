// Command prose prints, for each markdown file named on the command line,
// its prose (as internal/markdown extracts it) and speedgrapher's style
// findings, as one JSON object per line, for compare.mjs.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/speedgrapher/speedgrapher/internal/lint"
	"github.com/speedgrapher/speedgrapher/internal/markdown"
)

type report struct {
	File    string              `json:"file"`
	Prose   string              `json:"prose"`
	Matches map[string][]string `json:"matches"`
}

func main() {
	enc := json.NewEncoder(os.Stdout)
	for _, file := range os.Args[1:] {
		src, err := os.ReadFile(file)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		doc := markdown.Parse(src)
		var b strings.Builder
		for _, blk := range doc.Blocks {
			// Inline code and other removed elements become a middle dot,
			// which write-good reads as punctuation, not as a word.
			b.WriteString(strings.ReplaceAll(blk.Text, string(markdown.Placeholder), "·"))
			b.WriteString("\n\n")
		}
		r := report{File: file, Prose: b.String(), Matches: map[string][]string{}}
		for _, f := range lint.Check(doc, lint.Options{Kind: lint.Style}) {
			r.Matches[f.Rule] = append(r.Matches[f.Rule], f.Match)
		}
		if err := enc.Encode(r); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}
