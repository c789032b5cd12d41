package templates_test

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/speedgrapher/speedgrapher/internal/mcptest"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/rogpeppe/go-internal/txtar"

	"github.com/speedgrapher/speedgrapher/internal/server"
	"github.com/speedgrapher/speedgrapher/prompts"
	"github.com/speedgrapher/speedgrapher/templates"
)

var update = flag.Bool("update", false, "rewrite the want sections of ../testdata/templates/*.txtar")

// goldenDir holds one txtar archive per shipped template. Each case is a pair
// of sections: NAME.args, one key=value argument per line (a bare "key=" is
// sent as "", as clients send skipped arguments), and NAME.want, what
// prompts/get returns for them, as written by formatMessages.
const goldenDir = "../testdata/templates"

// sampleWorkspace is the workspace the golden files are rendered against.
const sampleWorkspace = "../testdata/workspace"

// TestGolden renders every shipped template through the real server, in
// memory, against the sample workspace, and compares with the golden files.
func TestGolden(t *testing.T) {
	t.Parallel()
	root := absRoot(t, sampleWorkspace)
	cs := connect(t, server.Options{Roots: []string{root}})
	lib := shippedLibrary(t)
	for _, tmpl := range lib.Templates() {
		t.Run(tmpl.Name, func(t *testing.T) {
			file := filepath.Join(goldenDir, strings.ReplaceAll(tmpl.Name, ":", "/")+".txtar")
			ar, err := txtar.ParseFile(file)
			if os.IsNotExist(err) && *update {
				ar = &txtar.Archive{
					Comment: []byte("Golden output of the " + tmpl.Name + " template; add cases, then run go test ./templates -update.\n"),
					Files:   []txtar.File{{Name: "default.args"}, {Name: "default.want"}},
				}
			} else if err != nil {
				t.Fatalf("%v; run go test ./templates -run TestGolden -update to create it, then add cases", err)
			}
			cases := parseCases(t, ar)
			checkCoverage(t, tmpl, cases)
			for _, c := range cases {
				got := strings.ReplaceAll(render(cs, tmpl.Name, c.args), root, "$WORK")
				got = strings.ReplaceAll(got, fileURI(root), "file://$WORK")
				if *update {
					ar.Files[c.want].Data = []byte(got)
					continue
				}
				if diff := cmp.Diff(string(ar.Files[c.want].Data), got); diff != "" {
					t.Errorf("%s %s (-want +got):\n%s", tmpl.Name, c.name, diff)
				}
			}
			if *update {
				if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// goldenCase is one NAME.args / NAME.want pair of an archive.
type goldenCase struct {
	name string
	args map[string]string
	want int // index of the want section in the archive
}

func parseCases(t *testing.T, ar *txtar.Archive) []goldenCase {
	t.Helper()
	var cases []goldenCase
	for i, f := range ar.Files {
		name, ok := strings.CutSuffix(f.Name, ".args")
		if !ok {
			if !strings.HasSuffix(f.Name, ".want") {
				t.Errorf("section %q: want NAME.args or NAME.want", f.Name)
			}
			continue
		}
		if i+1 >= len(ar.Files) || ar.Files[i+1].Name != name+".want" {
			t.Errorf("section %q is not followed by %q", f.Name, name+".want")
			continue
		}
		args := map[string]string{}
		for _, line := range strings.Split(strings.TrimRight(string(f.Data), "\n"), "\n") {
			if line == "" {
				continue
			}
			k, v, ok := strings.Cut(line, "=")
			if _, dup := args[k]; !ok || dup {
				t.Errorf("%s: line %q: want one key=value per argument", f.Name, line)
			}
			args[k] = v
		}
		cases = append(cases, goldenCase{name: name, args: args, want: i + 1})
	}
	if len(cases) == 0 {
		t.Errorf("no cases: add a NAME.args and a NAME.want section")
	}
	return cases
}

// checkCoverage asks each archive to exercise the template: every argument
// given at least once, a files argument both given and omitted, and every
// declared value that the body tests for, as in eq .focus "tone" (an omitted
// argument takes its default).
func checkCoverage(t *testing.T, tmpl *prompts.Template, cases []goldenCase) {
	t.Helper()
	source, err := fs.ReadFile(templates.FS, strings.TrimPrefix(tmpl.File, "templates/"))
	if err != nil {
		t.Fatal(err)
	}
	_, body, _ := bytes.Cut(bytes.TrimPrefix(source, []byte("---\n")), []byte("\n---\n"))
	for _, a := range tmpl.Arguments {
		given, omitted := false, false
		seen := map[string]bool{}
		for _, c := range cases {
			v := c.args[a.Name]
			if v == "" {
				omitted = true
				v = a.Default
			} else {
				given = true
			}
			seen[strings.ToLower(v)] = true
		}
		if !given {
			t.Errorf("no case gives argument %q", a.Name)
		}
		if a.Complete == "files" && !omitted {
			t.Errorf("no case omits argument %q (the draft in context)", a.Name)
		}
		for _, v := range a.Values {
			if bytes.Contains(body, []byte(`"`+v+`"`)) && !seen[strings.ToLower(v)] {
				t.Errorf("no case renders %s=%s", a.Name, v)
			}
		}
	}
}

// render gets a prompt and formats it, or the error, as a golden text.
func render(cs *mcp.ClientSession, name string, args map[string]string) string {
	res, err := cs.GetPrompt(context.Background(), &mcp.GetPromptParams{Name: name, Arguments: args})
	if err != nil {
		var rpcErr *jsonrpc.Error
		if errors.As(err, &rpcErr) {
			return fmt.Sprintf("error %d: %s\n", rpcErr.Code, rpcErr.Message)
		}
		return "error: " + err.Error() + "\n"
	}
	return formatMessages(res.Messages)
}

// formatMessages writes each message after a marker line naming its role,
// as `speedgrapher prompt` does; an embedded resource's marker also names
// its URI and MIME type.
func formatMessages(msgs []*mcp.PromptMessage) string {
	var b strings.Builder
	for _, m := range msgs {
		switch c := m.Content.(type) {
		case *mcp.TextContent:
			fmt.Fprintf(&b, "<!-- %s -->\n%s\n", m.Role, c.Text)
		case *mcp.EmbeddedResource:
			r := c.Resource
			fmt.Fprintf(&b, "<!-- %s: resource %s (%s) -->\n%s\n", m.Role, r.URI, r.MIMEType, strings.TrimRight(r.Text, "\n"))
		default:
			fmt.Fprintf(&b, "<!-- %s: unexpected content %T -->\n", m.Role, c)
		}
	}
	return b.String()
}

// connect starts the real server with opts and returns a client session.
func connect(t *testing.T, opts server.Options) *mcp.ClientSession {
	t.Helper()
	opts.Logger = slog.New(slog.DiscardHandler)
	srv, err := server.NewServer(opts)
	if err != nil {
		t.Fatal(err)
	}
	cs, _ := mcptest.Connect(t, srv, nil, nil)
	return cs
}

// absRoot returns dir as the server sees it: absolute, symlinks resolved.
func absRoot(t *testing.T, dir string) string {
	t.Helper()
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	abs, err = filepath.EvalSymlinks(abs)
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

func fileURI(abs string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String()
}

func shippedLibrary(t *testing.T) *prompts.Library {
	t.Helper()
	lib, diags := prompts.Load(prompts.Source{FS: templates.FS, Label: "templates"})
	for _, d := range diags {
		t.Errorf("loading shipped templates: %s", d)
	}
	if len(lib.Templates()) == 0 {
		t.Fatal("no shipped templates")
	}
	return lib
}

// names returns the sorted names of the templates.
func names(ts []*prompts.Template) []string {
	var out []string
	for _, t := range ts {
		out = append(out, t.Name)
	}
	slices.Sort(out)
	return out
}
