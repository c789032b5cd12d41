package lsp

import (
	"context"
	"encoding/json"
	"io"
	"sort"
	"strings"
	"testing"
	"time"
	"unicode/utf16"
)

// testClient speaks to a Server through in-memory pipes, as an editor would.
type testClient struct {
	t      testing.TB
	s      *Server
	w      *writer
	toSrv  *io.PipeWriter
	msgs   chan message
	queue  []message // notifications read while waiting for something else
	seen   []message // notifications taken from the queue
	nextID int
	done   chan error
}

// newTestClient starts a server (debounce 0, so each change lints before the
// next message is read) and initializes it with the given roots.
func newTestClient(t testing.TB, roots ...string) *testClient {
	t.Helper()
	c := startServer(t, func(s *Server) { s.Roots = roots })
	c.call("initialize", map[string]any{"capabilities": map[string]any{}}, nil)
	c.notify("initialized", map[string]any{})
	return c
}

func startServer(t testing.TB, setup func(*Server)) *testClient {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := New()
	s.Debounce = 0
	if setup != nil {
		setup(s)
	}
	c := &testClient{t: t, s: s, w: &writer{w: inW}, toSrv: inW, msgs: make(chan message, 1024), done: make(chan error, 1)}
	go func() {
		c.done <- s.Serve(context.Background(), inR, outW)
		outW.Close()
	}()
	go func() {
		r := newReader(outR)
		defer close(c.msgs)
		for {
			body, err := r.read()
			if err != nil {
				return
			}
			var m message
			if err := json.Unmarshal(body, &m); err != nil {
				t.Errorf("server wrote a message that is not JSON: %q", body)
				return
			}
			c.msgs <- m
		}
	}()
	t.Cleanup(func() { inW.Close() })
	return c
}

func (c *testClient) notify(method string, params any) {
	c.t.Helper()
	if err := c.w.write(notification{JSONRPC: "2.0", Method: method, Params: params}); err != nil {
		c.t.Fatalf("send %s: %v", method, err)
	}
}

// next returns the next message from the server, failing after a while.
func (c *testClient) next() message {
	c.t.Helper()
	select {
	case m, ok := <-c.msgs:
		if !ok {
			c.t.Fatal("the server closed its output")
		}
		return m
	case <-time.After(60 * time.Second):
		c.t.Fatal("no message from the server in 60 s")
	}
	return message{}
}

// call sends a request and decodes its result into result; it returns the
// error the server answered with, if any.
func (c *testClient) call(method string, params, result any) *rpcError {
	c.t.Helper()
	c.nextID++
	id := c.nextID
	if err := c.w.write(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params}); err != nil {
		c.t.Fatalf("send %s: %v", method, err)
	}
	return c.await(id, result)
}

func (c *testClient) await(id int, result any) *rpcError {
	c.t.Helper()
	want, _ := json.Marshal(id)
	for {
		m := c.next()
		if m.Method != "" {
			c.queue = append(c.queue, m)
			continue
		}
		if string(m.ID) != string(want) {
			c.t.Fatalf("response to id %s while waiting for %d", m.ID, id)
		}
		if len(m.Error) > 0 {
			var e rpcError
			json.Unmarshal(m.Error, &e)
			return &e
		}
		if result != nil {
			if err := json.Unmarshal(m.Result, result); err != nil {
				c.t.Fatalf("decode %s result %s: %v", want, m.Result, err)
			}
		}
		return nil
	}
}

// diagnostics waits for the next diagnostics published for uri.
func (c *testClient) diagnostics(uri string) publishDiagnosticsParams {
	c.t.Helper()
	for {
		var m message
		if len(c.queue) > 0 {
			m, c.queue = c.queue[0], c.queue[1:]
		} else {
			m = c.next()
		}
		c.seen = append(c.seen, m)
		if m.Method != "textDocument/publishDiagnostics" {
			continue
		}
		var p publishDiagnosticsParams
		if err := json.Unmarshal(m.Params, &p); err != nil {
			c.t.Fatal(err)
		}
		if p.URI == uri {
			return p
		}
	}
}

func (c *testClient) open(uri, text string) publishDiagnosticsParams {
	c.t.Helper()
	c.notify("textDocument/didOpen", didOpenParams{TextDocumentItem{URI: uri, LanguageID: "markdown", Version: 1, Text: text}})
	return c.diagnostics(uri)
}

// shutdown ends the session as an editor does and checks Serve's answer.
func (c *testClient) shutdown() {
	c.t.Helper()
	if err := c.call("shutdown", nil, nil); err != nil {
		c.t.Fatalf("shutdown: %v", err)
	}
	c.notify("exit", nil)
	if err := <-c.done; err != nil {
		c.t.Fatalf("Serve after shutdown and exit = %v, want nil", err)
	}
}

// applyTextEdits applies LSP edits to text the way an editor does, counting
// characters in UTF-16 with the standard library's encoder (independent of
// the server's own conversion). Edits are applied last first.
func applyTextEdits(t *testing.T, text string, edits []TextEdit) string {
	t.Helper()
	lines := strings.SplitAfter(text, "\n")
	offset := func(p Position) int {
		off := 0
		for i := 0; i < p.Line; i++ {
			off += len(lines[i])
		}
		u := utf16.Encode([]rune(strings.TrimSuffix(lines[p.Line], "\n")))
		if p.Character > len(u) {
			t.Fatalf("character %d past the end of line %d", p.Character, p.Line)
		}
		return off + len(string(utf16.Decode(u[:p.Character])))
	}
	sorted := append([]TextEdit(nil), edits...)
	sort.Slice(sorted, func(i, j int) bool { return offset(sorted[i].Range.Start) > offset(sorted[j].Range.Start) })
	for _, e := range sorted {
		s, en := offset(e.Range.Start), offset(e.Range.End)
		text = text[:s] + e.NewText + text[en:]
	}
	return text
}
