package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/speedgrapher/speedgrapher/internal/lint"
	"github.com/speedgrapher/speedgrapher/internal/lint/ruledoc"
	"github.com/speedgrapher/speedgrapher/internal/progress"
	"github.com/speedgrapher/speedgrapher/internal/structure"
)

// structureDescription lists the structure rules from the rule registry.
var structureDescription = `Describes the structure of a markdown draft: its outline (level, text, line, anchor slug), ` +
	`counts of words, paragraphs, lists, tables, images, links and code blocks by language, the front matter ` +
	`title and description, and findings with line and column: ` + ruledoc.Names(lint.Structure, " and ") + `.`

var structureOutputSchema = `{
  "type": "object",
  "required": ["outline", "counts", "title", "description", "findings", "finding_counts", "severities"],
  "properties": {
    "outline": {"type": "array", "items": {"type": "object", "required": ["level", "text", "line", "slug"],
      "properties": {
        "level": {"type": "integer", "minimum": 1, "maximum": 6},
        "text": {"type": "string"},
        "line": {"type": "integer"},
        "slug": {"type": "string", "description": "The GitHub-style anchor: link to it as #slug."}}}},
    "counts": {"type": "object",
      "required": ["words", "paragraphs", "lists", "list_items", "tables", "images", "links", "code_blocks", "code_languages"],
      "properties": {
        "words": {"type": "integer", "description": "Words of all prose, headings and table cells included."},
        "paragraphs": {"type": "integer", "description": "Paragraphs outside lists and quotes."},
        "lists": {"type": "integer"}, "list_items": {"type": "integer"}, "tables": {"type": "integer"},
        "images": {"type": "integer"}, "links": {"type": "integer"}, "code_blocks": {"type": "integer"},
        "code_languages": {"type": "object", "additionalProperties": {"type": "integer"},
          "description": "Code blocks per language; \"none\" for blocks without one."}}},
    "title": {"type": "string", "description": "The front matter title, empty if none."},
    "description": {"type": "string", "description": "The front matter description, empty if none."},
    "findings": {"type": "array", "items": ` + findingSchema + `},
    "finding_counts": {"type": "object", "additionalProperties": {"type": "integer"}, "description": "Findings per rule."},
    "severities": {"type": "object", "additionalProperties": {"type": "integer"}, "description": "Findings per severity."}
  }
}`

// StructureResult is the structure tool's structured result.
type StructureResult struct {
	structure.Summary
	Findings      []lint.Finding `json:"findings"`
	FindingCounts map[string]int `json:"finding_counts"`
	Severities    map[string]int `json:"severities"`
}

func registerStructure(s *mcp.Server, files Files) {
	s.AddTool(&mcp.Tool{
		Name:         "structure",
		Title:        "Structure",
		Description:  structureDescription,
		InputSchema:  json.RawMessage(draftSchema),
		OutputSchema: json.RawMessage(structureOutputSchema),
		Annotations:  &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: new(false)},
	}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		in, err := decodeDraft(req.Params.Arguments)
		if err != nil {
			return errorResult(err), nil
		}
		d, err := readDraft(ctx, files, in)
		if err != nil {
			return failed(ctx, err)
		}
		progress.Report(ctx, req, 1, 2, "draft read and parsed; checking")
		opts, err := d.options(ctx, files)
		if err != nil {
			return errorResult(err), nil
		}
		opts.Kind = lint.Structure
		findings, err := lint.CheckContext(ctx, d.doc, opts)
		if err != nil {
			return failed(ctx, err)
		}
		summary, err := structure.SummarizeContext(ctx, d.doc)
		if err != nil {
			return failed(ctx, err)
		}
		res := StructureResult{
			Summary:  summary,
			Findings: findings, FindingCounts: countRules(findings), Severities: countSeverities(findings),
		}
		progress.Report(ctx, req, 2, 2, "checked")
		return structuredResult(res, res.Text()), nil
	})
}

// Text is the short text beside the structured result.
func (r StructureResult) Text() string {
	var b strings.Builder
	c := r.Counts
	fmt.Fprintf(&b, "%s, %s, %s, %s, %s, %s.",
		plural(len(r.Outline), "heading"), plural(c.Words, "word"), plural(c.Paragraphs, "paragraph"),
		plural(c.Links, "link"), plural(c.Images, "image"), plural(c.CodeBlocks, "code block"))
	if r.Title != "" {
		fmt.Fprintf(&b, " Title: %q.", r.Title)
	}
	b.WriteString(" ")
	b.WriteString(summarizeFindings(r.Findings, r.FindingCounts, r.Severities))
	return b.String()
}
