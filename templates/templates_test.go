package templates_test

import (
	"context"
	"io/fs"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/speedgrapher/speedgrapher/internal/server"
	"github.com/speedgrapher/speedgrapher/prompts"
	"github.com/speedgrapher/speedgrapher/templates"
)

// The fifteen commands of the prompt-library issue.
var wantCommands = []string{
	"context", "expand", "haiku", "interview", "localize", "outline", "proofread", "publish",
	"readability", "reflect", "review", "seo", "summarize", "title", "voice",
}

// plannedTools are the tools the prompt-library issue names; their own
// issues add them to the server.
var plannedTools = []string{"lint", "readability", "structure"}

// TestCheckClean is `speedgrapher check templates/`: no error and no warning,
// for the directory on disk and for what the binary embeds.
func TestCheckClean(t *testing.T) {
	t.Parallel()
	for label, fsys := range map[string]fs.FS{"templates (directory)": os.DirFS("."), "templates (embedded)": templates.FS} {
		for _, d := range prompts.Check(prompts.Source{FS: fsys, Label: "templates"}) {
			t.Errorf("%s: %s", label, d)
		}
	}
}

func TestEveryCommandDocumented(t *testing.T) {
	t.Parallel()
	lib := shippedLibrary(t)
	if diff := cmp.Diff(wantCommands, names(lib.Templates())); diff != "" {
		t.Errorf("shipped commands (-want +got):\n%s", diff)
	}
	for _, tmpl := range lib.Templates() {
		if tmpl.Title == "" {
			t.Errorf("%s: no title", tmpl.File)
		}
		if tmpl.Description == "" {
			t.Errorf("%s: no description", tmpl.File)
		}
		for _, a := range tmpl.Arguments {
			if a.Description == "" {
				t.Errorf("%s: argument %q has no description", tmpl.File, a.Name)
			}
		}
	}
}

// toolMention finds the ways a template names a tool: "the `lint` tool",
// "the readability tool", "the `readability`, `lint` and `structure` tools".
var (
	toolMention = regexp.MustCompile("(?:`[a-z][a-z0-9_-]*`(?:, | and | or )?)+ tools?\\b|\\bthe [a-z][a-z0-9_-]* tool\\b")
	toolName    = regexp.MustCompile("`([a-z][a-z0-9_-]*)`|the ([a-z][a-z0-9_-]*) tool")
)

func TestToolMentions(t *testing.T) {
	t.Parallel()
	// Hand-checked: each mention in this text is found, and only those.
	const sample = "Run the `lint` tool, then the readability tool; the `a`, `b` and `c` tools; `code` here; the tool; tools."
	if diff := cmp.Diff([]string{"lint", "readability", "a", "b", "c"}, mentionedTools(sample)); diff != "" {
		t.Errorf("mentionedTools(sample) (-want +got):\n%s", diff)
	}

	known := slices.Clone(plannedTools)
	cs := connect(t, server.Options{Roots: []string{absRoot(t, sampleWorkspace)}})
	if cs.InitializeResult().Capabilities.Tools != nil {
		res, err := cs.ListTools(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, tool := range res.Tools {
			known = append(known, tool.Name)
		}
	}

	files, err := fs.Glob(templates.FS, "*.md")
	if err != nil {
		t.Fatal(err)
	}
	mentions := 0
	for _, name := range files {
		data, err := fs.ReadFile(templates.FS, name)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(data), "\n") {
			for _, tool := range mentionedTools(line) {
				mentions++
				if !slices.Contains(known, tool) {
					t.Errorf("templates/%s:%d: mentions a tool %q; the server registers or plans only %s", name, i+1, tool, strings.Join(known, ", "))
				}
			}
		}
	}
	if mentions == 0 {
		t.Error("no tool mentioned in any template; the pattern must be broken")
	}
}

// mentionedTools returns the tool names in text, in order.
func mentionedTools(text string) []string {
	var out []string
	for _, m := range toolMention.FindAllString(text, -1) {
		for _, sub := range toolName.FindAllStringSubmatch(m, -1) {
			out = append(out, sub[1]+sub[2])
		}
	}
	return out
}
