// Package mcptest connects MCP clients to servers in memory for tests, in
// the spirit of net/http/httptest.
package mcptest

import (
	"bytes"
	"context"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Connect connects client to srv over in-memory transports and returns both
// sessions; both are closed when the test ends. A nil client is a plain one
// with no handlers; opts may be nil.
func Connect(t testing.TB, srv *mcp.Server, client *mcp.Client, opts *mcp.ClientSessionOptions) (*mcp.ClientSession, *mcp.ServerSession) {
	t.Helper()
	if client == nil {
		client = mcp.NewClient(&mcp.Implementation{Name: "mcptest", Version: "v0"}, nil)
	}
	st, ct := mcp.NewInMemoryTransports()
	ctx := context.Background()
	ss, err := srv.Connect(ctx, st, nil)
	if err != nil {
		t.Fatalf("connecting the server: %v", err)
	}
	cs, err := client.Connect(ctx, ct, opts)
	if err != nil {
		ss.Close()
		t.Fatalf("connecting the client: %v", err)
	}
	t.Cleanup(func() {
		cs.Close()
		ss.Close()
		endSession(ss)
	})
	return cs, ss
}

// endSession waits for the server session to end, so that its goroutines do
// not run into the next test (the linear-time tests time the process's CPU),
// but not for ever: a handler that never returns must not hang the test.
func endSession(ss *mcp.ServerSession) {
	ended := make(chan struct{})
	go func() { ss.Wait(); close(ended) }()
	select {
	case <-ended:
	case <-time.After(5 * time.Second):
	}
}

// ConnectRaw connects srv to a bare connection, for tests that write
// JSON-RPC messages themselves (no initialize is sent). Both ends are
// closed when the test ends.
func ConnectRaw(t testing.TB, srv *mcp.Server) mcp.Connection {
	t.Helper()
	st, ct := mcp.NewInMemoryTransports()
	ctx := context.Background()
	ss, err := srv.Connect(ctx, st, nil)
	if err != nil {
		t.Fatalf("connecting the server: %v", err)
	}
	conn, err := ct.Connect(ctx)
	if err != nil {
		ss.Close()
		t.Fatalf("connecting the client end: %v", err)
	}
	t.Cleanup(func() {
		conn.Close()
		ss.Close()
		endSession(ss)
	})
	return conn
}

// Buffer is a bytes.Buffer safe for concurrent use: a log destination the
// server's goroutines write to while the test reads it.
type Buffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *Buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// String returns what has been written so far.
func (b *Buffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
