package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"unicode/utf8"
)

func frame(s string) string { return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(s), s) }

// FuzzServe feeds arbitrary bytes to a server: it must never panic, and
// everything it writes must be framed JSON-RPC.
func FuzzServe(f *testing.F) {
	init := frame(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`)
	f.Add(init + frame(`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///a.md","languageId":"markdown","version":1,"text":"# 😀\n\nWe we left in order to go."}}}`) +
		frame(`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///a.md","version":2},"contentChanges":[{"range":{"start":{"line":2,"character":1},"end":{"line":0,"character":9}},"text":"中"}]}}`) +
		frame(`{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///a.md"},"position":{"line":2,"character":3}}}`))
	f.Add(init + frame(`{"jsonrpc":"2.0","id":3,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"file:///a.md"},"range":{"start":{"line":-1,"character":-5},"end":{"line":99,"character":99}},"context":{"diagnostics":[]}}}`))
	f.Add("Content-Length: 5\r\n\r\n{bad}Content-Length: x\r\n\r\n")
	f.Add(init + "Content-Length: 99999999999\r\n\r\n")
	f.Fuzz(func(t *testing.T, in string) {
		s := New()
		s.Debounce = 0
		var out bytes.Buffer
		s.Serve(context.Background(), bytes.NewReader([]byte(in)), &out)
		r := newReader(&out)
		for {
			body, err := r.read()
			if err != nil {
				break
			}
			var m message
			if err := json.Unmarshal(body, &m); err != nil || m.JSONRPC != "2.0" {
				t.Fatalf("server wrote %q", body)
			}
		}
	})
}

// FuzzApplyChange checks that any edit at any position applies without a
// panic, and that a position maps back to its offset or, inside a line
// break, to the end of the line.
func FuzzApplyChange(f *testing.F) {
	f.Add("a😀b\n中文\r\nc", 0, 2, 1, 1, "x")
	f.Add("", 5, 5, -1, 0, "")
	f.Fuzz(func(t *testing.T, text string, l1, c1, l2, c2 int, insert string) {
		got := applyChange(text, edit(rng(l1, c1, l2, c2), insert))
		if len(got) > len(text)+len(insert) {
			t.Fatalf("applyChange grew the text past the insert: %q", got)
		}
		x := newLineIndex(text)
		for off := 0; off <= len(text); off++ {
			if off < len(text) && !utf8.RuneStart(text[off]) {
				continue // findings start and end between characters
			}
			p := x.position(off)
			if back := x.offset(p); back > off {
				t.Fatalf("offset(position(%d)) = %d", off, back)
			}
		}
	})
}
