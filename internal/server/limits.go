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

// requestLogger returns the logger of the request ctx belongs to (see
// logRequests), or one that discards everything.
func requestLogger(ctx context.Context) *slog.Logger {
	if l, ok := ctx.Value(loggerKey{}).(*slog.Logger); ok {
		return l
	}
	return slog.New(slog.DiscardHandler)
}

// logRequests gives every request a logger that writes both to base (stderr,
// filtered by --log-level) and to the client as MCP log notifications, which
// the SDK sends only once the client has set a level with logging/setLevel.
// It logs failed requests and tool calls that return an error at info.
func logRequests(base *slog.Logger) mcp.Middleware {
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			ss, ok := req.GetSession().(*mcp.ServerSession)
			if !ok || method == "initialize" || strings.HasPrefix(method, "notifications/") {
				return next(ctx, method, req)
			}
			client := mcp.NewLoggingHandler(ss, &mcp.LoggingHandlerOptions{LoggerName: "speedgrapher"})
			log := slog.New(slog.NewMultiHandler(base.Handler(), client)).With("method", method)
			ctx = context.WithValue(ctx, loggerKey{}, log)
			res, err := next(ctx, method, req)
			switch {
			case errors.Is(err, context.Canceled):
				log.DebugContext(ctx, "request cancelled")
			case err != nil:
				log.InfoContext(ctx, "request failed", "error", err)
			default:
				if r, ok := res.(*mcp.CallToolResult); ok && r != nil && r.IsError {
					log.InfoContext(ctx, "tool reported an error", "tool", toolName(req), "message", firstText(r.Content))
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
