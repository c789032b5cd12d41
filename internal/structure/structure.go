// Package structure summarises the shape of a markdown draft: its outline,
// counts of its parts and its front matter title and description. The
// structure checks themselves (multiple-h1, broken-anchor…) are rules of
// package lint, so they share its findings, configuration and inline
// disable comments.
package structure

import (
	"context"

	"github.com/speedgrapher/speedgrapher/internal/markdown"
	"github.com/speedgrapher/speedgrapher/internal/prose"
)

// Heading is one entry of the outline.
type Heading struct {
	Level int    `json:"level"`
	Text  string `json:"text"`
	Line  int    `json:"line"`
	Slug  string `json:"slug"`
}

// Counts are the parts of a draft.
type Counts struct {
	// Words are the words of all prose, headings and table cells included
	// (readability counts only the sentences of paragraphs, lists and quotes).
	Words int `json:"words"`
	// Paragraphs are paragraphs outside lists and quotes.
	Paragraphs int `json:"paragraphs"`
	// Lists counts lists, nested ones included; ListItems their items.
	Lists     int `json:"lists"`
	ListItems int `json:"list_items"`
	Tables    int `json:"tables"`
	Images    int `json:"images"`
	// Links are inline, reference and autolinks, bare URLs included.
	Links      int `json:"links"`
	CodeBlocks int `json:"code_blocks"`
	// CodeLanguages counts fenced and indented code blocks by language;
	// "none" for blocks without one.
	CodeLanguages map[string]int `json:"code_languages"`
}

// Summary is the shape of a draft.
type Summary struct {
	Outline     []Heading `json:"outline"`
	Counts      Counts    `json:"counts"`
	Title       string    `json:"title"`
	Description string    `json:"description"`
}

// Summarize describes doc's shape.
func Summarize(doc *markdown.Document) Summary {
	s, _ := SummarizeContext(context.Background(), doc)
	return s
}

// SummarizeContext is Summarize that gives up as soon as ctx is done,
// returning its error and an empty summary. It looks at ctx per block.
func SummarizeContext(ctx context.Context, doc *markdown.Document) (Summary, error) {
	s := Summary{
		Outline:     make([]Heading, 0, len(doc.Headings)),
		Title:       doc.FrontMatter.Title,
		Description: doc.FrontMatter.Description,
		Counts: Counts{
			Paragraphs: doc.Paragraphs, Lists: doc.Lists, ListItems: doc.ListItems, Tables: doc.Tables,
			Images: len(doc.Images), Links: len(doc.Links), CodeBlocks: len(doc.CodeBlocks),
			CodeLanguages: map[string]int{},
		},
	}
	for _, h := range doc.Headings {
		s.Outline = append(s.Outline, Heading{Level: h.Level, Text: h.Text, Line: h.Line, Slug: h.Slug})
	}
	for _, c := range doc.CodeBlocks {
		lang := c.Language
		if lang == "" {
			lang = "none"
		}
		s.Counts.CodeLanguages[lang]++
	}
	for i := range doc.Blocks {
		if err := ctx.Err(); err != nil {
			return Summary{}, err
		}
		s.Counts.Words += len(prose.Words(doc.Blocks[i].Text))
	}
	return s, nil
}
