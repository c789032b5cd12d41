// Package server builds the speedgrapher MCP server: it registers the prompt
// templates as MCP prompts, the analysis tools, and the resources behind them,
// and provides the stdio transport that keeps a writer's session alive.
package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/speedgrapher/speedgrapher/internal/library"
	"github.com/speedgrapher/speedgrapher/internal/workspace"
	"github.com/speedgrapher/speedgrapher/tools"
)

// Version is the server version reported to clients; the build may set it.
var Version = "0.1.0-dev"

// Options configures a server.
type Options struct {
	// Roots are the workspace directories; empty means the current directory.
	Roots []string
	// PromptDirs hold more templates; a later directory overrides an earlier
	// one, and all override the shipped templates, by name.
	PromptDirs []string
	// Home and ConfigHome hold the writer's own commands, in every workspace
	// (library.Locations); cmd/speedgrapher sets them from the environment.
	// Empty means none.
	Home, ConfigHome string
	// WorkDir is the current directory: the workspace when Roots is empty,
	// and what messages name prompt directories relative to. Empty means the
	// process's current directory.
	WorkDir string
	// Logger receives diagnostics; nil means a logger that discards them.
	Logger *slog.Logger
	// NoTools and NoPrompts leave features out (for measuring the bare server).
	NoTools, NoPrompts bool
	// MaxToolCalls bounds the tool calls running at once, across sessions;
	// 0 means two per CPU.
	MaxToolCalls int
	// Watch, when set, makes the server watch every prompt directory and
	// reload its prompts on change, until Watch is done.
	Watch context.Context
	// FollowClientRoots, for a server with one client (stdio), makes the
	// project's prompt directories and imported commands those of the
	// client's roots, when Roots is empty and the client offers roots. With
	// many clients (HTTP) the prompt list is shared, so it stays with Roots.
	FollowClientRoots bool
	// TrustClientRoots, for a client that is the writer's own editor
	// (stdio), lets the client's roots name any directory as the workspace
	// when Roots is empty. Without it (HTTP, where any process that reaches
	// the port is a client) a client's roots only narrow the workspace: a
	// root outside Roots, or the current directory, is dropped.
	TrustClientRoots bool
}

// NewServer returns an MCP server with every prompt and tool registered.
// A template that fails to load is logged and skipped; the others still load.
func NewServer(opts Options) (*mcp.Server, error) {
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	wd := opts.WorkDir
	if wd == "" {
		var err error
		if wd, err = os.Getwd(); err != nil {
			return nil, fmt.Errorf("finding the current directory: %w", err)
		}
	}
	roots := opts.Roots
	if len(roots) == 0 {
		roots = []string{wd}
	}
	ws, err := workspace.New(roots...)
	if err != nil {
		return nil, err
	}
	sessionRoots := newRootsResolver(ws, len(opts.Roots) > 0, log)
	sessionRoots.trustClient = opts.TrustClientRoots
	maxToolCalls := opts.MaxToolCalls
	if maxToolCalls <= 0 {
		maxToolCalls = defaultMaxToolCalls()
	}
	lib, err := library.New(library.Locations{Home: opts.Home, ConfigHome: opts.ConfigHome, WorkDir: wd,
		Roots: ws.Roots(), PromptDirs: opts.PromptDirs}, log)
	if err != nil {
		return nil, err
	}
	h := &promptHandlers{lib: lib, ws: ws, log: log}
	if opts.FollowClientRoots && !opts.NoPrompts {
		sessionRoots.onWorkspace = func(ws *workspace.Workspace) { h.followRoots(ws.Roots()) }
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "speedgrapher", Title: "Speedgrapher", Version: Version},
		&mcp.ServerOptions{
			Instructions:            instructions,
			Logger:                  log,
			CompletionHandler:       h.complete,
			RootsListChangedHandler: sessionRoots.rootsChanged,
			Capabilities:            capabilities(opts),
		})
	pub := &promptPublisher{srv: s, h: h}
	// Templates and tools are registered once the handshake is over, so the
	// answer to initialize never waits for them; later requests do.
	ready := make(chan struct{})
	register := sync.OnceFunc(func() {
		go func() {
			defer close(ready)
			if !opts.NoPrompts {
				h.registerGuidelines(s)
				lib.Start(pub.publish)
				if opts.Watch != nil {
					if err := lib.Watch(opts.Watch); err != nil {
						log.Warn("prompt files are not watched; edits show on the next prompts/get", "error", err)
					}
				}
			}
			if !opts.NoTools {
				tools.Register(s, Files{Default: ws})
			}
		}()
	})
	// The workspace is found first, so that a client's roots can set the
	// project's prompt directories before the first registration reads them.
	s.AddReceivingMiddleware(initializeOnce, sessionRoots.middleware, afterHandshake(register, ready), logRequests(log), limitToolCalls(maxToolCalls))
	s.AddSendingMiddleware(onlyRealListChanges(&pub.edited))
	return s, nil
}

// onlyRealListChanges drops the list-changed notifications that the first
// registration causes. It runs after the session exists, so the SDK announces
// it, but no client can have seen the lists before it: every list request
// waits for it. The notification would be noise, and it would break the
// promise that `initialize; tools/list | speedgrapher` prints two lines. Once a
// reload has edited the prompts and their resources (edited), notifications
// pass; the tools never change after registration.
func onlyRealListChanges(edited *atomic.Bool) mcp.Middleware {
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if strings.HasSuffix(method, "/list_changed") && !edited.Load() {
				return nil, nil
			}
			return next(ctx, method, req)
		}
	}
}

// capabilities says up front what the server offers, rather than letting the
// SDK infer it from what is registered when a client initializes.
func capabilities(opts Options) *mcp.ServerCapabilities {
	c := &mcp.ServerCapabilities{
		Completions: &mcp.CompletionCapabilities{},
		Logging:     &mcp.LoggingCapabilities{},
	}
	if !opts.NoPrompts {
		c.Prompts = &mcp.PromptCapabilities{ListChanged: true}
		c.Resources = &mcp.ResourceCapabilities{ListChanged: true}
	}
	if !opts.NoTools {
		c.Tools = &mcp.ToolCapabilities{ListChanged: true}
	}
	return c
}

// initializeOnce answers a second initialize in a session with -32600. The
// SDK refuses it with a plain error, which goes out with code 0 over HTTP (not
// a JSON-RPC code) and as -32603 over stdio (blaming the server). The request
// is well formed and its method exists, but it is not valid in a session that
// has begun: an invalid request, in JSON-RPC's terms.
func initializeOnce(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if method != "initialize" {
			return next(ctx, method, req)
		}
		ss, _ := req.GetSession().(*mcp.ServerSession)
		if ss != nil && ss.InitializeParams() != nil {
			return nil, errAlreadyInitialized
		}
		res, err := next(ctx, method, req)
		var wire *jsonrpc.Error
		if err != nil && !errors.As(err, &wire) {
			// Two initialize requests raced past the check above; the SDK
			// let the first one through and refused this one.
			return nil, errAlreadyInitialized
		}
		return res, err
	}
}

var errAlreadyInitialized = &jsonrpc.Error{Code: jsonrpc.CodeInvalidRequest,
	Message: "invalid request: the session is already initialized; send initialize once, at the start of a session"}

// isWorkRequest reports whether method is a request beyond the handshake:
// not initialize, not ping, not a notification.
func isWorkRequest(method string) bool {
	return method != "initialize" && method != "ping" && !strings.HasPrefix(method, "notifications/")
}

// afterHandshake lets initialize, ping and notifications through at once;
// any other request starts the registration (once) and waits until it is done.
func afterHandshake(register func(), ready <-chan struct{}) mcp.Middleware {
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if isWorkRequest(method) {
				register()
				select {
				case <-ready:
				case <-ctx.Done():
					return nil, ctx.Err()
				}
			}
			return next(ctx, method, req)
		}
	}
}

const instructions = `Speedgrapher helps write and edit technical articles. Its prompts are slash commands for ` +
	`writing work (review, outline, expand, localize, ...); its tools measure a markdown draft ` +
	`(readability, lint, structure) and report findings with line and column. Paths are relative to the workspace.`
