package prompts

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
)

// hostile holds, for each format, files a cloned repository could bring
// that the YAML or TOML parser would spend minutes and gigabytes on, next to
// a good file that must still load.
var hostile = map[Format]fstest.MapFS{
	FormatTemplate: {
		// 80 KB of front matter nesting flow sequences 40,000 deep.
		"flow.md": {Data: []byte("---\ndescription: x\na: " + strings.Repeat("[", 40000) + strings.Repeat("]", 40000) + "\n---\nHi\n")},
		// 80 KB of block sequences nested 40,000 deep on one line.
		"block.md": {Data: []byte("---\ndescription: x\na:\n" + strings.Repeat("- ", 40000) + "x\n---\nHi\n")},
		// Small enough, but 65 flow sequences deep.
		"brackets.md": {Data: []byte("---\ndescription: x\nvalues: " + strings.Repeat("[", 65) + strings.Repeat("]", 65) + "\n---\nHi\n")},
		// Small enough, but 40 block sequences deep: text at column 81.
		"dashes.md": {Data: []byte("---\ndescription: x\na:\n" + strings.Repeat("- ", 40) + "x\n---\nHi\n")},
		// Block mappings indented 65 spaces deep.
		"indent.md": {Data: []byte("---\ndescription: x\na:\n" + strings.Repeat(" ", 65) + "b: c\n---\nHi\n")},
		// 65 messages: the 64th marker, on line 131, starts the 65th.
		"messages.md": {Data: []byte("---\ndescription: x\n---\n" + strings.Repeat("x\n<!-- user -->\n", 65))},
		// 1,001 nested ifs: 1,000 on line 5, an else if on line 6.
		"ifs.md": {Data: []byte("---\ndescription: x\n---\nHi\n" + strings.Repeat("{{ if true }}", 1000) + "\n{{- else if true }}" + strings.Repeat("{{ end }}", 1001) + "\n")},
		// A partial too.
		"_deep.md": {Data: []byte("\n" + strings.Repeat("{{with .}}", 1001) + strings.Repeat("{{end}}", 1001))},
		"good.md":  {Data: []byte("---\ndescription: Still loads.\narguments:\n  - name: tone\n    description: Tone, such as [formal] or {casual}.\n    values: [formal, casual]\n---\n{{ .tone }}\n")},
	},
	FormatGemini: {
		"deep.toml":  {Data: []byte("description = \"x\"\nprompt = \"p\"\na = " + strings.Repeat("[", 40000) + strings.Repeat("]", 40000) + "\n")},
		"table.toml": {Data: []byte("prompt = \"p\"\na = " + strings.Repeat("{b = ", 33) + "1" + strings.Repeat("}", 33) + "\n")},
		"keys.toml":  {Data: []byte("prompt = \"p\"\n" + strings.Repeat("k = 1\n", 100))},
		// Brackets, braces and "=" inside strings and comments are text.
		"good.toml": {Data: []byte("# [[[[ = = =\ndescription = 'Still [[[[ loads'\nprompt = \"\"\"\n" + strings.Repeat("[{ a = b ", 200) + "\n\"\"\"\n")},
	},
}

// TestHostileShapes loads files whose front matter or TOML would take the
// parsers minutes and gigabytes: each is refused with the limit it hit and
// its line, and the good file beside them loads. The lines and byte counts
// are counted by hand from the files above.
func TestHostileShapes(t *testing.T) {
	t.Parallel()
	want := map[Format][]string{
		FormatTemplate: {
			// Partials load first.
			"_deep.md:2: partial: more than 1000 if, range, with, define and block actions; split the template into partials",
			"block.md:1: front matter is 80020 bytes, over the limit of 16384; keep it to the name, title, description and arguments, and put long text in the body",
			"brackets.md:3: front matter holds more than 64 \"[\" and \"{\"; nesting that deep is not needed, write lists one item a line",
			"dashes.md:4: front matter nests too deep: text starts at column 81, over the limit of 64; indent less",
			"flow.md:1: front matter is 80019 bytes, over the limit of 16384; keep it to the name, title, description and arguments, and put long text in the body",
			"ifs.md:6: more than 1000 if, range, with, define and block actions; split the template into partials",
			"indent.md:4: front matter nests too deep: text starts at column 66, over the limit of 64; indent less",
			"messages.md:131: more than 64 messages; merge some turns",
		},
		FormatGemini: {
			"deep.toml:3: TOML: arrays and tables nest more than 32 deep; a Gemini CLI command needs only description and prompt",
			"keys.toml:101: TOML: more than 100 keys and tables; a Gemini CLI command needs only description and prompt",
			"table.toml:2: TOML: arrays and tables nest more than 32 deep; a Gemini CLI command needs only description and prompt",
		},
	}
	for format, fsys := range hostile {
		lib, diags := Load(Source{FS: fsys, Format: format})
		var got []string
		for _, d := range diags {
			got = append(got, d.String())
		}
		if diff := cmp.Diff(want[format], got); diff != "" {
			t.Errorf("format %d diagnostics (-want +got):\n%s", format, diff)
		}
		if _, ok := lib.Lookup("good"); !ok || len(lib.Templates()) != 1 {
			t.Errorf("format %d: loaded %d templates, want only good", format, len(lib.Templates()))
		}
	}
}

// TestFrontMatterWithinLimits: what real templates write stays clear of the
// pre-scan: a literal block description indented deeper than the keys,
// brackets in quoted text, the 64th bracket.
func TestFrontMatterWithinLimits(t *testing.T) {
	t.Parallel()
	src := "---\ndescription: |\n  A description\n      with an indented example: [a] {b}\n" +
		"arguments:\n  - name: level\n    description: \"" + strings.Repeat("[", 60) + "\"\n    values: [low, high]\n---\n{{ .level }}\n"
	if tmpl, diags := parseTemplate("ok.md", "ok", []byte(src), nil); tmpl == nil {
		t.Fatalf("parseTemplate: %v", diags)
	}
}

// BenchmarkRefuseHostile loads the hostile files of both formats; before
// the pre-scan, the YAML ones took minutes and gigabytes.
func BenchmarkRefuseHostile(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		for format, fsys := range hostile {
			Load(Source{FS: fsys, Format: format})
		}
	}
}

// TestShellWarningsBounded: a command file full of shell commands gets ten
// warnings with their lines and one that counts the rest, and unclosed
// "@{" are text, with the one closed brace still a file.
func TestShellWarningsBounded(t *testing.T) {
	t.Parallel()
	claude := fstest.MapFS{"sh.md": {Data: []byte(strings.Repeat("!`x`\n", 12))}}
	_, diags := Load(Source{FS: claude, Format: FormatClaude})
	if len(diags) != 11 || diags[9].Line != 10 || diags[10].String() != "sh.md: warning: 2 more shell commands are not run either; they stay in the prompt as text" {
		t.Errorf("diagnostics: %v", diags)
	}
	gemini := fstest.MapFS{"at.toml": {Data: []byte("prompt = '" + strings.Repeat("@{", 1000) + " @{f.md}'\n")}}
	lib, diags := Load(Source{FS: gemini, Format: FormatGemini})
	tmpl, ok := lib.Lookup("at")
	if !ok || len(diags) != 0 {
		t.Fatalf("load: %v", diags)
	}
	msgs, err := tmpl.Render(nil, fakeEnv(map[string]string{"f.md": "F"}))
	if err != nil || len(msgs) != 2 || msgs[0].Text != strings.Repeat("@{", 1000) || msgs[1].Resource == nil {
		t.Errorf("Render = %+v, %v; want the unclosed text, then f.md", msgs, err)
	}
}

// TestDiagnosticsBounded: a file with a problem on every line gets the
// first MaxDiagnostics of them and a count of the rest.
func TestDiagnosticsBounded(t *testing.T) {
	t.Parallel()
	var src strings.Builder
	src.WriteString("---\ndescription: x\n---\n")
	for i := range 60 {
		fmt.Fprintf(&src, "{{ .f%d }}\n", i) // lines 4 to 63
	}
	tmpl, diags := parseTemplate("f.md", "f", []byte(src.String()), nil)
	if tmpl != nil || len(diags) != 51 {
		t.Fatalf("parseTemplate: template %v, %d diagnostics", tmpl != nil, len(diags))
	}
	if got, want := diags[49].String(), "f.md:53: .f49 is not an argument of this template; declare it under arguments (the template declares none)"; got != want {
		t.Errorf("diagnostic 50 = %q, want %q", got, want)
	}
	if got, want := diags[50].String(), "f.md: 10 more problems not shown; fix these first"; got != want {
		t.Errorf("last diagnostic = %q, want %q", got, want)
	}
}
