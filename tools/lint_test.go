package tools

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/speedgrapher/speedgrapher/internal/workspace"
)

// workspaceFiles serves a workspace to the tools, as the server does.
type workspaceFiles struct{ ws *workspace.Workspace }

func (f workspaceFiles) ReadFile(_ context.Context, path string) (string, []byte, error) {
	return f.ws.ReadFile(path)
}

func (f workspaceFiles) Resolve(_ context.Context, path string) (string, error) {
	return f.ws.Resolve(path)
}

// newWorkspace writes files into a temporary workspace.
func newWorkspace(t *testing.T, files map[string]string) Files {
	t.Helper()
	dir := t.TempDir()
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ws, err := workspace.New(dir)
	if err != nil {
		t.Fatal(err)
	}
	return workspaceFiles{ws}
}

// brief is a finding reduced to what a test compares.
type brief struct {
	Rule, Severity, Match string
	Line, Column          int
	Suggestions           []string
}

func callTool(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) (*mcp.CallToolResult, string) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: protocol error %v", name, err)
	}
	var text []string
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			text = append(text, tc.Text)
		}
	}
	return res, strings.Join(text, "\n")
}

func findingsOf(t *testing.T, res *mcp.CallToolResult) []brief {
	t.Helper()
	data, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	var out struct {
		Findings []struct {
			Rule, Severity, Match string
			Line, Column          int
			Suggestions           []string
		}
	}
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	got := []brief{}
	for _, f := range out.Findings {
		got = append(got, brief{f.Rule, f.Severity, f.Match, f.Line, f.Column, f.Suggestions})
	}
	return got
}

const lintDraft = `---
title: A draft
speedgrapher:
  rules:
    adverb: off
---
# A draft

The plan was approved in order to ship. It is very good.

She quickly left.
`

func TestLintTool(t *testing.T) {
	ws := newWorkspace(t, map[string]string{
		"post.md":            lintDraft,
		".speedgrapher.yaml": "rules:\n  weasel-word: error\naccept: [approved]\n",
	})
	cs := connect(t, ws)
	// Hand-derived: passive "was approved" is accepted; adverb is off in
	// front matter; weasel-word is an error by the workspace file.
	want := []brief{
		{"wordy", "suggestion", "in order to", 9, 23, []string{"to"}},
		{"weasel-word", "error", "very", 9, 47, []string{}},
	}
	res, text := callTool(t, cs, "lint", map[string]any{"path": "post.md"})
	if res.IsError {
		t.Fatalf("lint: %s", text)
	}
	if diff := cmp.Diff(want, findingsOf(t, res)); diff != "" {
		t.Errorf("lint path (-want +got):\n%s", diff)
	}
	if !strings.HasPrefix(text, "2 findings: 1 error, 1 suggestion") {
		t.Errorf("summary = %q", text)
	}

	// rules runs a rule the front matter turned off; disable drops one.
	res, text = callTool(t, cs, "lint", map[string]any{"path": "post.md", "rules": []string{"adverb", "wordy"}, "disable": []string{"wordy"}})
	want = []brief{{"adverb", "suggestion", "quickly", 11, 5, []string{}}}
	if diff := cmp.Diff(want, findingsOf(t, res)); diff != "" {
		t.Errorf("lint rules/disable (-want +got):\n%s (%s)", diff, text)
	}

	// text: the workspace file still applies, front matter of the text too.
	res, _ = callTool(t, cs, "lint", map[string]any{"text": "It was very clear."})
	want = []brief{{"weasel-word", "error", "very", 1, 8, []string{}}}
	if diff := cmp.Diff(want, findingsOf(t, res)); diff != "" {
		t.Errorf("lint text (-want +got):\n%s", diff)
	}
}

func TestLintToolErrors(t *testing.T) {
	ws := newWorkspace(t, map[string]string{
		"post.md":            "Fine.\n",
		"bad-fm.md":          "---\nspeedgrapher:\n  rules:\n    passive: off\n---\nText.\n",
		"sub/.keep":          "",
		".speedgrapher.yaml": "rules:\n  adverb: off\n",
	})
	bad := newWorkspace(t, map[string]string{"post.md": "Fine.\n", ".speedgrapher.yaml": "rules:\n  adverb: loud\n"})
	tests := []struct {
		name  string
		files Files
		args  map[string]any
		want  string
	}{
		{"no draft", ws, map[string]any{}, `give the draft as "path"`},
		{"both", ws, map[string]any{"path": "post.md", "text": "x"}, `not both`},
		{"unknown rule", ws, map[string]any{"text": "x", "rules": []string{"passive"}}, `unknown rule "passive"; the style rules are lexical-illusion`},
		{"structure rule", ws, map[string]any{"text": "x", "disable": []string{"image-alt"}}, `unknown rule "image-alt"`},
		{"rules as a string", ws, map[string]any{"text": "x", "rules": "adverb"}, `"rules" must be a list`},
		{"unknown field", ws, map[string]any{"text": "x", "rule": []string{"adverb"}}, `unknown field "rule"`},
		{"rules as a number", ws, map[string]any{"text": "x", "rules": 3}, `"rules" has a number where a list of strings belongs`},
		{"a number in rules", ws, map[string]any{"text": "x", "rules": []any{"adverb", 3}}, `"rules" has a number where a string belongs`},
		{"missing file", ws, map[string]any{"path": "missing.md"}, `no file "missing.md" in the workspace`},
		{"bad config", bad, map[string]any{"path": "post.md"}, `.speedgrapher.yaml:2: rule adverb: "loud" is not a setting`},
		{"bad front matter", ws, map[string]any{"path": "bad-fm.md"}, `bad-fm.md:4: unknown rule "passive"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cs := connect(t, tt.files)
			res, text := callTool(t, cs, "lint", tt.args)
			if !res.IsError || !strings.Contains(text, tt.want) {
				t.Errorf("lint %v = isError %v, %q; want an error containing %q", tt.args, res.IsError, text, tt.want)
			}
		})
	}
}

func TestStructureTool(t *testing.T) {
	ws := newWorkspace(t, map[string]string{
		"docs/post.md":  "# Post\n\nSee [setup](#setup), [guide](guide.md#instal) and [gone](gone.md), [fine](guide.md#Install).\n\n#### Deep\n\n![](img.png)\n\n```\nx\n```\n",
		"docs/guide.md": "# Guide\n\n## Install\n",
	})
	cs := connect(t, ws)
	res, text := callTool(t, cs, "structure", map[string]any{"path": "docs/post.md"})
	if res.IsError {
		t.Fatal(text)
	}
	// Hand-derived from the draft above.
	want := []brief{
		{"broken-anchor", "suggestion", "#setup", 3, 5, []string{}},
		{"broken-anchor", "suggestion", "guide.md#instal", 3, 22, []string{}}, // guide.md has #install
		{"missing-file", "suggestion", "gone.md", 3, 51, []string{}},          // the link starts at "[gone]"
		{"heading-increment", "suggestion", "Deep", 5, 6, []string{}},
		{"image-alt", "warning", "img.png", 7, 1, []string{}},
		{"missing-file", "suggestion", "img.png", 7, 1, []string{}},
		{"fence-language", "suggestion", "", 9, 1, []string{}},
	}
	if diff := cmp.Diff(want, findingsOf(t, res)); diff != "" {
		t.Errorf("structure findings (-want +got):\n%s", diff)
	}
	data, _ := json.Marshal(res.StructuredContent)
	var got struct {
		Outline []struct {
			Level int
			Text  string
			Line  int
			Slug  string
		}
		Counts map[string]any
	}
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Outline) != 2 || got.Outline[1].Slug != "deep" || got.Outline[1].Line != 5 || got.Counts["links"] != float64(4) {
		t.Errorf("outline/counts = %+v %v", got.Outline, got.Counts)
	}
	if !strings.HasPrefix(text, "2 headings, ") {
		t.Errorf("summary = %q", text)
	}

	// As text there is no file to resolve links against: no missing-file.
	res, _ = callTool(t, cs, "structure", map[string]any{"text": "[gone](gone.md)\n"})
	if f := findingsOf(t, res); len(f) != 0 {
		t.Errorf("structure text findings = %v, want none", f)
	}
}

// TestSchemas checks that lint, structure and fix results satisfy their output
// schemas and that the input schema accepts what the tool accepts.
func TestSchemas(t *testing.T) {
	ws := newWorkspace(t, map[string]string{"post.md": "---\ntitle: T\n---\n# T\n\n## A\n\n#### B\n\nIt was very clearly written in order to be read.\n\n![](x.png)\n\n```\nx\n```\n"})
	cs := connect(t, ws)
	list, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range list.Tools {
		args := map[string]any{"path": "post.md"}
		switch tool.Name {
		case "fix":
			args["apply"] = false // the preview; with fixes (wordy) to show
		case "lint", "structure": // their findings carry fixes (wordy, fence-language)
		default:
			continue
		}
		res, text := callTool(t, cs, tool.Name, args)
		if res.IsError {
			t.Fatalf("%s: %s", tool.Name, text)
		}
		for what, pair := range map[string][2]any{
			"output": {tool.OutputSchema, res.StructuredContent},
			"input":  {tool.InputSchema, args},
		} {
			data, _ := json.Marshal(pair[0])
			var s jsonschema.Schema
			if err := json.Unmarshal(data, &s); err != nil {
				t.Fatalf("%s %s schema: %v", tool.Name, what, err)
			}
			rs, err := s.Resolve(nil)
			if err != nil {
				t.Fatalf("%s %s schema: %v", tool.Name, what, err)
			}
			// Round-trip the instance through JSON, as a client sees it.
			var instance any
			data, _ = json.Marshal(pair[1])
			json.Unmarshal(data, &instance)
			if err := rs.Validate(instance); err != nil {
				t.Errorf("%s %s does not match its schema: %v", tool.Name, what, err)
			}
		}
	}
}

// TestLintToolHouseStyle: a .vale.ini in the workspace adds its styles'
// findings to the lint tool's, with Vale's check names and levels.
func TestLintToolHouseStyle(t *testing.T) {
	ws := newWorkspace(t, map[string]string{
		"post.md":                 "# Notes\n\nWe frobnicate the cache.\n",
		".vale.ini":               "StylesPath = styles\n[*.md]\nBasedOnStyles = House\nSpeedgrapher = NO\n",
		"styles/House/Frob.yml":   "extends: existence\nmessage: \"Say 'tweak', not '%s'.\"\nlevel: error\nlink: https://example.com/frob\ntokens: [frobnicate]\n",
		"styles/House/Broken.yml": "extends: existance\nmessage: x\n",
	})
	cs := connect(t, ws)
	res, text := callTool(t, cs, "lint", map[string]any{"path": "post.md"})
	if res.IsError {
		t.Fatalf("lint: %s", text)
	}
	// Hand-placed: "frobnicate" starts at line 3, column 4; the broken
	// rule file is skipped and the other loads.
	want := []brief{{"House.Frob", "error", "frobnicate", 3, 4, []string{}}}
	if diff := cmp.Diff(want, findingsOf(t, res)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
