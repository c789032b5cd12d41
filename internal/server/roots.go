package server

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/speedgrapher/speedgrapher/internal/workspace"
)

// rootsTimeout bounds a roots/list request: a client that offers roots but
// does not answer must not hold up a writer's command for long.
const rootsTimeout = 5 * time.Second

// fileMethods are the requests that may read the writer's files, and so get
// the session's workspace in their context.
var fileMethods = map[string]bool{
	"tools/call":          true,
	"prompts/get":         true,
	"completion/complete": true,
	"resources/read":      true,
}

// rootsResolver finds each session's workspace. With --root the workspace is
// fixed. Without it, a client that offers the roots capability is asked for
// its roots (once per session, again after notifications/roots/list_changed);
// any other client gets the default, the current directory: a client without
// roots, one on protocol 2026-07-28 or later (where roots are deprecated), and
// a stateless HTTP request, which cannot be asked anything.
//
// Unless trustClient is set, the client's roots only narrow the default: a
// root outside it is dropped. Over HTTP anyone who reaches the port is a
// client, and a root of file:/// would otherwise open the whole filesystem.
type rootsResolver struct {
	def         *workspace.Workspace
	explicit    bool // --root was given: the client's roots are not asked for
	trustClient bool // the client is the writer's own editor (stdio): its roots may name any directory
	log         *slog.Logger
	timeout     time.Duration

	mu       sync.Mutex
	sessions map[*mcp.ServerSession]*sessionRoots

	// onWorkspace, when set, is told the session's workspace before each
	// request after the handshake is handled, so that the first one finds
	// the project's commands in place.
	onWorkspace func(*workspace.Workspace)
}

// sessionRoots is one session's cached workspace.
type sessionRoots struct {
	mu      sync.Mutex
	ws      *workspace.Workspace
	valid   bool          // ws answers the latest roots/list_changed
	gen     int           // incremented by each roots/list_changed
	pending chan struct{} // non-nil while a roots/list runs; closed when it ends
}

func newRootsResolver(def *workspace.Workspace, explicit bool, log *slog.Logger) *rootsResolver {
	return &rootsResolver{
		def: def, explicit: explicit, log: log, timeout: rootsTimeout,
		sessions: make(map[*mcp.ServerSession]*sessionRoots),
	}
}

// workspaceFor returns the workspace of the session ss. Concurrent requests of
// one session share one roots/list. It never fails: when the client's roots
// cannot be had, the default workspace is used and the reason logged.
func (r *rootsResolver) workspaceFor(ctx context.Context, ss *mcp.ServerSession) *workspace.Workspace {
	if r.explicit || ss == nil || !offersRoots(ss) {
		return r.def
	}
	e := r.entry(ss)
	for {
		e.mu.Lock()
		if e.valid {
			ws := e.ws
			e.mu.Unlock()
			return ws
		}
		if wait := e.pending; wait != nil {
			e.mu.Unlock()
			select {
			case <-wait:
				continue
			case <-ctx.Done():
				return r.def // the caller is gone and checks ctx itself
			}
		}
		done, gen := make(chan struct{}), e.gen
		e.pending = done
		e.mu.Unlock()

		ws, keep := r.fetch(ctx, ss)

		e.mu.Lock()
		e.pending = nil
		close(done)
		if keep && gen == e.gen {
			e.ws, e.valid = ws, true
		}
		e.mu.Unlock()
		return ws
	}
}

// rootsDeprecatedIn is the protocol version that deprecates roots and forbids
// asking for them with a roots/list request (SEP-2577, SEP-2322). A client
// speaking it gets the default workspace: it should pass paths instead.
const rootsDeprecatedIn = "2026-07-28"

// offersRoots reports whether the client declared the roots capability on a
// protocol version that lets the server ask for them.
func offersRoots(ss *mcp.ServerSession) bool {
	p := ss.InitializeParams()
	return p != nil && p.ProtocolVersion < rootsDeprecatedIn && p.Capabilities != nil && p.Capabilities.RootsV2 != nil
}

// entry returns the cache entry of ss, making it on first use. The entry is
// dropped when the session ends, so closed sessions leave nothing behind.
func (r *rootsResolver) entry(ss *mcp.ServerSession) *sessionRoots {
	r.mu.Lock()
	defer r.mu.Unlock()
	e, ok := r.sessions[ss]
	if !ok {
		e = &sessionRoots{}
		r.sessions[ss] = e
		go func() {
			ss.Wait()
			r.mu.Lock()
			delete(r.sessions, ss)
			r.mu.Unlock()
		}()
	}
	return e
}

// cached is the number of sessions with a cache entry (for tests).
func (r *rootsResolver) cached() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.sessions)
}

// fetch asks the client for its roots and makes a workspace of the usable
// ones: file:// URIs naming directories, inside the default workspace unless
// the client is trusted. keep is false when the answer must not be cached
// because the request that asked was cancelled.
func (r *rootsResolver) fetch(ctx context.Context, ss *mcp.ServerSession) (ws *workspace.Workspace, keep bool) {
	lctx, cancel := context.WithTimeout(ctx, r.timeout)
	defer cancel()
	res, err := ss.ListRoots(lctx, nil)
	if err != nil {
		if ctx.Err() != nil {
			return r.def, false
		}
		if errors.Is(err, context.DeadlineExceeded) {
			err = errors.New("no answer in " + r.timeout.String())
		}
		r.log.WarnContext(ctx, "roots/list failed; using the default workspace",
			"session", ss.ID(), "error", err, "workspace", r.def.Roots())
		return r.def, true
	}
	var dirs []string
	for _, root := range res.Roots {
		if !strings.HasPrefix(strings.ToLower(root.URI), "file://") {
			r.log.WarnContext(ctx, "client root skipped: not a file:// URI", "session", ss.ID(), "uri", root.URI)
			continue
		}
		one, err := workspace.New(root.URI)
		if err != nil {
			r.log.WarnContext(ctx, "client root skipped", "session", ss.ID(), "uri", root.URI, "error", err)
			continue
		}
		if !r.trustClient && !one.Within(r.def) {
			r.log.WarnContext(ctx, "client root skipped: outside the server's workspace; a client's roots may only narrow it",
				"session", ss.ID(), "uri", root.URI, "workspace", r.def.Roots())
			continue
		}
		dirs = append(dirs, root.URI)
	}
	if len(dirs) == 0 {
		r.log.InfoContext(ctx, "client offered no usable roots; using the default workspace",
			"session", ss.ID(), "workspace", r.def.Roots())
		return r.def, true
	}
	ws, err = workspace.New(dirs...)
	if err == nil && !r.trustClient && !ws.Within(r.def) {
		err = errors.New("a root changed to point outside the server's workspace")
	}
	if err != nil { // a root vanished or changed between the two checks
		r.log.WarnContext(ctx, "client roots unusable; using the default workspace", "session", ss.ID(), "error", err)
		return r.def, true
	}
	r.log.InfoContext(ctx, "workspace from the client's roots", "session", ss.ID(), "roots", ws.Roots())
	return ws, true
}

// rootsChanged is the ServerOptions.RootsListChangedHandler: the session's
// next request that reads files asks for the roots again.
func (r *rootsResolver) rootsChanged(_ context.Context, req *mcp.RootsListChangedRequest) {
	if r.explicit || req.Session == nil {
		return
	}
	r.mu.Lock()
	e, ok := r.sessions[req.Session]
	r.mu.Unlock()
	if !ok {
		return // never asked: the first request will ask anyway
	}
	e.mu.Lock()
	e.gen++
	e.valid = false
	e.mu.Unlock()
}

// middleware puts the session's workspace into the context of every request
// that may read files (see workspace.FromContext) and, when onWorkspace is
// set, of every request after the handshake, telling onWorkspace first.
func (r *rootsResolver) middleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if fileMethods[method] || r.onWorkspace != nil && isWorkRequest(method) {
			ss, _ := req.GetSession().(*mcp.ServerSession)
			ws := r.workspaceFor(ctx, ss)
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			if r.onWorkspace != nil {
				r.onWorkspace(ws)
			}
			ctx = workspace.NewContext(ctx, ws)
		}
		return next(ctx, method, req)
	}
}

// Files reads a writer's files for the tools: from the workspace of the
// request's session (put in the context by the server's middleware), else
// from Default. Every refusal is logged, to stderr and to the client.
type Files struct {
	Default *workspace.Workspace
}

// ReadFile reads path through the context's workspace; see
// workspace.Workspace.ReadFile for what it refuses.
func (f Files) ReadFile(ctx context.Context, path string) (abs string, data []byte, err error) {
	ws := workspace.FromContextOr(ctx, f.Default)
	if ws == nil {
		return "", nil, errors.New(`read file: this server has no workspace; pass the draft as "text"`)
	}
	abs, data, err = ws.ReadFile(path)
	switch {
	case errors.Is(err, workspace.ErrNotFound):
		// Often expected (an optional .speedgrapher.yaml); the caller reports it when it matters.
		requestLogger(ctx).DebugContext(ctx, "no such file", "path", path)
	case err != nil:
		requestLogger(ctx).WarnContext(ctx, "file read refused", "path", path, "error", err)
	}
	return abs, data, err
}

// Resolve returns the absolute path of path in the context's workspace.
func (f Files) Resolve(ctx context.Context, path string) (string, error) {
	ws := workspace.FromContextOr(ctx, f.Default)
	if ws == nil {
		return "", errors.New("resolve: this server has no workspace")
	}
	return ws.Resolve(path)
}

// WriteFile writes path back through the context's workspace (for the fix
// tool); see workspace.Workspace.WriteFile for the atomic write and the
// check that the file did not change since it was read.
func (f Files) WriteFile(ctx context.Context, path string, old, data []byte) error {
	ws := workspace.FromContextOr(ctx, f.Default)
	if ws == nil {
		return errors.New("write file: this server has no workspace")
	}
	err := ws.WriteFile(path, old, data)
	if err != nil {
		requestLogger(ctx).WarnContext(ctx, "file write refused", "path", path, "error", err)
	} else {
		requestLogger(ctx).InfoContext(ctx, "file written", "path", path)
	}
	return err
}
