package server_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/speedgrapher/speedgrapher/internal/lineartest"
	"github.com/speedgrapher/speedgrapher/internal/server"
)

// readOneLine is what the stdio transport does with one line from a client:
// decode and check it, and either hand the message on or answer with an
// error. Each call reads one line on a fresh connection.
func readOneLine(line []byte) {
	in := make([]byte, 0, len(line)+1)
	in = append(append(in, line...), '\n')
	t := &server.LineTransport{
		In: bytes.NewReader(in), Out: io.Discard,
		Logger: slog.New(slog.DiscardHandler),
		// A request is answered by nobody here: do not wait for it at EOF.
		DrainTimeout: time.Nanosecond,
	}
	conn, err := t.Connect(context.Background())
	if err != nil {
		panic(err)
	}
	conn.Read(context.Background()) // a message, or io.EOF after an error answer
	conn.Close()
}

// A lineShape is built like lineartest.Nest: head, open repeated n times,
// mid, close repeated n times, tail.
type lineShape struct {
	name                         string
	head, open, mid, close, tail string
}

// lineShapes are JSON-RPC lines with long or deep parts, where a decoder
// could be superlinear: ids (issue 18, item 5), strings, nesting.
var lineShapes = []lineShape{
	{name: "a long string id", head: `{"jsonrpc":"2.0","id":"`, open: "a", tail: `","method":"ping"}`},
	{name: "a long integer id", head: `{"jsonrpc":"2.0","id":1`, open: "0", tail: `,"method":"ping"}`},
	{name: "a long fractional id", head: `{"jsonrpc":"2.0","id":1.`, open: "0", tail: `1,"method":"ping"}`},
	{name: "a long exponent id", head: `{"jsonrpc":"2.0","id":1e`, open: "9", tail: `,"method":"ping"}`},
	{name: "an id nesting arrays", head: `{"jsonrpc":"2.0","id":`, open: "[", mid: "1", close: "]", tail: `,"method":"ping"}`},
	{name: "an id of escapes", head: `{"jsonrpc":"2.0","id":"`, open: `\u00e9\"\\`, tail: `","method":"ping"}`},
	{name: "params nesting arrays", head: `{"jsonrpc":"2.0","id":1,"method":"ping","params":`, open: "[", close: "]", tail: "}"},
	{name: "params nesting objects", head: `{"jsonrpc":"2.0","id":1,"method":"ping","params":`, open: `{"a":`, mid: "1", close: "}", tail: "}"},
	{name: "params with many keys", head: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"lint","arguments":{"text":"x"`, open: `,"k":1`, tail: "}}}"},
	{name: "a long text argument", head: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"lint","arguments":{"text":"`, open: `the the \n`, tail: `"}}}`},
	{name: "many id keys", head: `{"jsonrpc":"2.0"`, open: `,"id":1`, tail: `,"method":"ping"}`},
	{name: "a batch", head: "[", open: `{"jsonrpc":"2.0","id":1,"method":"ping"},`, tail: `{"jsonrpc":"2.0","id":2,"method":"ping"}]`},
	{name: "an unclosed string", head: `{"jsonrpc":"2.0","id":1,"method":"`, open: "a"},
	{name: "unclosed arrays", head: `{"jsonrpc":"2.0","id":1,"method":"ping","params":`, open: "["},
	{name: "whitespace", head: `{"jsonrpc":"2.0",`, open: " \t", tail: `"id":1,"method":"ping"}`},
	{name: "a response with a deep result", head: `{"jsonrpc":"2.0","id":1,"result":`, open: "[", close: "]", tail: "}"},
}

var lineOptions = lineartest.Options{HeapPerByte: 40}

// TestLinearJSONRPC checks that decoding each line shape takes time linear
// in the line's length, and at most 40 bytes of peak heap per byte.
func TestLinearJSONRPC(t *testing.T) {
	for _, s := range lineShapes {
		t.Run(s.name, func(t *testing.T) {
			lineartest.Check(t, lineartest.Nest(s.head, s.open, s.mid, s.close, s.tail), readOneLine, lineOptions)
		})
	}
}

// FuzzLinearJSONRPC searches for JSON-RPC lines that the stdio transport
// decodes in superlinear time: the fuzzer picks the pieces of a shape, the
// check grows them to 1× and 4× sizes. The seed corpus (every shape above)
// is added only with -fuzz, since TestLinearJSONRPC runs it otherwise.
func FuzzLinearJSONRPC(f *testing.F) {
	if lineartest.Fuzzing() {
		for _, s := range lineShapes {
			f.Add(s.head, s.open, s.mid, s.close, s.tail)
		}
	}
	f.Fuzz(func(t *testing.T, head, open, mid, close, tail string) {
		gen, ok := lineartest.FuzzShape(head, open, mid, close, tail)
		if !ok {
			return
		}
		if bytes.ContainsAny([]byte(head+open+mid+close+tail), "\r\n") {
			return // one line only: a line break would split it in two
		}
		lineartest.Check(t, gen, readOneLine, lineartest.FuzzOptions)
	})
}
