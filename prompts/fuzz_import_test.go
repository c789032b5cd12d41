package prompts_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/speedgrapher/speedgrapher/prompts"
)

// fuzzImport loads one command file of format and renders what loads with
// args: loading never panics, and rendering fails only with an
// *ArgumentError (a file @{...} names that Env cannot read).
func fuzzImport(t *testing.T, format prompts.Format, name string, data []byte, args string) {
	lib, diags := prompts.Load(prompts.Source{FS: mapFS(map[string]string{name: string(data)}), Label: "fuzz", Format: format})
	for _, d := range diags {
		if d.File != "fuzz/"+name {
			t.Fatalf("diagnostic for another file: %v", d)
		}
	}
	for _, tmpl := range lib.Templates() {
		if len(tmpl.Arguments) != 1 || tmpl.Arguments[0].Name != "args" || tmpl.Description == "" {
			t.Fatalf("imported command %q: arguments %+v, description %q", tmpl.Name, tmpl.Arguments, tmpl.Description)
		}
		msgs, err := tmpl.Render(map[string]string{"args": args}, readOnly)
		var argErr *prompts.ArgumentError
		if err != nil && !errors.As(err, &argErr) {
			t.Fatalf("Render: %v", err)
		}
		for _, m := range msgs {
			if strings.Contains(m.Text, "\x00") && !strings.Contains(string(data)+args, "\x00") {
				t.Fatalf("a render mark leaked into the output: %q", m.Text)
			}
		}
	}
}

func FuzzImportClaude(f *testing.F) {
	f.Add([]byte("---\ndescription: Fixes.\nargument-hint: [n]\n---\nFix $1 and $ARGUMENTS; !`git status`\n"), "12 {{ .x }} $2")
	f.Add([]byte("No front matter, $9 $0 $ $ARGUMENT"), "a b c")
	f.Add([]byte("---\ndescription: \"quoted\"\n---\n!`unclosed\n"), "")
	f.Add([]byte("---\n---\n"), "x")
	f.Fuzz(func(t *testing.T, data []byte, args string) {
		fuzzImport(t, prompts.FormatClaude, "cmd.md", data, args)
	})
}

func FuzzImportGemini(f *testing.F) {
	f.Add([]byte("description = \"Commit.\"\nprompt = \"\"\"\nFor {{args}}: !{git log {a}} @{STYLE.md} @{nope.md}\n\"\"\"\n"), "the {{args}} fix")
	f.Add([]byte("prompt = '@{unclosed !{ {{args'"), "x")
	f.Add([]byte("prompt = 3\n"), "")
	f.Add([]byte("[table]\nprompt = \"x\"\n"), "")
	f.Fuzz(func(t *testing.T, data []byte, args string) {
		fuzzImport(t, prompts.FormatGemini, "cmd.toml", data, args)
	})
}
