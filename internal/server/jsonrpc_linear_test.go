package server_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"strings"
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

// lineShapes are JSON-RPC lines with long or deep parts, where a decoder
// could be superlinear: ids (issue 18, item 5), strings, nesting.
var lineShapes = []lineartest.Shape{
	{Name: "a long string id", Head: `{"jsonrpc":"2.0","id":"`, Open: "a", Tail: `","method":"ping"}`},
	{Name: "a long integer id", Head: `{"jsonrpc":"2.0","id":1`, Open: "0", Tail: `,"method":"ping"}`},
	{Name: "a long fractional id", Head: `{"jsonrpc":"2.0","id":1.`, Open: "0", Tail: `1,"method":"ping"}`},
	{Name: "a long exponent id", Head: `{"jsonrpc":"2.0","id":1e`, Open: "9", Tail: `,"method":"ping"}`},
	{Name: "an id nesting arrays", Head: `{"jsonrpc":"2.0","id":`, Open: "[", Mid: "1", Close: "]", Tail: `,"method":"ping"}`},
	{Name: "an id of escapes", Head: `{"jsonrpc":"2.0","id":"`, Open: `\u00e9\"\\`, Tail: `","method":"ping"}`},
	{Name: "params nesting arrays", Head: `{"jsonrpc":"2.0","id":1,"method":"ping","params":`, Open: "[", Close: "]", Tail: "}"},
	{Name: "params nesting objects", Head: `{"jsonrpc":"2.0","id":1,"method":"ping","params":`, Open: `{"a":`, Mid: "1", Close: "}", Tail: "}"},
	{Name: "params with many keys", Head: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"lint","arguments":{"text":"x"`, Open: `,"k":1`, Tail: "}}}"},
	{Name: "a long text argument", Head: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"lint","arguments":{"text":"`, Open: `the the \n`, Tail: `"}}}`},
	{Name: "many id keys", Head: `{"jsonrpc":"2.0"`, Open: `,"id":1`, Tail: `,"method":"ping"}`},
	{Name: "a batch", Head: "[", Open: `{"jsonrpc":"2.0","id":1,"method":"ping"},`, Tail: `{"jsonrpc":"2.0","id":2,"method":"ping"}]`},
	{Name: "an unclosed string", Head: `{"jsonrpc":"2.0","id":1,"method":"`, Open: "a"},
	{Name: "unclosed arrays", Head: `{"jsonrpc":"2.0","id":1,"method":"ping","params":`, Open: "["},
	{Name: "whitespace", Head: `{"jsonrpc":"2.0",`, Open: " \t", Tail: `"id":1,"method":"ping"}`},
	{Name: "a response with a deep result", Head: `{"jsonrpc":"2.0","id":1,"result":`, Open: "[", Close: "]", Tail: "}"},
}

var lineOptions = lineartest.Options{HeapPerByte: 40}

// TestLinearJSONRPC checks that decoding each line shape takes time linear
// in the line's length, and at most 40 bytes of peak heap per byte.
func TestLinearJSONRPC(t *testing.T) {
	lineartest.CheckShapes(t, lineShapes, readOneLine, lineOptions)
}

// FuzzLinearJSONRPC searches for JSON-RPC lines that the stdio transport
// decodes in superlinear time (see lineartest.Fuzz), seeded with lineShapes.
func FuzzLinearJSONRPC(f *testing.F) {
	lineartest.Fuzz(f, lineShapes, readOneLine, func(head, open, mid, close, tail string) bool {
		return strings.ContainsAny(head+open+mid+close+tail, "\r\n") // one line only: a line break would split it in two
	})
}
