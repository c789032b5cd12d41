package server

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/speedgrapher/speedgrapher/internal/mcptest"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// protocolVersions are the versions clients speak today; "" is the SDK's own default.
var protocolVersions = []string{"2025-06-18", "2025-11-25", ""}

// connect starts a server with opts and returns a client session to it.
func connect(t *testing.T, version string, opts Options) *mcp.ClientSession {
	t.Helper()
	opts.Logger = quiet
	srv, err := NewServer(opts)
	if err != nil {
		t.Fatal(err)
	}
	cs, _ := mcptest.Connect(t, srv, nil, &mcp.ClientSessionOptions{ProtocolVersion: version})
	if version != "" {
		if got := cs.InitializeResult().ProtocolVersion; got != version {
			t.Fatalf("negotiated protocol %q, want %q", got, version)
		}
	}
	return cs
}

// workspaceDir makes a workspace with a draft, a file outside it, and a
// directory of extra templates.
func workspaceDir(t *testing.T) (root, promptDir string) {
	t.Helper()
	base := t.TempDir()
	root = filepath.Join(base, "blog")
	promptDir = filepath.Join(base, "extra")
	files := map[string]string{
		"blog/drafts/post.md":    "# Hello\n\nA draft about Go.\n",
		"blog/notes.md":          "notes\n",
		"secret.md":              "outside the workspace\n",
		"extra/standup.md":       "---\ndescription: Writes a stand-up update.\narguments:\n  - name: mood\n    description: How the week went.\n    values: [good, bad]\n---\nWrite a stand-up update; the week was {{ .mood }}.\n",
		"extra/haiku.md":         "---\ndescription: An overridden haiku.\n---\nOverridden.\n",
		"extra/two-turns.md":     "---\ndescription: Two turns.\n---\nFirst.\n<!-- assistant -->\nSecond.\n",
		"extra/draft-aware.md":   "---\ndescription: Embeds a draft.\narguments:\n  - name: path\n    description: The draft.\n    complete: files\n---\nBefore.\n{{ draft .path }}\nAfter.\n",
		"extra/_partial.md":      "not a command\n",
		"extra/git/commit.md":    "---\ndescription: A namespaced command.\n---\nCommit.\n",
		"extra/broken.md":        "---\ndescription: Uses an undeclared argument.\n---\n{{ .nope }}\n",
		"extra/README.md":        "not a command either\n",
		"blog/sub/deeper/x.md":   "x\n",
		"blog/.hidden/secret.md": "hidden\n",
	}
	for name, text := range files {
		p := filepath.Join(base, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root, promptDir
}

// The fifteen commands of the prompt-library issue.
var shippedCommands = []string{
	"context", "expand", "haiku", "interview", "localize", "outline", "proofread", "publish",
	"readability", "reflect", "review", "seo", "summarize", "title", "voice",
}

func TestPromptsAcrossProtocolVersions(t *testing.T) {
	root, extra := workspaceDir(t)
	for _, v := range protocolVersions {
		t.Run("protocol "+v, func(t *testing.T) {
			cs := connect(t, v, Options{Roots: []string{root}, PromptDirs: []string{extra}})
			ctx := context.Background()

			list, err := cs.ListPrompts(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, p := range list.Prompts {
				names = append(names, p.Name)
				if p.Description == "" {
					t.Errorf("prompt %q has no description", p.Name)
				}
				for _, a := range p.Arguments {
					if a.Description == "" {
						t.Errorf("argument %q of %q has no description", a.Name, p.Name)
					}
				}
			}
			want := append(slices.Clone(shippedCommands), "draft-aware", "git:commit", "standup", "two-turns")
			slices.Sort(want)
			if diff := cmp.Diff(want, names); diff != "" {
				t.Errorf("prompts/list names (-want +got):\n%s", diff)
			}

			got := renderText(t, cs, "standup", map[string]string{"mood": "good"})
			if diff := cmp.Diff([]string{"user: Write a stand-up update; the week was good."}, got); diff != "" {
				t.Errorf("standup (-want +got):\n%s", diff)
			}
			got = renderText(t, cs, "haiku", nil)
			if diff := cmp.Diff([]string{"user: Overridden."}, got); diff != "" {
				t.Errorf("a --prompts template must override the shipped one by name (-want +got):\n%s", diff)
			}
			got = renderText(t, cs, "two-turns", nil)
			if diff := cmp.Diff([]string{"user: First.", "assistant: Second."}, got); diff != "" {
				t.Errorf("two-turns (-want +got):\n%s", diff)
			}
		})
	}
}

// renderText gets a prompt and reduces its messages to "role: text", with
// "role: resource URI" for embedded resources.
func renderText(t *testing.T, cs *mcp.ClientSession, name string, args map[string]string) []string {
	t.Helper()
	res, err := cs.GetPrompt(context.Background(), &mcp.GetPromptParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("prompts/get %s: %v", name, err)
	}
	var out []string
	for _, m := range res.Messages {
		switch c := m.Content.(type) {
		case *mcp.TextContent:
			out = append(out, string(m.Role)+": "+c.Text)
		case *mcp.EmbeddedResource:
			out = append(out, string(m.Role)+": resource "+c.Resource.URI+" "+c.Resource.MIMEType+" "+c.Resource.Text)
		}
	}
	return out
}

func TestPromptArgumentErrors(t *testing.T) {
	root, extra := workspaceDir(t)
	cs := connect(t, "", Options{Roots: []string{root}, PromptDirs: []string{extra}})
	tests := []struct {
		name   string
		prompt string
		args   map[string]string
		want   []string // substrings of the error message
	}{
		{"missing required", "localize", nil, []string{`"target_language"`, "The language to translate into"}},
		{"required sent empty", "localize", map[string]string{"target_language": ""}, []string{`"target_language"`}},
		{"unknown argument", "standup", map[string]string{"moood": "good"}, []string{`"moood"`, "mood"}},
		{"value outside the set", "standup", map[string]string{"mood": "meh"}, []string{`"meh"`, "good", "bad"}},
		{"path outside the workspace", "draft-aware", map[string]string{"path": "../secret.md"}, []string{"outside the workspace"}},
		{"missing draft", "draft-aware", map[string]string{"path": "drafts/nope.md"}, []string{"nope.md"}},
		{"unknown prompt", "no-such-prompt", nil, []string{`"no-such-prompt"`}},
		{"broken template is not served", "broken", nil, []string{`"broken"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := cs.GetPrompt(context.Background(), &mcp.GetPromptParams{Name: tt.prompt, Arguments: tt.args})
			var wire *jsonrpc.Error
			if !errorsAs(err, &wire) || wire.Code != jsonrpc.CodeInvalidParams {
				t.Fatalf("prompts/get %s %v: got %v, want a -32602 error", tt.prompt, tt.args, err)
			}
			for _, w := range tt.want {
				if !strings.Contains(wire.Message, w) {
					t.Errorf("message %q does not mention %s", wire.Message, w)
				}
			}
			if strings.Contains(wire.Message, "outside the workspace\n") {
				t.Errorf("message leaks the file: %q", wire.Message)
			}
		})
	}
	// The session goes on after every error.
	if got := renderText(t, cs, "standup", map[string]string{"mood": "bad"}); len(got) != 1 {
		t.Errorf("after the errors, standup rendered %d messages, want 1", len(got))
	}
}

func TestPromptEmbedsDraft(t *testing.T) {
	root, extra := workspaceDir(t)
	cs := connect(t, "2025-06-18", Options{Roots: []string{root}, PromptDirs: []string{extra}})
	got := renderText(t, cs, "draft-aware", map[string]string{"path": "drafts/post.md"})
	uri := "file://" + filepath.ToSlash(filepath.Join(root, "drafts", "post.md"))
	want := []string{
		"user: Before.",
		"user: resource " + uri + " text/markdown # Hello\n\nA draft about Go.\n",
		"user: After.",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("draft-aware (-want +got):\n%s", diff)
	}
	// An optional argument sent as "" counts as absent: the shipped review
	// then works on the draft in context and applies its default focus.
	got = renderText(t, cs, "review", map[string]string{"path": "", "focus": ""})
	if len(got) != 1 || !strings.Contains(got[0], "**clarity**") || strings.Contains(got[0], "resource") {
		t.Errorf("review with empty arguments: got %q, want one text message focused on clarity", got)
	}
}

func TestCompletion(t *testing.T) {
	root, extra := workspaceDir(t)
	for _, v := range protocolVersions {
		t.Run("protocol "+v, func(t *testing.T) {
			cs := connect(t, v, Options{Roots: []string{root}, PromptDirs: []string{extra}})
			tests := []struct {
				prompt, arg, value string
				want               []string
			}{
				{"review", "focus", "C", []string{"clarity"}},
				{"review", "focus", "", []string{"structure", "clarity", "tone", "accuracy"}},
				{"summarize", "length", "p", []string{"paragraph", "post"}},
				{"review", "path", "dr", []string{"drafts/post.md"}},
				{"review", "path", "", []string{"drafts/post.md", "notes.md", "sub/deeper/x.md"}},
				{"localize", "target_language", "pt-BR", []string{"Portuguese (Brazil)"}},
				{"review", "no-such-argument", "", []string{}},
				{"no-such-prompt", "path", "", []string{}},
			}
			for _, tt := range tests {
				res, err := cs.Complete(context.Background(), &mcp.CompleteParams{
					Ref:      &mcp.CompleteReference{Type: "ref/prompt", Name: tt.prompt},
					Argument: mcp.CompleteParamsArgument{Name: tt.arg, Value: tt.value},
				})
				if err != nil {
					t.Errorf("complete %s.%s %q: %v", tt.prompt, tt.arg, tt.value, err)
					continue
				}
				if diff := cmp.Diff(tt.want, res.Completion.Values); diff != "" {
					t.Errorf("complete %s.%s %q (-want +got):\n%s", tt.prompt, tt.arg, tt.value, diff)
				}
			}
		})
	}
}

func errorsAs(err error, target **jsonrpc.Error) bool { return errors.As(err, target) }

func TestResources(t *testing.T) {
	root, extra := workspaceDir(t)
	cs := connect(t, "2025-11-25", Options{Roots: []string{root}, PromptDirs: []string{extra}})
	ctx := context.Background()
	read := func(uri string) (string, error) {
		res, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: uri})
		if err != nil {
			return "", err
		}
		return res.Contents[0].Text, nil
	}
	got, err := read("speedgrapher://prompts/standup")
	if err != nil || !strings.Contains(got, "description: Writes a stand-up update.") {
		t.Errorf("prompt source: got %q, %v; want the template file", got, err)
	}
	shipped, err := os.ReadFile("../../templates/guidelines/editorial.md")
	if err != nil {
		t.Fatal(err)
	}
	if got, err := read("speedgrapher://guidelines/editorial"); err != nil || got != string(shipped) {
		t.Errorf("editorial guideline without EDITORIAL.md: got %d bytes (%v), want the shipped %d bytes", len(got), err, len(shipped))
	}
	// A workspace EDITORIAL.md replaces the default, read at each request.
	if err := os.WriteFile(filepath.Join(root, "EDITORIAL.md"), []byte("House rule: write in British English.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, err := read("speedgrapher://guidelines/editorial"); err != nil || got != "House rule: write in British English.\n" {
		t.Errorf("editorial guideline with EDITORIAL.md: got %q, %v", got, err)
	}
	review := strings.Join(renderText(t, cs, "review", nil), "\n")
	defer func() {
		// An empty EDITORIAL.md (say, made by a shell redirection) counts as absent.
		if err := os.WriteFile(filepath.Join(root, "EDITORIAL.md"), nil, 0o644); err != nil {
			t.Fatal(err)
		}
		if got, err := read("speedgrapher://guidelines/editorial"); err != nil || got != string(shipped) {
			t.Errorf("editorial guideline with an empty EDITORIAL.md: got %d bytes (%v), want the shipped %d", len(got), err, len(shipped))
		}
	}()
	if !strings.Contains(review, "House rule: write in British English.") {
		t.Errorf("review does not carry the workspace EDITORIAL.md:\n%s", review)
	}
	if _, err := read("speedgrapher://prompts/no-such"); err == nil {
		t.Errorf("reading an unknown prompt source: want an error")
	}
	list, err := cs.ListResources(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var uris []string
	for _, r := range list.Resources {
		uris = append(uris, r.URI)
	}
	for _, want := range []string{"speedgrapher://guidelines/editorial", "speedgrapher://guidelines/localization", "speedgrapher://prompts/review", "speedgrapher://prompts/git:commit"} {
		if !slices.Contains(uris, want) {
			t.Errorf("resources/list lacks %s", want)
		}
	}
}

// With no --root, the tools and the prompts read from a trusted client's roots.
func TestClientRootsReachToolsAndPrompts(t *testing.T) {
	d := dirs(t, "client")
	if err := os.WriteFile(filepath.Join(d["client"], "post.md"), []byte("One two three. Four five.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	srv, err := NewServer(Options{Logger: quiet, TrustClientRoots: true})
	if err != nil {
		t.Fatal(err)
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "editor", Version: "0"}, nil)
	client.AddRoots(&mcp.Root{URI: dirURI(d["client"])})
	cs, _ := connectClient(t, srv, client)
	ctx := context.Background()

	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "readability", Arguments: map[string]any{"path": "post.md"}})
	if err != nil || res.IsError {
		t.Fatalf("readability of the client's post.md: %v %v", err, textOf(res))
	}
	if got := res.StructuredContent.(map[string]any)["words"]; got != 5.0 {
		t.Errorf("words = %v, want 5 (hand count)", got)
	}
	got := renderText(t, cs, "review", map[string]string{"path": "post.md"})
	want := "user: resource " + dirURI(filepath.Join(d["client"], "post.md")) + " text/markdown One two three. Four five.\n"
	if !slices.Contains(got, want) {
		t.Errorf("review path=post.md does not embed the client's file; got %q", got)
	}
}

func textOf(res *mcp.CallToolResult) string {
	if res == nil || len(res.Content) == 0 {
		return ""
	}
	if t, ok := res.Content[0].(*mcp.TextContent); ok {
		return t.Text
	}
	return ""
}
