package mcptest

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestConnect(t *testing.T) {
	t.Parallel()
	srv := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "v1"}, nil)
	cs, ss := Connect(t, srv, nil, nil)
	if got := cs.InitializeResult().ServerInfo.Name; got != "s" {
		t.Errorf("server name = %q, want %q", got, "s")
	}
	if err := cs.Ping(context.Background(), nil); err != nil {
		t.Errorf("client ping: %v", err)
	}
	if err := ss.Ping(context.Background(), nil); err != nil {
		t.Errorf("server ping: %v", err)
	}
}

func TestConnectRaw(t *testing.T) {
	t.Parallel()
	srv := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "v1"}, nil)
	conn := ConnectRaw(t, srv)
	id, _ := jsonrpc.MakeID(float64(7))
	ctx := context.Background()
	if err := conn.Write(ctx, &jsonrpc.Request{ID: id, Method: "ping", Params: []byte("{}")}); err != nil {
		t.Fatal(err)
	}
	msg, err := conn.Read(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if resp, ok := msg.(*jsonrpc.Response); !ok || resp.ID != id || resp.Error != nil {
		t.Errorf("answer to ping = %#v; want a result for id 7", msg)
	}
}

func TestBufferConcurrentWrites(t *testing.T) {
	t.Parallel()
	var b Buffer
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 100 {
				b.Write([]byte("ab\n"))
			}
		})
	}
	wg.Wait()
	if got := strings.Count(b.String(), "ab\n"); got != 800 {
		t.Errorf("Buffer holds %d lines, want 800", got)
	}
}
