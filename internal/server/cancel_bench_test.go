package server

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/speedgrapher/speedgrapher/internal/mcptest"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/speedgrapher/speedgrapher/internal/benchdraft"
)

// BenchmarkCancel measures, with --max-tool-calls 1, how long after a
// client cancels a lint call on an 8 MiB draft the next call, already
// waiting for the slot, starts ("to-next-ms"), and how long the cancelled
// call's work takes to stop ("to-stop-ms"). The call is cancelled while
// goldmark parses the draft ("parsing", 100 ms after the call reached the
// server) or once the rules run ("checking", at its first progress
// notification). Times are from just before the client cancels; each is
// the median of b.N calls.
func BenchmarkCancel(b *testing.B) {
	root := b.TempDir()
	draft, err := benchdraft.Repeat("../../"+benchdraft.Sample, 8<<20, true)
	if err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "big.md"), draft, 0o644); err != nil {
		b.Fatal(err)
	}
	srv, err := NewServer(Options{Logger: noLog, Roots: []string{root}, NoPrompts: true, MaxToolCalls: 1})
	if err != nil {
		b.Fatal(err)
	}
	nextStarted := make(chan time.Time, 1)
	srv.AddTool(&mcp.Tool{Name: "next", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			nextStarted <- time.Now()
			return &mcp.CallToolResult{}, nil
		})
	lintEntered, lintStopped := make(chan struct{}, 1), make(chan time.Time, 1)
	srv.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method != "tools/call" || toolName(req) != "lint" {
				return next(ctx, method, req)
			}
			lintEntered <- struct{}{}
			res, err := next(ctx, method, req)
			lintStopped <- time.Now()
			return res, err
		}
	})
	checking := make(chan struct{}, 1)
	client := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "0"}, &mcp.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, req *mcp.ProgressNotificationClientRequest) {
			if req.Params.Progress == 1 {
				checking <- struct{}{}
			}
		},
	})
	cs, _ := mcptest.Connect(b, srv, client, nil)

	for _, when := range []string{"parsing", "checking"} {
		b.Run(when, func(b *testing.B) {
			var toNext, toStop []time.Duration
			for b.Loop() {
				ctx, cancel := context.WithCancel(context.Background())
				params := &mcp.CallToolParams{Name: "lint", Arguments: map[string]any{"path": "big.md"}}
				params.SetProgressToken("big")
				go cs.CallTool(ctx, params)
				<-lintEntered
				if when == "parsing" {
					time.Sleep(100 * time.Millisecond)
				} else {
					<-checking
				}
				nextDone := make(chan struct{})
				go func() {
					cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "next", Arguments: map[string]any{}})
					close(nextDone)
				}()
				time.Sleep(20 * time.Millisecond) // let "next" reach the server and wait for the slot
				start := time.Now()
				cancel()
				toNext = append(toNext, (<-nextStarted).Sub(start))
				toStop = append(toStop, (<-lintStopped).Sub(start))
				<-nextDone
				select {
				case <-checking: // the parsing run's progress, if the cancellation came late
				default:
				}
			}
			slices.Sort(toNext)
			slices.Sort(toStop)
			b.ReportMetric(float64(toNext[len(toNext)/2].Microseconds())/1000, "to-next-ms")
			b.ReportMetric(float64(toStop[len(toStop)/2].Microseconds())/1000, "to-stop-ms")
		})
	}
}
