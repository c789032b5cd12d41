package progress

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/speedgrapher/speedgrapher/internal/mcptest"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// note is a progress notification as the client receives it.
type note struct {
	Token           string
	Progress, Total float64
	Message         string
}

func TestReport(t *testing.T) {
	srv := mcp.NewServer(&mcp.Implementation{Name: "progress-test", Version: "0"}, nil)
	srv.AddTool(&mcp.Tool{Name: "steps", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			for i, section := range []string{"Introduction", "Method", "Results"} {
				Report(ctx, req, float64(i+1), 3, "measured "+section)
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "done"}}}, nil
		})

	var mu sync.Mutex
	var got []note
	client := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "0"}, &mcp.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, req *mcp.ProgressNotificationClientRequest) {
			p := req.Params
			mu.Lock()
			got = append(got, note{fmt.Sprint(p.ProgressToken), p.Progress, p.Total, p.Message})
			mu.Unlock()
		},
	})
	ctx := context.Background()
	cs, _ := mcptest.Connect(t, srv, client, nil)

	call := func(token any) {
		t.Helper()
		params := &mcp.CallToolParams{Name: "steps", Arguments: map[string]any{}}
		if token != nil {
			params.SetProgressToken(token)
		}
		if _, err := cs.CallTool(ctx, params); err != nil {
			t.Fatal(err)
		}
	}
	// Without a token nothing is sent; the calls with tokens that follow on
	// the same connection show that nothing came before them.
	call(nil)
	call("draft-1")
	call(7)

	want := []note{
		{"draft-1", 1, 3, "measured Introduction"},
		{"draft-1", 2, 3, "measured Method"},
		{"draft-1", 3, 3, "measured Results"},
		{"7", 1, 3, "measured Introduction"},
		{"7", 2, 3, "measured Method"},
		{"7", 3, 3, "measured Results"},
	}
	for range 500 { // notifications are delivered on another goroutine
		mu.Lock()
		n := len(got)
		mu.Unlock()
		if n >= len(want) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	mu.Lock()
	defer mu.Unlock()
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("progress notifications (-want +got):\n%s", diff)
	}
}

// TestReportOutsideASession: a request that has no server session (a
// direct call in a test or the CLI) is not an error.
func TestReportOutsideASession(t *testing.T) {
	Report(context.Background(), nil, 1, 2, "nil request")
	Report(context.Background(), &mcp.CallToolRequest{}, 1, 2, "no session, no params")
	params := &mcp.CallToolParamsRaw{}
	params.SetProgressToken("t")
	Report(context.Background(), &mcp.CallToolRequest{Params: params}, 1, 2, "token but no session")
}
