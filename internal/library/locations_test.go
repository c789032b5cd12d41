package library

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Sources come lowest precedence first, as README "Where commands live"
// lists them; what a repository brings is confined to it, the writer's own
// places are not; names in messages start from ~ or the current directory.
func TestSourcesOrder(t *testing.T) {
	base := t.TempDir()
	loc := Locations{
		Home:       filepath.Join(base, "home"),
		ConfigHome: filepath.Join(base, "config"),
		WorkDir:    base,
		Roots:      []string{filepath.Join(base, "blog")},
		PromptDirs: []string{"extra"}, // relative: to WorkDir
	}
	for _, d := range []string{"blog", "extra"} {
		if err := os.Mkdir(filepath.Join(base, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	srcs, err := loc.Sources()
	if err != nil {
		t.Fatal(err)
	}
	type row struct{ Kind, Label, Dir, Confine string }
	var got []row
	for _, s := range srcs {
		got = append(got, row{s.Kind, s.Label, s.Dir, s.Confine})
	}
	realBlog, err := filepath.EvalSymlinks(filepath.Join(base, "blog"))
	if err != nil {
		t.Fatal(err)
	}
	j := filepath.Join
	want := []row{
		{"shipped", "templates", "", ""},
		{"Claude Code commands (home)", j("~", ".claude", "commands"), j(base, "home", ".claude", "commands"), ""},
		{"Gemini CLI commands (home)", j("~", ".gemini", "commands"), j(base, "home", ".gemini", "commands"), ""},
		{"user directory", j(base, "config", "speedgrapher", "prompts"), j(base, "config", "speedgrapher", "prompts"), ""},
		{"Claude Code commands (workspace)", j("blog", ".claude", "commands"), j(base, "blog", ".claude", "commands"), realBlog},
		{"Gemini CLI commands (workspace)", j("blog", ".gemini", "commands"), j(base, "blog", ".gemini", "commands"), realBlog},
		{"project directory", j("blog", ".speedgrapher", "prompts"), j(base, "blog", ".speedgrapher", "prompts"), realBlog},
		{"--prompts", "extra", j(base, "extra"), ""},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("sources, lowest precedence first (-want +got):\n%s", diff)
	}
}

// Without a home or a configuration directory there are no personal
// sources, and no roots mean the current directory; a directory reached
// twice keeps its higher place.
func TestSourcesWithoutHome(t *testing.T) {
	wd := t.TempDir()
	srcs, err := Locations{WorkDir: wd, Roots: nil, PromptDirs: []string{filepath.Join(wd, ".speedgrapher", "prompts")}}.Sources()
	if err == nil {
		t.Fatalf("a missing --prompts directory gave sources %v, want an error", srcs)
	}
	if err := os.MkdirAll(filepath.Join(wd, ".speedgrapher", "prompts"), 0o755); err != nil {
		t.Fatal(err)
	}
	srcs, err = Locations{WorkDir: wd, PromptDirs: []string{filepath.Join(wd, ".speedgrapher", "prompts")}}.Sources()
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, s := range srcs {
		kinds = append(kinds, s.Kind)
	}
	want := []string{"shipped", "Claude Code commands (workspace)", "Gemini CLI commands (workspace)", "--prompts"}
	if diff := cmp.Diff(want, kinds); diff != "" {
		t.Errorf("source kinds (-want +got):\n%s", diff)
	}
}

// A --prompts directory that does not exist is refused up front.
func TestSourcesMissingFlagDirectory(t *testing.T) {
	_, err := Locations{WorkDir: t.TempDir(), PromptDirs: []string{"nope"}}.Sources()
	if want := `prompts directory "nope" is not a directory`; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Sources error = %v, want one containing %q", err, want)
	}
}

// The package takes its locations from its caller: no file of it reads the
// environment or the current directory. And it knows nothing of MCP: it
// does not import the SDK.
func TestNoEnvironmentNoMCP(t *testing.T) {
	banned := map[string]bool{"Getenv": true, "LookupEnv": true, "Environ": true, "UserHomeDir": true,
		"UserConfigDir": true, "Getwd": true, "Abs": true}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			if strings.Contains(imp.Path.Value, "modelcontextprotocol") {
				t.Errorf("%s imports %s; the MCP adapter is internal/server's", name, imp.Path.Value)
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok && banned[sel.Sel.Name] {
				if pkg, ok := sel.X.(*ast.Ident); ok && (pkg.Name == "os" || pkg.Name == "filepath") {
					t.Errorf("%s: %s.%s reads the environment; take it from Locations", fset.Position(sel.Pos()), pkg.Name, sel.Sel.Name)
				}
			}
			return true
		})
	}
}
