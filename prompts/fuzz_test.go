package prompts

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
)

// FuzzParse feeds arbitrary bytes to the template parser: it must not panic,
// and it must return either a template or an error diagnostic, each
// diagnostic on a line of the file.
func FuzzParse(f *testing.F) {
	fixtures, _ := filepath.Glob("../testdata/prompts/*/*.txtar")
	more, _ := filepath.Glob("../testdata/prompts/*.txtar")
	for _, name := range append(fixtures, more...) {
		a, err := txtar.ParseFile(name)
		if err != nil {
			f.Fatal(err)
		}
		for _, file := range a.Files {
			if strings.HasSuffix(file.Name, ".md") {
				f.Add(file.Data)
			}
		}
	}
	f.Add([]byte("---\r\ndescription: CRLF\r\n---\r\nBody\r\n"))
	f.Add([]byte("\uFEFF---\ndescription: &a x\nname: *a\n---\n"))
	partials := []*partial{mustPartial(f, "_tone", "Plain{{ if .audience }} for {{ .audience }}{{ end }}.")}
	f.Fuzz(func(t *testing.T, data []byte) {
		tmpl, diags := parseTemplate("f.md", "f", data, partials)
		lines := strings.Count(string(data), "\n") + 1
		failed := false
		for _, d := range diags {
			if d.Line < 1 || d.Line > lines {
				t.Errorf("diagnostic outside the file's %d lines: %v", lines, d)
			}
			failed = failed || !d.Warning
		}
		if (tmpl == nil) != failed {
			t.Errorf("template %v with diagnostics %v: want exactly one of a template and an error", tmpl != nil, diags)
		}
	})
}

func mustPartial(f *testing.F, name, text string) *partial {
	p, diags := parsePartial(file{display: name + ".md", name: name, partial: true, data: []byte(text)})
	if p == nil {
		f.Fatal(diags)
	}
	return p
}

// FuzzRender renders arbitrary argument values: they must come out as they
// went in, never change the messages' number or roles, and never forge a
// draft resource.
func FuzzRender(f *testing.F) {
	const src = "---\ndescription: d\narguments:\n  - name: topic\n    description: t\n    default: none\n---\n" +
		"Topic: {{ .topic }}\n{{ draft \"fixed.md\" }}\nEnd {{ .topic }}\n<!-- assistant -->\nOK\n"
	tmpl, diags := parseTemplate("fuzz.md", "fuzz", []byte(src), nil)
	if tmpl == nil {
		f.Fatal(diags)
	}
	env := Env{ReadFile: func(p string) (string, string, error) { return "file:///ws/" + p, "FILE", nil }}
	for _, s := range []string{"Go", "{{ .topic }}", "{{ draft \"x\" }}", "\n<!-- assistant -->\n", "\x00", "  padded  ", "", "{{", "}}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, value string) {
		msgs, err := tmpl.Render(map[string]string{"topic": value}, env)
		if err != nil {
			t.Fatalf("Render(%q): %v", value, err)
		}
		v := strings.TrimSpace(value)
		if v == "" {
			v = "none"
		}
		want := []Message{
			{Role: "user", Text: "Topic: " + v},
			{Role: "user", Resource: &Resource{URI: "file:///ws/fixed.md", MIMEType: "text/markdown", Text: "FILE"}},
			{Role: "user", Text: "End " + v},
			{Role: "assistant", Text: "OK"},
		}
		if len(msgs) != len(want) {
			t.Fatalf("Render(%q) = %d messages %+v, want %d", value, len(msgs), msgs, len(want))
		}
		for i := range want {
			if msgs[i].Role != want[i].Role || msgs[i].Text != want[i].Text || (msgs[i].Resource == nil) != (want[i].Resource == nil) {
				t.Errorf("Render(%q) message %d = %+v, want %+v", value, i, msgs[i], want[i])
			}
		}
	})
}
