package server

import (
	"context"
	"errors"
	"log/slog"
	"runtime"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// defaultMaxToolCalls is how many tool calls run at once when
// Options.MaxToolCalls is 0: the analyses are CPU-bound, so a few per core
// keep every core busy without letting a burst of calls exhaust memory.
func defaultMaxToolCalls() int { return 2 * runtime.GOMAXPROCS(0) }

// limitToolCalls lets at most n tool calls run at once, across all sessions.
// A call waiting for a slot gives up as soon as it is cancelled.
//
// A call cancelled while it runs stops at the analysis's next look at its
// context, but the work may be inside code that does not look (goldmark's
// parse of a large draft, about a second for 8 MiB). Its slot is not held
// that long: at cancellation the call moves to one of n places for
// cancelled calls still winding down, and its slot goes to the next call
// at once. When those n places are taken too, the call keeps its slot
// until it stops, so no more than 2n calls ever do work at once.
func limitToolCalls(n int) mcp.Middleware {
	slots := make(chan struct{}, n)
	winding := make(chan struct{}, n) // cancelled calls still running
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
			c := &limitedCall{slots: slots, winding: winding, done: make(chan struct{})}
			stop := context.AfterFunc(ctx, c.cancelled)
			defer func() {
				stop()
				c.finished()
			}()
			return next(ctx, method, req)
		}
	}
}

// limitedCall is a running tool call and the slot it holds, which it gives
// back either when it is cancelled (for a place among the winding-down
// calls) or when it returns, whichever comes first.
type limitedCall struct {
	slots, winding chan struct{}
	done           chan struct{} // closed when the handler has returned

	mu     sync.Mutex
	over   bool // the handler has returned
	handed bool // the slot was given back at cancellation
}

// cancelled runs when the call's context is done: it waits for a place
// among the winding-down calls (or for the call to return), then gives the
// slot back.
func (c *limitedCall) cancelled() {
	select {
	case c.winding <- struct{}{}:
	case <-c.done:
		return
	}
	c.mu.Lock()
	if c.over {
		c.mu.Unlock()
		<-c.winding
		return
	}
	c.handed = true
	c.mu.Unlock()
	<-c.slots
}

// finished runs when the handler returns: it frees the call's slot, or its
// place among the winding-down calls if the slot was handed on.
func (c *limitedCall) finished() {
	c.mu.Lock()
	c.over = true
	handed := c.handed
	c.mu.Unlock()
	close(c.done)
	if handed {
		<-c.winding
	} else {
		<-c.slots
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
