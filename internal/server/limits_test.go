package server

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/speedgrapher/speedgrapher/internal/mcptest"
)

// TestCancelledCallStops: notifications/cancelled ends the context of the
// tool call it names.
func TestCancelledCallStops(t *testing.T) {
	srv, err := NewServer(Options{Logger: noLog, Roots: []string{t.TempDir()}, NoPrompts: true})
	if err != nil {
		t.Fatal(err)
	}
	started, stopped := make(chan struct{}), make(chan error, 1)
	srv.AddTool(&mcp.Tool{Name: "forever", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			close(started)
			<-ctx.Done() // only cancellation ends this call
			stopped <- ctx.Err()
			return nil, ctx.Err()
		})
	for _, version := range []string{"2025-11-25", ""} {
		t.Run("protocol "+version, func(t *testing.T) {
			started, stopped = make(chan struct{}), make(chan error, 1)
			cs, _ := connectVersion(t, srv, mcp.NewClient(&mcp.Implementation{Name: "c", Version: "0"}, nil), version)
			ctx, cancel := context.WithCancel(context.Background())
			called := make(chan error, 1)
			go func() {
				_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "forever", Arguments: map[string]any{}})
				called <- err
			}()
			<-started
			cancel() // the client sends notifications/cancelled
			if err := <-stopped; !errors.Is(err, context.Canceled) {
				t.Errorf("the call's context ended with %v; want context.Canceled", err)
			}
			if err := <-called; err == nil {
				t.Error("the cancelled call returned no error to the client")
			}
			// The session is still usable.
			if _, err := cs.ListTools(context.Background(), nil); err != nil {
				t.Errorf("tools/list after a cancelled call: %v", err)
			}
		})
	}
}

func TestLimitToolCalls(t *testing.T) {
	const limit = 3
	var active, most, ran atomic.Int32
	release := make(chan struct{})
	next := func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		ran.Add(1)
		if method != "tools/call" {
			return &mcp.ListToolsResult{}, nil
		}
		n := active.Add(1)
		for {
			m := most.Load()
			if n <= m || most.CompareAndSwap(m, n) {
				break
			}
		}
		<-release
		active.Add(-1)
		return &mcp.CallToolResult{}, nil
	}
	h := limitToolCalls(limit)(next)
	ctx := context.Background()

	var wg sync.WaitGroup
	for range 10 {
		wg.Go(func() { h(ctx, "tools/call", nil) })
	}
	waitFor(t, "the first calls to take every slot", func() bool { return active.Load() == limit })

	// Other methods are not limited.
	if _, err := h(ctx, "tools/list", nil); err != nil {
		t.Errorf("tools/list while the slots are taken: %v", err)
	}
	// A call waiting for a slot gives up when cancelled, without running.
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	before := ran.Load()
	if _, err := h(cctx, "tools/call", nil); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled waiting call = %v; want context.Canceled", err)
	}
	if ran.Load() != before {
		t.Error("a cancelled waiting call ran")
	}

	for range 10 {
		release <- struct{}{}
	}
	wg.Wait()
	if got := most.Load(); got != limit {
		t.Errorf("at most %d calls ran at once; want %d", got, limit)
	}
	if got := ran.Load(); got != 11 {
		t.Errorf("%d handlers ran; want 10 calls and 1 tools/list", got)
	}
}

// logged is a log notification as the client receives it.
type logged struct {
	Level mcp.LoggingLevel
	Msg   string
	Path  string
}

// TestClientLogging: a client that set a level receives refused reads and
// tool errors as log notifications at that level or above; one that did not
// set a level receives none.
func TestClientLogging(t *testing.T) {
	d := dirs(t, "root")
	s, _ := rootsServer(t, mustWorkspace(t, d["root"]), true, noLog)
	var mu sync.Mutex
	var got []logged
	client := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "0"}, &mcp.ClientOptions{
		LoggingMessageHandler: func(_ context.Context, req *mcp.LoggingMessageRequest) {
			data, _ := req.Params.Data.(map[string]any)
			msg, _ := data["msg"].(string)
			path, _ := data["path"].(string)
			mu.Lock()
			got = append(got, logged{req.Params.Level, msg, path})
			mu.Unlock()
		},
	})
	cs, _ := connectClient(t, s, client)
	ctx := context.Background()

	probe(t, cs, "../no-level.md") // no level set yet: nothing is sent
	if err := cs.SetLoggingLevel(ctx, &mcp.SetLoggingLevelParams{Level: "warning"}); err != nil {
		t.Fatal(err)
	}
	probe(t, cs, "../warning.md")
	probe(t, cs, "root.md") // read: nothing to say
	if err := cs.SetLoggingLevel(ctx, &mcp.SetLoggingLevelParams{Level: "info"}); err != nil {
		t.Fatal(err)
	}
	probe(t, cs, "../info.md")

	want := []logged{
		{"warning", "file read refused", "../warning.md"},
		{"warning", "file read refused", "../info.md"},
		{"info", "tool reported an error", ""},
	}
	waitFor(t, "the log notifications", func() bool { mu.Lock(); defer mu.Unlock(); return len(got) >= len(want) })
	mu.Lock()
	defer mu.Unlock()
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("log notifications (-want +got):\n%s", diff)
	}
}

// TestStderrLogging: refused reads reach the server's own log too.
func TestStderrLogging(t *testing.T) {
	d := dirs(t, "root")
	var buf mcptest.Buffer
	s, _ := rootsServer(t, mustWorkspace(t, d["root"]), true, slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelWarn})))
	cs, _ := connectClient(t, s, mcp.NewClient(&mcp.Implementation{Name: "c", Version: "0"}, nil))
	probe(t, cs, "../secret.md")
	for _, want := range []string{"level=WARN", `msg="file read refused"`, "method=tools/call", "path=../secret.md"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("server log lacks %q:\n%s", want, buf.String())
		}
	}
}
