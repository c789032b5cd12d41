package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/speedgrapher/speedgrapher/internal/config"
	"github.com/speedgrapher/speedgrapher/internal/lint"
	"github.com/speedgrapher/speedgrapher/internal/lint/ruledoc"
	"github.com/speedgrapher/speedgrapher/internal/markdown"
	"github.com/speedgrapher/speedgrapher/internal/progress"
	"github.com/speedgrapher/speedgrapher/internal/style"
)

// lintDescription lists the style rules from the rule registry.
var lintDescription = `Checks the style of a markdown draft's prose and reports each finding with its rule, ` +
	`severity, line and column, the matched text and suggested replacements; findings of ` + ruledoc.FixNames(lint.Style) + ` ` +
	`carry a fix as edits, most of them safe (the fix tool applies the safe ones). Code, URLs, HTML and front matter ` +
	`are never flagged. Rules: ` + ruledoc.Names(lint.Style, ", ") + `. The workspace's .speedgrapher.yaml, the ` +
	`draft's "speedgrapher" front matter and <!-- speedgrapher-disable rule --> comments (and Vale's <!-- vale off -->) ` +
	`turn rules off or change their severity; "kind: reference" in either turns passive-voice off. ` +
	`House styles in Vale's format (a .vale.ini in the workspace or above it, or "styles" in .speedgrapher.yaml) ` +
	`add findings whose rule is the style's check name, such as Google.Passive.`

// lintInputSchema is the lint tool's input: a draft plus rule filters.
var lintInputSchema = `{
  "type": "object",
  "properties": {
    "path": {"type": "string", "description": "A markdown draft in the workspace, relative to the workspace root. Give path or text, not both."},
    "text": {"type": "string", "description": "The markdown draft itself. Give path or text, not both."},
    "rules": {"type": "array", "items": {"type": "string", "enum": ` + idsJSON(lint.Style) + `},
      "description": "Run only these rules (even ones the configuration turns off)."},
    "disable": {"type": "array", "items": {"type": "string", "enum": ` + idsJSON(lint.Style) + `},
      "description": "Do not run these rules."}
  },
  "additionalProperties": false
}`

// findingSchema is the JSON schema of one finding, shared by lint and structure.
const findingSchema = `{"type": "object",
  "required": ["rule", "severity", "message", "line", "column", "end_line", "end_column", "match", "suggestions"],
  "properties": {
    "rule": {"type": "string"},
    "severity": {"type": "string", "enum": ["error", "warning", "suggestion"]},
    "message": {"type": "string", "description": "What is wrong and what to do."},
    "line": {"type": "integer", "description": "1-based."},
    "column": {"type": "integer", "description": "1-based, in Unicode characters."},
    "end_line": {"type": "integer"},
    "end_column": {"type": "integer", "description": "Exclusive: the column just after the match."},
    "match": {"type": "string", "description": "The text the finding is about."},
    "suggestions": {"type": "array", "items": {"type": "string"}, "description": "Replacements for match, best first."},
    "fix": {"type": "object", "required": ["description", "safe", "edits"],
      "description": "A mechanical repair, only on findings of rules that have one. Apply the edits together; they never touch code, URLs, HTML or front matter.",
      "properties": {
        "description": {"type": "string"},
        "safe": {"type": "boolean", "description": "True when the fix keeps the meaning and may be applied unread."},
        "edits": {"type": "array", "items": {"type": "object",
          "required": ["line", "column", "end_line", "end_column", "offset", "end_offset", "new_text"],
          "properties": {
            "line": {"type": "integer", "description": "1-based."},
            "column": {"type": "integer", "description": "1-based, in Unicode characters."},
            "end_line": {"type": "integer"},
            "end_column": {"type": "integer", "description": "Exclusive."},
            "offset": {"type": "integer", "description": "Byte offset in the draft's UTF-8 text."},
            "end_offset": {"type": "integer", "description": "Exclusive byte offset."},
            "new_text": {"type": "string", "description": "Replaces the range; empty deletes it."}}}}}},
    "link": {"type": "string", "description": "Where the rule is explained (house-style rules that have a link)."}}}`

// countsSchema is findings counted per rule and per severity.
const countsSchema = `"counts": {"type": "object", "additionalProperties": {"type": "integer"}, "description": "Findings per rule."},
    "severities": {"type": "object", "additionalProperties": {"type": "integer"}, "description": "Findings per severity."}`

var lintOutputSchema = `{
  "type": "object",
  "required": ["findings", "counts", "severities"],
  "properties": {
    "findings": {"type": "array", "items": ` + findingSchema + `},
    ` + countsSchema + `
  }
}`

// LintResult is the lint tool's structured result.
type LintResult struct {
	Findings   []lint.Finding `json:"findings"`
	Counts     map[string]int `json:"counts"`
	Severities map[string]int `json:"severities"`
}

// lintInput is the lint tool's arguments.
type lintInput struct {
	Path    *string  `json:"path"`
	Text    *string  `json:"text"`
	Rules   []string `json:"rules"`
	Disable []string `json:"disable"`
}

func registerLint(s *mcp.Server, files Files) {
	s.AddTool(&mcp.Tool{
		Name:         "lint",
		Title:        "Style checks",
		Description:  lintDescription,
		InputSchema:  json.RawMessage(lintInputSchema),
		OutputSchema: json.RawMessage(lintOutputSchema),
		Annotations:  &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: new(false)},
	}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		in, err := decodeLint(req.Params.Arguments)
		if err != nil {
			return errorResult(err), nil
		}
		d, err := readDraft(ctx, files, draftInput{Path: in.Path, Text: in.Text})
		if err != nil {
			return failed(ctx, err)
		}
		progress.Report(ctx, req, 1, 2, "draft read and parsed; checking")
		opts, err := d.options(ctx, files)
		if err != nil {
			return errorResult(err), nil
		}
		opts.Kind = lint.Style
		if len(in.Rules) > 0 {
			opts.Only = in.Rules
			opts.Disable = slices.DeleteFunc(opts.Disable, func(id string) bool { return slices.Contains(in.Rules, id) })
		}
		opts.Disable = append(opts.Disable, in.Disable...)
		findings, err := lint.CheckContext(ctx, d.doc, opts)
		if err != nil {
			return failed(ctx, err)
		}
		res := newLintResult(findings)
		progress.Report(ctx, req, 2, 2, "checked")
		return structuredResult(res, res.Summary()), nil
	})
}

// decodeLint decodes and checks the lint tool's arguments.
func decodeLint(raw json.RawMessage) (lintInput, error) {
	var in lintInput
	if t := strings.TrimSpace(string(raw)); t != "" && t != "null" {
		fields, err := decodeArgs(raw, &in)
		if err != nil {
			return in, &inputError{fmt.Sprintf("read the arguments: %v; pass an object with \"path\" or \"text\", and optional \"rules\" and \"disable\" lists", err)}
		}
		for k, v := range fields {
			switch k {
			case "path":
				in.Path = v
			case "text":
				in.Text = v
			case "rules", "disable":
				return in, &inputError{fmt.Sprintf("%q must be a list of rule names, such as [\"passive-voice\"]", k)}
			default:
				return in, &inputError{fmt.Sprintf("read the arguments: unknown field %q; pass \"path\" or \"text\", and optional \"rules\" and \"disable\"", k)}
			}
		}
	}
	for _, list := range [][]string{in.Rules, in.Disable} {
		for _, id := range list {
			if r, ok := lint.Lookup(id); !ok || r.Kind != lint.Style {
				return in, &inputError{fmt.Sprintf("unknown rule %q; the style rules are %s", id, strings.Join(lint.IDs(lint.Style), ", "))}
			}
		}
	}
	return in, draftInput{Path: in.Path, Text: in.Text}.check()
}

// draft is a parsed draft and where it came from.
type draft struct {
	doc *markdown.Document
	// name labels the draft in messages: its path, or "text".
	name string
	// abs is the draft's absolute path; "" for text.
	abs string
}

// readDraft reads and parses the draft in names.
func readDraft(ctx context.Context, files Files, in draftInput) (*draft, error) {
	if in.Text != nil || files == nil {
		src, name, err := loadDraft(ctx, files, in)
		if err != nil {
			return nil, err
		}
		doc, err := parse(ctx, src)
		if err != nil {
			return nil, err
		}
		return &draft{doc: doc, name: name}, nil
	}
	abs, src, err := files.ReadFile(ctx, *in.Path)
	if err != nil {
		return nil, err
	}
	doc, err := parse(ctx, src)
	if err != nil {
		return nil, err
	}
	return &draft{doc: doc, name: *in.Path, abs: abs}, nil
}

// options are the lint options for d: the workspace's .speedgrapher.yaml
// (read on every call, so an edit applies at once) and the draft's front
// matter overrides; for a draft read from the workspace, the missing-file
// check too.
func (d *draft) options(ctx context.Context, files Files) (lint.Options, error) {
	var base *config.Config
	if files != nil {
		var err error
		base, err = config.Load(func(name string) ([]byte, error) {
			_, data, err := files.ReadFile(ctx, name)
			return data, err
		})
		if err != nil {
			return lint.Options{}, fmt.Errorf("%w; fix %s or remove it", err, config.FileName)
		}
		if root, err := files.Resolve(ctx, "."); err == nil {
			withHouse, problems, err := config.LoadHouse(base, config.HouseSource{Root: root, Getenv: os.Getenv})
			if err != nil {
				return lint.Options{}, fmt.Errorf("load house styles: %w", err)
			}
			logHouse(withHouse.House, problems)
			base = withHouse
		}
	}
	opts, err := config.ForDraft(base, d.name, d.doc)
	if err != nil {
		return lint.Options{}, fmt.Errorf("%w; fix the %q key of the draft's front matter", err, config.FrontMatterKey)
	}
	if files != nil && d.abs != "" {
		resolve := func(path string) (string, error) { return files.Resolve(ctx, path) }
		opts.CheckLinksFrom(filepath.Dir(d.abs), resolve, func(path string) ([]byte, error) {
			_, data, err := files.ReadFile(ctx, path)
			return data, err
		})
	}
	return opts, nil
}

// reported remembers which house styles' problems have been logged, so a
// server says each once rather than on every call.
var reported sync.Map

// logHouse logs, once per loaded set of styles, the files that did not
// load and the rules whose kind does not run.
func logHouse(h *style.House, problems []error) {
	if h == nil {
		return
	}
	if _, seen := reported.LoadOrStore(h, true); seen {
		return
	}
	for _, p := range problems {
		slog.Warn("house style skipped", "problem", p.Error())
	}
	if note := h.UnsupportedNote(); note != "" {
		slog.Info(note)
	}
}

func newLintResult(findings []lint.Finding) LintResult {
	return LintResult{Findings: findings, Counts: countRules(findings), Severities: countSeverities(findings)}
}

func countRules(findings []lint.Finding) map[string]int {
	m := map[string]int{}
	for _, f := range findings {
		m[f.Rule]++
	}
	return m
}

func countSeverities(findings []lint.Finding) map[string]int {
	m := map[string]int{}
	for _, f := range findings {
		m[f.Severity.String()]++
	}
	return m
}

// Summary is the short text beside the structured result.
func (r LintResult) Summary() string {
	return summarizeFindings(r.Findings, r.Counts, r.Severities)
}

// summarizeFindings says how many findings of each severity and which rules
// fired most.
func summarizeFindings(findings []lint.Finding, counts, severities map[string]int) string {
	if len(findings) == 0 {
		return "No findings."
	}
	var parts []string
	for _, s := range []lint.Severity{lint.Error, lint.Warning, lint.Suggestion} {
		if n := severities[s.String()]; n > 0 {
			parts = append(parts, plural(n, s.String()))
		}
	}
	rules := make([]string, 0, len(counts))
	for id := range counts {
		rules = append(rules, id)
	}
	sort.Slice(rules, func(i, j int) bool {
		if counts[rules[i]] != counts[rules[j]] {
			return counts[rules[i]] > counts[rules[j]]
		}
		return rules[i] < rules[j]
	})
	var top []string
	for _, id := range rules[:min(3, len(rules))] {
		top = append(top, fmt.Sprintf("%s %d", id, counts[id]))
	}
	f := findings[0]
	return fmt.Sprintf("%s: %s (most: %s). First at line %d, column %d: %s.",
		plural(len(findings), "finding"), strings.Join(parts, ", "), strings.Join(top, ", "), f.Line, f.Column, f.Message)
}

func plural(n int, noun string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// idsJSON is the IDs of one kind of rule as a JSON array, for schemas.
func idsJSON(kind lint.Kind) string {
	b, _ := json.Marshal(lint.IDs(kind))
	return string(b)
}
