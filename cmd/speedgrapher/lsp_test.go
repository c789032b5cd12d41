package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

func lspFrame(s string) string { return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(s), s) }

// A whole editor session through the command: stdout carries only framed
// messages, and the exit status follows the protocol.
func TestLSPCommand(t *testing.T) {
	session := lspFrame(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`) +
		lspFrame(`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///tmp/note.md","languageId":"markdown","version":1,"text":"We met in order to talk."}}}`) +
		lspFrame(`{"jsonrpc":"2.0","id":2,"method":"shutdown"}`)
	tests := []struct {
		name, input string
		want        int
	}{
		{"shutdown then exit", session + lspFrame(`{"jsonrpc":"2.0","method":"exit"}`), 0},
		{"exit without shutdown", lspFrame(`{"jsonrpc":"2.0","method":"exit"}`), 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if got := run([]string{"lsp", "--root", t.TempDir()}, strings.NewReader(tt.input), &stdout, &stderr); got != tt.want {
				t.Errorf("exit status %d, want %d (stderr %q)", got, tt.want, stderr.String())
			}
			rest := stdout.String()
			for rest != "" {
				var n int
				if _, err := fmt.Sscanf(rest, "Content-Length: %d\r\n\r\n", &n); err != nil {
					t.Fatalf("stdout is not framed messages at %q", rest[:min(len(rest), 40)])
				}
				i := strings.Index(rest, "\r\n\r\n") + 4
				rest = rest[i+n:]
			}
			if tt.want == 0 && !strings.Contains(stdout.String(), `"code":"wordy"`) {
				t.Errorf("no wordy diagnostic in %q", stdout.String())
			}
		})
	}
}

func TestLSPCommandTakesNoArguments(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if got := run([]string{"lsp", "draft.md"}, strings.NewReader(""), &stdout, &stderr); got != exitUsage {
		t.Errorf("exit status %d, want %d", got, exitUsage)
	}
	if stdout.Len() != 0 || !strings.Contains(stderr.String(), "lsp takes no arguments") {
		t.Errorf("stdout %q, stderr %q", stdout.String(), stderr.String())
	}
}
