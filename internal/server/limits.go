package server

import (
	"context"
	"errors"
	"log/slog"
	"runtime"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// defaultMaxToolCalls is how many tool calls run at once when
// Options.MaxToolCalls is 0: the analyses are CPU-bound, so a few per core
// keep every core busy without letting a burst of calls exhaust memory.
func defaultMaxToolCalls() int { return 2 * runtime.GOMAXPROCS(0) }

// limitToolCalls lets at most n tool calls run at once, across all sessions.
// A call waiting for a slot gives up as soon as it is cancelled.
func limitToolCalls(n int) mcp.Middleware {
	slots := make(chan struct{}, n)
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method != "tools/call" {
				return next(ctx, method, req)
			}
			select {
			case slots <- struct{}{}:
			case <-ctx.Done():
				return nil, ctx.Err()
			}
			defer func() { <-slots }()
			return next(ctx, method, req)
		}
	}
}

type loggerKey struct{}

// requestLog is what a request's logger is made of; the logger itself is
// made only when something is logged, so that requests that log nothing
// cost nothing.
type requestLog struct {
	base   *slog.Logger
	ss     *mcp.ServerSession
	method string
}

func (r *requestLog) logger() *slog.Logger {
	client := mcp.NewLoggingHandler(r.ss, &mcp.LoggingHandlerOptions{LoggerName: "speedgrapher"})
	return slog.New(slog.NewMultiHandler(r.base.Handler(), client)).With("method", r.method)
}

// requestLogger returns a logger for the request ctx belongs to: it writes
// to the server's log (stderr, filtered by --log-level) and to the client as
// MCP log notifications, which the SDK sends only once the client has set a
// level with logging/setLevel. Outside a request it discards everything.
func requestLogger(ctx context.Context) *slog.Logger {
	if r, ok := ctx.Value(loggerKey{}).(*requestLog); ok {
		return r.logger()
	}
	return slog.New(slog.DiscardHandler)
}

// logRequests makes requestLogger work in every request's context, and logs
// failed requests and tool calls that return an error, at info.
func logRequests(base *slog.Logger) mcp.Middleware {
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			ss, ok := req.GetSession().(*mcp.ServerSession)
			if !ok || method == "initialize" || strings.HasPrefix(method, "notifications/") {
				return next(ctx, method, req)
			}
			rl := &requestLog{base: base, ss: ss, method: method}
			ctx = context.WithValue(ctx, loggerKey{}, rl)
			res, err := next(ctx, method, req)
			switch {
			case errors.Is(err, context.Canceled):
				rl.logger().DebugContext(ctx, "request cancelled")
			case err != nil:
				rl.logger().InfoContext(ctx, "request failed", "error", err)
			default:
				if r, ok := res.(*mcp.CallToolResult); ok && r != nil && r.IsError {
					rl.logger().InfoContext(ctx, "tool reported an error", "tool", toolName(req), "message", firstText(r.Content))
				}
			}
			return res, err
		}
	}
}

func toolName(req mcp.Request) string {
	if r, ok := req.(*mcp.CallToolRequest); ok && r.Params != nil {
		return r.Params.Name
	}
	return ""
}

func firstText(content []mcp.Content) string {
	for _, c := range content {
		if t, ok := c.(*mcp.TextContent); ok {
			return t.Text
		}
	}
	return ""
}
