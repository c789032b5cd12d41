package tools

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/speedgrapher/speedgrapher/internal/mcptest"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func (f workspaceFiles) WriteFile(_ context.Context, path string, old, data []byte) error {
	return f.ws.WriteFile(path, old, data)
}

const (
	fixDraft = "# Notes\n\nWe went to the the shop in order to buy milk.\n\nThe cake was eaten.\n"
	// fixedDraft is fixDraft fixed by hand.
	fixedDraft = "# Notes\n\nWe went to the shop to buy milk.\n\nThe cake was eaten.\n"
)

// connectFix connects a client with opts to a server over a workspace
// holding post.md, and returns the session and the file's path on disk.
func connectFix(t *testing.T, opts *mcp.ClientOptions, version ...string) (*mcp.ClientSession, string) {
	t.Helper()
	files := newWorkspace(t, map[string]string{"post.md": fixDraft}).(workspaceFiles)
	s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	Register(s, files)
	var copts *mcp.ClientSessionOptions
	if len(version) > 0 {
		copts = &mcp.ClientSessionOptions{ProtocolVersion: version[0]}
	}
	cs, _ := mcptest.Connect(t, s, mcp.NewClient(&mcp.Implementation{Name: "client", Version: "v0"}, opts), copts)
	return cs, filepath.Join(files.ws.Roots()[0], "post.md")
}

func callFix(t *testing.T, cs *mcp.ClientSession, args map[string]any) (FixResult, *mcp.CallToolResult) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "fix", Arguments: args})
	if err != nil {
		t.Fatal(err)
	}
	var out FixResult
	if !res.IsError {
		b, _ := json.Marshal(res.StructuredContent)
		if err := json.Unmarshal(b, &out); err != nil {
			t.Fatal(err)
		}
	}
	return out, res
}

func fileIs(t *testing.T, path, want string) {
	t.Helper()
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("file holds %q, want %q", got, want)
	}
}

// answer is an elicitation handler that answers with action and content,
// and keeps the question it was asked.
func answer(action string, content map[string]any, asked *string) *mcp.ClientOptions {
	return &mcp.ClientOptions{ElicitationHandler: func(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
		*asked = req.Params.Message
		return &mcp.ElicitResult{Action: action, Content: content}, nil
	}}
}

// versions are the protocol versions clients speak: before 2026-07-28 the
// server sends the question itself; from it, the client asks and calls again.
var versions = []string{"2025-06-18", "2025-11-25", ""}

func TestFixToolElicitationAccept(t *testing.T) {
	for _, v := range versions {
		t.Run("version "+v, func(t *testing.T) { testElicitationAccept(t, v) })
	}
}

func testElicitationAccept(t *testing.T, version string) {
	var asked string
	cs, path := connectFix(t, answer("accept", map[string]any{"apply": true}, &asked), version)
	out, res := callFix(t, cs, map[string]any{"path": "post.md"})
	if res.IsError {
		t.Fatalf("isError: %v", res.Content[0].(*mcp.TextContent).Text)
	}
	if out.Status != "written" || out.Total != 2 || out.Fixes["wordy"] != 1 || out.Fixes["lexical-illusion"] != 1 || out.Remaining != 1 {
		t.Errorf("result %+v; want written, 2 fixes (wordy 1, lexical-illusion 1), 1 finding left (passive voice)", out)
	}
	fileIs(t, path, fixedDraft)
	if !strings.HasPrefix(asked, "Apply 2 fixes to post.md (") || !strings.Contains(asked, "-We went to the the shop in order to buy milk.\n+We went to the shop to buy milk.\n") {
		t.Errorf("question:\n%s", asked)
	}
	// Again: nothing left to fix, and nothing asked.
	asked = ""
	if out, _ := callFix(t, cs, map[string]any{"path": "post.md"}); out.Status != "nothing to fix" || asked != "" {
		t.Errorf("second call: %+v, asked %q", out, asked)
	}
	fileIs(t, path, fixedDraft)
}

func TestFixToolElicitationDecline(t *testing.T) {
	for _, tt := range []struct {
		action  string
		content map[string]any
	}{
		{"decline", nil},
		{"cancel", nil},
		{"accept", map[string]any{"apply": false}},
	} {
		for _, v := range versions {
			var asked string
			cs, path := connectFix(t, answer(tt.action, tt.content, &asked), v)
			// apply: true from the model does not replace the writer's answer.
			out, _ := callFix(t, cs, map[string]any{"path": "post.md", "apply": true})
			if out.Status != "declined" || asked == "" {
				t.Errorf("version %q, %s %v: status %q, asked %q; want declined after a question", v, tt.action, tt.content, out.Status, asked)
			}
			fileIs(t, path, fixDraft)
		}
	}
}

func TestFixToolWithoutElicitation(t *testing.T) {
	cs, path := connectFix(t, nil)
	out, res := callFix(t, cs, map[string]any{"path": "post.md"})
	if out.Status != "preview" || !strings.Contains(res.Content[0].(*mcp.TextContent).Text, `"apply": true`) {
		t.Errorf("without apply: %+v", out)
	}
	want := "--- a/post.md\n+++ b/post.md\n@@ -1,5 +1,5 @@\n # Notes\n \n-We went to the the shop in order to buy milk.\n+We went to the shop to buy milk.\n \n The cake was eaten.\n"
	if out.Diff != want {
		t.Errorf("diff:\n%s\nwant:\n%s", out.Diff, want)
	}
	fileIs(t, path, fixDraft)
	if out, _ := callFix(t, cs, map[string]any{"path": "post.md", "apply": false}); out.Status != "preview" {
		t.Errorf("apply false: %+v", out)
	}
	fileIs(t, path, fixDraft)
	if out, _ := callFix(t, cs, map[string]any{"path": "post.md", "apply": true}); out.Status != "written" {
		t.Errorf("apply true: %+v", out)
	}
	fileIs(t, path, fixedDraft)
}

// TestFixToolChangedOnDisk: the writer saves the file while the question is
// open; the fixes, computed on the old text, are not written.
func TestFixToolChangedOnDisk(t *testing.T) {
	var path string
	cs, path := connectFix(t, &mcp.ClientOptions{ElicitationHandler: func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
		os.WriteFile(path, []byte("Edited meanwhile in order to test.\n"), 0o644)
		return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"apply": true}}, nil
	}})
	_, res := callFix(t, cs, map[string]any{"path": "post.md"})
	if !res.IsError || !strings.Contains(res.Content[0].(*mcp.TextContent).Text, "changed on disk") {
		t.Errorf("result %+v, want an error saying the file changed", res.Content)
	}
	fileIs(t, path, "Edited meanwhile in order to test.\n")
}

func TestFixToolInput(t *testing.T) {
	cs, path := connectFix(t, nil)
	tools, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range tools.Tools {
		if tool.Name == "fix" {
			a := tool.Annotations
			if a == nil || a.ReadOnlyHint || a.DestructiveHint == nil || !*a.DestructiveHint || !a.IdempotentHint {
				t.Errorf("annotations %+v; want readOnly false, destructive, idempotent", a)
			}
		}
	}
	for _, tt := range []struct {
		args map[string]any
		want string
	}{
		{map[string]any{}, `give "path"`},
		{map[string]any{"path": "../x.md", "apply": true}, "outside the workspace"},
		{map[string]any{"path": "post.md", "rules": []string{"passive-voice"}}, `rule "passive-voice" has no fix`},
		{map[string]any{"path": "post.md", "apply": "yes"}, `"apply" must be true or false`},
		{map[string]any{"path": "post.md", "force": true}, `unknown field "force"`},
	} {
		_, res := callFix(t, cs, tt.args)
		if !res.IsError || !strings.Contains(res.Content[0].(*mcp.TextContent).Text, tt.want) {
			t.Errorf("%v: %v, want an error with %q", tt.args, res.Content, tt.want)
		}
	}
	// rules narrows the fixes: only the repeated word.
	out, _ := callFix(t, cs, map[string]any{"path": "post.md", "rules": []string{"lexical-illusion"}, "apply": true})
	if out.Status != "written" || out.Total != 1 {
		t.Errorf("rules [lexical-illusion]: %+v", out)
	}
	fileIs(t, path, "# Notes\n\nWe went to the shop in order to buy milk.\n\nThe cake was eaten.\n")
}
