package server

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/speedgrapher/speedgrapher/internal/mcptest"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Every source, from the shipped templates to --prompts, defines /dup; each
// later one wins, the server logs each override, and imported commands from
// home and workspace render with their arguments. The order of the sources
// itself is library.TestSourcesOrder's.
func TestSourcesPrecedenceAndImports(t *testing.T) {
	base := t.TempDir()
	home := filepath.Join(base, "home")
	root := filepath.Join(base, "blog")
	extra := filepath.Join(base, "extra")
	tmpl := func(desc string) string { return "---\ndescription: " + desc + "\n---\n" + desc + "\n" }
	files := map[string]string{
		"home/.claude/commands/dup.md":                   "---\ndescription: home claude\n---\nhome claude\n",
		"home/.gemini/commands/dup.toml":                 "description = \"home gemini\"\nprompt = \"home gemini\"\n",
		"config/speedgrapher/prompts/dup.md":             tmpl("user directory"),
		"blog/.claude/commands/dup.md":                   "workspace claude\n",
		"blog/.gemini/commands/dup.toml":                 "prompt = \"workspace gemini\"\n",
		"blog/.speedgrapher/prompts/dup.md":              tmpl("project directory"),
		"extra/dup.md":                                   tmpl("prompts flag"),
		"home/.claude/commands/fix-issue.md":             "---\ndescription: Fixes an issue.\nargument-hint: ISSUE PRIORITY\n---\nFix issue $1 (priority $2): $ARGUMENTS\n",
		"blog/.gemini/commands/git/commit.toml":          "description = \"Writes a commit message.\"\nprompt = \"\"\"\nWrite a commit message for {{args}}, in the style of @{STYLE.md}\n\"\"\"\n",
		"blog/STYLE.md":                                  "Imperative mood.\n",
		"blog/.speedgrapher/prompts/_never-a-command.md": "partial\n",
	}
	writeFiles(t, base, files)

	var logs mcptest.Buffer
	srv, err := NewServer(Options{Roots: []string{root}, PromptDirs: []string{extra},
		Home: home, ConfigHome: filepath.Join(base, "config"), Logger: slogTo(&logs)})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	cs, _ := mcptest.Connect(t, srv, nil, nil)

	if got := renderText(t, cs, "dup", nil); !cmp.Equal(got, []string{"user: prompts flag"}) {
		t.Errorf("dup = %q, want the --prompts one", got)
	}
	// Each override is logged once, naming both files.
	if n := strings.Count(logs.String(), "command overridden"); n != 6 {
		t.Errorf("logged %d overrides of /dup, want 6:\n%s", n, logs.String())
	}
	if want := `msg="command overridden" command=/dup file=` + filepath.Join(extra, "dup.md"); !strings.Contains(logs.String(), want) {
		t.Errorf("log lacks %q:\n%s", want, logs.String())
	}

	got := renderText(t, cs, "fix-issue", map[string]string{"args": "42 high"})
	if diff := cmp.Diff([]string{"user: Fix issue 42 (priority high): 42 high"}, got); diff != "" {
		t.Errorf("Claude Code command (-want +got):\n%s", diff)
	}
	got = renderText(t, cs, "git:commit", map[string]string{"args": "the parser fix"})
	want := []string{"user: Write a commit message for the parser fix, in the style of", "user: resource " + dirURI(filepath.Join(root, "STYLE.md")) + " text/markdown Imperative mood.\n"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Gemini CLI command (-want +got):\n%s", diff)
	}
	list, err := cs.ListPrompts(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range list.Prompts {
		if p.Name == "fix-issue" {
			wantArgs := []*mcp.PromptArgument{{Name: "args", Description: "ISSUE PRIORITY"}}
			if diff := cmp.Diff(wantArgs, p.Arguments); diff != "" {
				t.Errorf("fix-issue arguments (-want +got):\n%s", diff)
			}
		}
		if strings.HasPrefix(p.Name, "_") {
			t.Errorf("partial %q listed as a prompt", p.Name)
		}
	}
}
