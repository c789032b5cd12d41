//go:build unix

package server

import (
	"context"
	"crypto/rand"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/speedgrapher/speedgrapher/internal/workspace"
)

// secret is the content of a file next to the workspace; no answer may
// contain it.
const secret = "TOP-SECRET-7f3a"

// escapeFixture lays out a workspace with every trap, a secret file beside
// it, and a template that embeds a draft.
func escapeFixture(t *testing.T) (root, promptDir, outside string) {
	t.Helper()
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	root = filepath.Join(base, "blog")
	promptDir = filepath.Join(base, "prompts")
	outside = filepath.Join(base, "secret.md")
	writeFiles(t, base, map[string]string{
		"secret.md":      secret + "\n",
		"blog/post.md":   "# Title\n\nThe cat sat on the mat.\n", // 6 words, 1 sentence
		"blog/drafts/.k": "",
		"prompts/embed.md": "---\ndescription: Embeds a draft.\narguments:\n  - name: path\n    description: The draft.\n    required: true\n---\n" +
			"Review this draft.\n{{ draft .path }}\n",
	})
	if err := os.Symlink("/etc/passwd", filepath.Join(root, "passwd.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(root, "linked-secret.md")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(root, "fifo.md"), 0o644); err != nil {
		t.Fatal(err)
	}
	random := make([]byte, 3<<20)
	rand.Read(random)
	if err := os.WriteFile(filepath.Join(root, "random.md"), random, 0o644); err != nil {
		t.Fatal(err)
	}
	// A sparse file over the 16 MiB limit costs no disk.
	big, err := os.Create(filepath.Join(root, "big.md"))
	if err != nil {
		t.Fatal(err)
	}
	if err := big.Truncate(workspace.MaxFileSize + 1); err != nil {
		t.Fatal(err)
	}
	big.Close()
	return root, promptDir, outside
}

// TestEscapesRefused tries every way out of the workspace through an MCP
// session, with prompts/get on a template that embeds a draft and with the
// readability tool, in memory and over HTTP. Each attempt is refused with a
// message a writer understands, nothing of the secret or of /etc/passwd
// leaks, and the same session then still works.
func TestEscapesRefused(t *testing.T) {
	root, promptDir, outside := escapeFixture(t)
	passwd, _ := os.ReadFile("/etc/passwd")
	firstPasswdLine, _, _ := strings.Cut(string(passwd), "\n")

	tests := []struct {
		name, path string
		want       string // in the refusal
	}{
		{"parent directory", "../secret.md", "is outside the workspace"},
		{"parent of a missing name", "../x", "is outside the workspace"},
		{"absolute path outside", outside, "is outside the workspace"},
		{"absolute /etc/passwd", "/etc/passwd", "is outside the workspace"},
		{"dots inside a path", "drafts/../../secret.md", "is outside the workspace"},
		{"symlink to /etc/passwd", "passwd.md", "is outside the workspace"},
		{"symlink to a file outside", "linked-secret.md", "is outside the workspace"},
		{"percent-encoded dots are a name", "%2e%2e/secret.md", "no file"},
		{"percent-encoded dots in a file URI", "file://" + root + "/%2e%2e/secret.md", "is outside the workspace"},
		{"encoded slash and dots in a file URI", "file://" + root + "/..%2fsecret.md", "is outside the workspace"},
		{"NUL byte", "post.md\x00../secret.md", "NUL byte"},
		{"named pipe", "fifo.md", "not a regular file"},
		{"directory", "drafts", "is a directory"},
		{"3 MB of random bytes", "random.md", "looks binary"},
		{"over 16 MiB", "big.md", "larger than 16 MiB"},
		{"missing file", "missing.md", "no file"},
	}

	srv, err := NewServer(Options{Logger: noLog, Roots: []string{root}, PromptDirs: []string{promptDir}})
	if err != nil {
		t.Fatal(err)
	}
	ts := httpTestServer(t, srv, HTTPOptions{Logger: noLog}) // closed after the sessions
	transports := map[string]func() *mcp.ClientSession{
		"in memory": func() *mcp.ClientSession {
			cs, _ := connectClient(t, srv, mcp.NewClient(&mcp.Implementation{Name: "escape", Version: "0"}, nil))
			return cs
		},
		"http": func() *mcp.ClientSession {
			cs, err := httpSession(context.Background(), ts.URL+"/mcp", nil, "", nil)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { cs.Close() })
			return cs
		},
	}
	// leaks reports whether a refusal of path says more than the writer
	// sent: the secret, a line of /etc/passwd, or where a link points.
	leaks := func(msg, path string) bool {
		return strings.Contains(msg, secret) || strings.Contains(msg, firstPasswdLine) ||
			strings.Contains(msg, "/etc/passwd") && !strings.Contains(path, "/etc/passwd")
	}
	ctx := context.Background()
	for tname, connect := range transports {
		cs := connect()
		for _, tt := range tests {
			// prompts/get: the draft is refused as an invalid argument.
			_, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "embed", Arguments: map[string]string{"path": tt.path}})
			var rpcErr *jsonrpc.Error
			switch {
			case !errors.As(err, &rpcErr):
				t.Errorf("%s: prompts/get %s (%q) = %v; want a JSON-RPC error", tname, tt.name, tt.path, err)
			case rpcErr.Code != jsonrpc.CodeInvalidParams || !strings.Contains(rpcErr.Message, tt.want):
				t.Errorf("%s: prompts/get %s (%q): error %d %q; want %d containing %q", tname, tt.name, tt.path, rpcErr.Code, rpcErr.Message, jsonrpc.CodeInvalidParams, tt.want)
			case leaks(rpcErr.Message, tt.path):
				t.Errorf("%s: prompts/get %s (%q) leaks: %q", tname, tt.name, tt.path, rpcErr.Message)
			}

			// tools/call: the refusal is a tool result with isError.
			_, res, err := readability(ctx, cs, map[string]any{"path": tt.path})
			switch {
			case err != nil:
				t.Errorf("%s: readability %s (%q): protocol error %v; want an isError result", tname, tt.name, tt.path, err)
			case !res.IsError || !strings.Contains(firstText(res.Content), tt.want):
				t.Errorf("%s: readability %s (%q) = isError %v, %q; want isError containing %q", tname, tt.name, tt.path, res.IsError, firstText(res.Content), tt.want)
			case leaks(firstText(res.Content), tt.path) || res.StructuredContent != nil:
				t.Errorf("%s: readability %s (%q) leaks: %q %v", tname, tt.name, tt.path, firstText(res.Content), res.StructuredContent)
			}

			// The session goes on.
			got, res, err := readability(ctx, cs, map[string]any{"path": "post.md"})
			if err != nil || res.IsError || got.Words != 6 || got.Sentences != 1 {
				t.Fatalf("%s: after %s, readability post.md = %d words, %d sentences, %v %v; want 6 and 1", tname, tt.name, got.Words, got.Sentences, err, res)
			}
			pr, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "embed", Arguments: map[string]string{"path": "post.md"}})
			if err != nil || !promptEmbeds(pr, "The cat sat on the mat.") {
				t.Fatalf("%s: after %s, prompts/get embed post.md = %v; want the draft embedded", tname, tt.name, err)
			}
		}
	}
}

// promptEmbeds reports whether a rendered prompt carries text, as a message
// or an embedded resource.
func promptEmbeds(res *mcp.GetPromptResult, text string) bool {
	for _, m := range res.Messages {
		switch c := m.Content.(type) {
		case *mcp.TextContent:
			if strings.Contains(c.Text, text) {
				return true
			}
		case *mcp.EmbeddedResource:
			if c.Resource != nil && strings.Contains(c.Resource.Text, text) {
				return true
			}
		}
	}
	return false
}
