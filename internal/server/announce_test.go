package server

import (
	"context"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Registration runs after initialize, but a client is never told of it: it
// cannot have seen a list before, so a list-changed notification would be
// noise on its wire.
func TestRegistrationIsNotAnnounced(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		srv, err := NewServer(Options{Roots: []string{t.TempDir()}, Logger: quiet})
		if err != nil {
			t.Fatal(err)
		}
		var mu sync.Mutex
		var heard []string
		hear := func(what string) {
			mu.Lock()
			heard = append(heard, what)
			mu.Unlock()
		}
		client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, &mcp.ClientOptions{
			ToolListChangedHandler:     func(context.Context, *mcp.ToolListChangedRequest) { hear("tools") },
			PromptListChangedHandler:   func(context.Context, *mcp.PromptListChangedRequest) { hear("prompts") },
			ResourceListChangedHandler: func(context.Context, *mcp.ResourceListChangedRequest) { hear("resources") },
		})
		ctx := context.Background()
		cs, ss := connectVersion(t, srv, client, "") // the SDK's default version
		tools, err := cs.ListTools(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(tools.Tools) != 4 {
			t.Errorf("tools/list has %d tools, want readability, lint, structure and fix", len(tools.Tools))
		}
		time.Sleep(time.Second) // far past the SDK's 10ms batching of notifications
		synctest.Wait()
		mu.Lock()
		if len(heard) > 0 {
			t.Errorf("the client heard list changes %v before anything changed", heard)
		}
		mu.Unlock()
		cs.Close()
		ss.Close()
		synctest.Wait()
	})
}
