package prompts_test

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/speedgrapher/speedgrapher/prompts"
)

// readOnly is an Env whose only workspace file is STYLE.md.
var readOnly = prompts.Env{ReadFile: func(p string) (string, string, error) {
	if p == "STYLE.md" {
		return "file:///ws/STYLE.md", "Short sentences.\n", nil
	}
	return "", "", errors.New("no such file in the workspace")
}}

func TestImports(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		format prompts.Format
		file   string // path in the source
		text   string
		args   map[string]string

		wantName, wantDescription, wantHint string
		want                                []prompts.Message
		wantDiags                           []string
	}{
		{
			name:   "claude, nothing given: the hint's words hold the places",
			format: prompts.FormatClaude,
			file:   "fix-typos.md",
			text:   "---\ndescription: Fixes typos.\nargument-hint: FILE [LANGUAGE]\n---\nFix the typos in $1, in $2 spelling.\n",
			args:   map[string]string{},

			wantName: "fix-typos", wantDescription: "Fixes typos.", wantHint: "FILE [LANGUAGE]",
			want: []prompts.Message{{Role: "user", Text: "Fix the typos in [FILE], in [LANGUAGE] spelling."}},
		},
		{
			name:   "claude positional, whole, shell inert",
			format: prompts.FormatClaude,
			file:   "fix-issue.md",
			text:   "---\ndescription: Fixes an issue.\nargument-hint: [issue] [priority]\nallowed-tools: Bash(git status:*)\n---\nFix issue $1 with priority $2; $3 is empty.\nAll of it: $ARGUMENTS\nContext: !`git status`\n",
			args:   map[string]string{"args": "  123  high "},

			wantName: "fix-issue", wantDescription: "Fixes an issue.", wantHint: "[issue] [priority]",
			want:      []prompts.Message{{Role: "user", Text: "Fix issue 123 with priority high; [argument 3] is empty.\nAll of it: 123  high\nContext: !`git status`"}},
			wantDiags: []string{"cmds/fix-issue.md:8: warning: shell command !`git status` is not run by speedgrapher; it stays in the prompt as text (remove it, or paste its output into the file)"},
		},
		{
			name:   "claude values are data",
			format: prompts.FormatClaude,
			file:   "echo.md",
			text:   "Say $1 then $ARGUMENTS.",
			args:   map[string]string{"args": "$2 {{ .x }} $ARGUMENTS"},

			wantName: "echo", wantDescription: "Say $1 then $ARGUMENTS.", wantHint: "Text for the command, as you would type it after /echo",
			want: []prompts.Message{{Role: "user", Text: "Say $2 then $2 {{ .x }} $ARGUMENTS."}},
		},
		{
			name:   "claude no front matter, arguments appended, folder namespace",
			format: prompts.FormatClaude,
			file:   "git/commit.md",
			text:   "# Write a commit message\n\nUse the imperative. {{ .nope }} stays text.\n",
			args:   map[string]string{"args": "for the parser fix"},

			wantName: "git:commit", wantDescription: "Write a commit message", wantHint: "Text for the command, as you would type it after /git:commit",
			want: []prompts.Message{{Role: "user", Text: "# Write a commit message\n\nUse the imperative. {{ .nope }} stays text.\n\nfor the parser fix"}},
		},
		{
			name:      "claude file name not typable",
			format:    prompts.FormatClaude,
			file:      "Review Draft.md",
			text:      "Review.",
			wantDiags: []string{`cmds/Review Draft.md:1: command name "Review Draft", from the file's path, cannot be typed as a slash command; rename the file with lower-case letters, digits, "-" and "_"`},
		},
		{
			name:      "claude front matter not closed",
			format:    prompts.FormatClaude,
			file:      "open.md",
			text:      "---\ndescription: never closed\nBody.\n",
			wantDiags: []string{`cmds/open.md:1: front matter is not closed; end it with a "---" line before the body`},
		},
		{
			name:   "gemini args, file, shell inert",
			format: prompts.FormatGemini,
			file:   "git/commit.toml",
			text:   "description = \"Writes a commit message.\"\nprompt = \"\"\"\nWrite a commit message for {{args}}.\nStatus: !{git status --short}\nFollow @{STYLE.md}\nThanks.\n\"\"\"\n",
			args:   map[string]string{"args": "the {{args}} fix"},

			wantName: "git:commit", wantDescription: "Writes a commit message.", wantHint: "Text for the command, as you would type it after /git:commit",
			want: []prompts.Message{
				{Role: "user", Text: "Write a commit message for the {{args}} fix.\nStatus: !{git status --short}\nFollow"},
				{Role: "user", Resource: &prompts.Resource{URI: "file:///ws/STYLE.md", MIMEType: "text/markdown", Text: "Short sentences.\n"}},
				{Role: "user", Text: "Thanks."},
			},
			wantDiags: []string{"cmds/git/commit.toml:4: warning: shell command !{git status --short} is not run by speedgrapher; it stays in the prompt as text (remove it, or paste its output into the file)"},
		},
		{
			name:   "gemini nested braces in shell, unknown key",
			format: prompts.FormatGemini,
			file:   "touchy.toml",
			text:   "descripton = \"Typo.\"\nprompt = \"Run !{touch x; echo {a}} now; {{args}}\"\n",
			args:   map[string]string{},

			wantName: "touchy", wantDescription: "Run !{touch x; echo {a}} now; {{args}}", wantHint: "Text for the command, as you would type it after /touchy",
			// The writer gave nothing: the agent sees what belongs there, not a hole.
			want: []prompts.Message{{Role: "user", Text: "Run !{touch x; echo {a}} now; [what you would type after /touchy]"}},
			wantDiags: []string{
				`cmds/touchy.toml:1: warning: unknown key "descripton" is ignored; did you mean "description"?`,
				"cmds/touchy.toml:2: warning: shell command !{touch x; echo {a}} is not run by speedgrapher; it stays in the prompt as text (remove it, or paste its output into the file)",
			},
		},
		{
			name:      "gemini invalid TOML",
			format:    prompts.FormatGemini,
			file:      "bad.toml",
			text:      "description = \"ok\"\nprompt = \"unclosed\n",
			wantDiags: []string{"cmds/bad.toml:2: TOML: basic strings cannot have new lines"},
		},
		{
			name:      "gemini missing prompt",
			format:    prompts.FormatGemini,
			file:      "empty.toml",
			text:      "description = \"Nothing to send.\"\n",
			wantDiags: []string{`cmds/empty.toml:1: missing prompt; add prompt = """...""" with the text the command sends`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lib, diags := prompts.Load(prompts.Source{FS: mapFS(map[string]string{tt.file: tt.text}), Label: "cmds", Format: tt.format, Kind: "test"})
			var got []string
			for _, d := range diags {
				got = append(got, d.String())
			}
			if diff := cmp.Diff(tt.wantDiags, got); diff != "" {
				t.Errorf("diagnostics (-want +got):\n%s", diff)
			}
			if tt.wantName == "" {
				if n := len(lib.Templates()); n != 0 {
					t.Errorf("loaded %d templates, want none", n)
				}
				return
			}
			tmpl, ok := lib.Lookup(tt.wantName)
			if !ok {
				t.Fatalf("Lookup(%q) found nothing", tt.wantName)
			}
			wantArgs := []prompts.Argument{{Name: "args", Description: tt.wantHint}}
			if diff := cmp.Diff(wantArgs, tmpl.Arguments); diff != "" {
				t.Errorf("arguments (-want +got):\n%s", diff)
			}
			if tmpl.Description != tt.wantDescription || tmpl.Origin != "test" || tmpl.Format != tt.format {
				t.Errorf("description, origin, format = %q, %q, %v; want %q, %q, %v", tmpl.Description, tmpl.Origin, tmpl.Format, tt.wantDescription, "test", tt.format)
			}
			msgs, err := tmpl.Render(tt.args, readOnly)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, msgs); diff != "" {
				t.Errorf("Render (-want +got):\n%s", diff)
			}
		})
	}
}

// An @{file} outside what Env can read is an argument error, not a crash.
func TestImportMissingFile(t *testing.T) {
	t.Parallel()
	lib, _ := prompts.Load(prompts.Source{FS: mapFS(map[string]string{"x.toml": "prompt = \"See @{../secret.md}\"\n"}), Label: "g", Format: prompts.FormatGemini})
	tmpl, _ := lib.Lookup("x")
	_, err := tmpl.Render(nil, readOnly)
	var argErr *prompts.ArgumentError
	if !errors.As(err, &argErr) || argErr.Message != `read draft "../secret.md": no such file in the workspace` {
		t.Errorf("Render error = %v, want an ArgumentError about ../secret.md", err)
	}
}
