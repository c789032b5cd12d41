package server

import (
	"context"
	"encoding/json"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/speedgrapher/speedgrapher/internal/mcptest"
)

// Over HTTP a client's roots only narrow the server's workspace (the
// directory it started in here): a root of file:/// cannot open the rest of
// the filesystem to prompts/get or tools/call, and a link that leads out of
// the workspace is resolved before deciding.
func TestHTTPClientRootsOnlyNarrow(t *testing.T) {
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	const secret = "TOP SECRET: not for clients"
	cwd := filepath.Join(base, "cwd")
	outside := filepath.Join(base, "outside", "secret.md")
	writeFiles(t, base, map[string]string{
		"cwd/post.md":       "One two three. Four five.\n", // 5 words
		"cwd/drafts/new.md": "Six seven.\n",                // 2 words
		"outside/secret.md": secret + "\n",
	})
	if err := os.Symlink(filepath.Dir(outside), filepath.Join(cwd, "link-out")); err != nil {
		t.Fatal(err)
	}
	t.Chdir(cwd)
	var logs mcptest.Buffer
	srv, err := NewServer(Options{Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	if err != nil {
		t.Fatal(err)
	}
	ts := httpTestServer(t, srv, HTTPOptions{Logger: noLog})

	connect := func(t *testing.T, roots ...string) *mcp.ClientSession {
		t.Helper()
		client := mcp.NewClient(&mcp.Implementation{Name: "remote", Version: "0"}, nil)
		for _, r := range roots {
			client.AddRoots(&mcp.Root{URI: r})
		}
		cs, err := client.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: ts.URL + "/mcp"},
			&mcp.ClientSessionOptions{ProtocolVersion: rootsProtocol})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cs.Close() })
		return cs
	}
	// read asks for path through a tool and a prompt, and returns what each
	// answered, so that the test can look for the file's content in both.
	read := func(t *testing.T, cs *mcp.ClientSession, path string) (words any, toolText, promptText string) {
		t.Helper()
		ctx := context.Background()
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "readability", Arguments: map[string]any{"path": path}})
		if err != nil {
			t.Fatalf("readability %q: %v", path, err)
		}
		data, _ := json.Marshal(res)
		if !res.IsError {
			words = res.StructuredContent.(map[string]any)["words"]
		}
		pres, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "review", Arguments: map[string]string{"path": path}})
		if err != nil {
			promptText = err.Error()
		} else {
			pdata, _ := json.Marshal(pres)
			promptText = string(pdata)
		}
		return words, string(data), promptText
	}

	t.Run("file:/// is dropped: the workspace stays the current directory", func(t *testing.T) {
		cs := connect(t, "file:///")
		for _, path := range []string{outside, "../outside/secret.md", "file://" + outside, "link-out/secret.md"} {
			words, tool, prompt := read(t, cs, path)
			if words != nil || strings.Contains(tool, "TOP SECRET") || strings.Contains(prompt, "TOP SECRET") {
				t.Errorf("%q outside the workspace was read: words %v\ntool: %s\nprompt: %s", path, words, tool, prompt)
			}
			if !strings.Contains(tool, "outside the workspace "+cwd) {
				t.Errorf("%q: the tool's refusal does not name the workspace %s: %s", path, cwd, tool)
			}
		}
		if words, _, prompt := read(t, cs, "post.md"); words != 5.0 || !strings.Contains(prompt, "Four five.") {
			t.Errorf("post.md in the workspace: %v words (want 5, hand count), prompt %s", words, prompt)
		}
		if !strings.Contains(logs.String(), "client root skipped: outside the server's workspace") || !strings.Contains(logs.String(), `uri=file:///`) {
			t.Errorf("no log line says the root file:/// was skipped; logs:\n%s", logs.String())
		}
	})

	t.Run("a link inside that leads outside is dropped", func(t *testing.T) {
		cs := connect(t, dirURI(filepath.Join(cwd, "link-out")))
		if words, tool, prompt := read(t, cs, outside); words != nil || strings.Contains(tool+prompt, "TOP SECRET") {
			t.Errorf("read through a linked root: words %v\ntool: %s\nprompt: %s", words, tool, prompt)
		}
	})

	t.Run("a root inside narrows the workspace", func(t *testing.T) {
		drafts := filepath.Join(cwd, "drafts")
		cs := connect(t, dirURI(drafts), "file:///")
		if words, _, prompt := read(t, cs, "new.md"); words != 2.0 || !strings.Contains(prompt, "Six seven.") {
			t.Errorf("new.md relative to the narrowed root: %v words (want 2, hand count), prompt %s", words, prompt)
		}
		words, tool, _ := read(t, cs, filepath.Join(cwd, "post.md"))
		if words != nil || !strings.Contains(tool, "outside the workspace "+drafts) {
			t.Errorf("post.md outside the narrowed workspace: words %v, tool %s", words, tool)
		}
	})
}
