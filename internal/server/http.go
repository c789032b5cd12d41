package server

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// HTTPOptions configures the streamable-HTTP mode.
type HTTPOptions struct {
	// Addr is host:port, :port or a bare port; the last two bind loopback only.
	Addr string
	// Stateless serves every request with a fresh session and keeps nothing
	// in the process between requests, so replicas need no shared state.
	Stateless bool
	// Token, when set, is required as "Authorization: Bearer <token>".
	Token string
	// MaxBodyBytes bounds a request body; 0 means DefaultMaxBodyBytes.
	MaxBodyBytes int64
	// ShutdownTimeout bounds how long requests in flight may finish after
	// the context ends; 0 means 30 seconds.
	ShutdownTimeout time.Duration
	// SessionTimeout closes a session that has sent no request for this
	// long, so clients that vanish without ending their session leave
	// nothing behind; 0 means DefaultSessionTimeout, negative means never.
	SessionTimeout time.Duration
	// MaxSessions bounds the sessions kept at once; an initialize beyond it
	// gets 503 and a JSON-RPC error. 0 means DefaultMaxSessions.
	MaxSessions int
	Logger      *slog.Logger
}

// DefaultSessionTimeout is how long an idle stateful session is kept. A
// client that comes back later gets 404 and, as the protocol says, starts a
// new session.
const DefaultSessionTimeout = 30 * time.Minute

// DefaultMaxBodyBytes is the largest request body accepted over HTTP: a
// 16 MiB draft sent as text, plus room for JSON escaping.
const DefaultMaxBodyBytes = 40 << 20

// Timeouts for the HTTP server. A POST gets postWriteTimeout to answer; a GET
// is a long-lived event stream and gets none.
const (
	readHeaderTimeout = 10 * time.Second
	readTimeout       = 60 * time.Second
	idleTimeout       = 2 * time.Minute
	postWriteTimeout  = 5 * time.Minute
)

// ListenAddr turns a bare port or ":port" into a loopback address, so that
// exposing the server beyond this machine is always an explicit choice.
func ListenAddr(addr string) string {
	if !strings.Contains(addr, ":") {
		return "127.0.0.1:" + addr
	}
	if strings.HasPrefix(addr, ":") {
		return "127.0.0.1" + addr
	}
	return addr
}

// HTTPHandler serves MCP over streamable HTTP at /mcp, with DNS-rebinding
// and cross-origin protection, an optional bearer token, a body limit, a
// limit on sessions, and JSON-RPC errors for every message it refuses.
func HTTPHandler(srv *mcp.Server, opts HTTPOptions) http.Handler {
	return httpHandler(srv, opts, nil)
}

// httpHandler is HTTPHandler; when streamsEnd is closed, the long-lived GET
// event streams end, so that a graceful shutdown need not wait for them.
func httpHandler(srv *mcp.Server, opts HTTPOptions, streamsEnd <-chan struct{}) http.Handler {
	maxBody := opts.MaxBodyBytes
	if maxBody == 0 {
		maxBody = DefaultMaxBodyBytes
	}
	sessionTimeout := opts.SessionTimeout
	if sessionTimeout == 0 {
		sessionTimeout = DefaultSessionTimeout
	} else if sessionTimeout < 0 {
		sessionTimeout = 0
	}
	mcpHandler := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv },
		&mcp.StreamableHTTPOptions{
			Stateless:           opts.Stateless,
			Logger:              opts.Logger,
			MaxRequestBodyBytes: maxBody,
			SessionTimeout:      sessionTimeout,
		})
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	check := &checkMessages{next: mcpHandler, maxBody: maxBody, log: log}
	if !opts.Stateless {
		maxSessions := opts.MaxSessions
		if maxSessions <= 0 {
			maxSessions = DefaultMaxSessions
		}
		check.sessions = &sessionLimit{srv: srv, max: maxSessions}
	}
	var h http.Handler = http.NewCrossOriginProtection().Handler(check)
	h = writeDeadline(h, streamsEnd)
	if opts.Token != "" {
		h = requireToken(opts.Token, h)
	}
	mux := http.NewServeMux()
	mux.Handle("/mcp", h)
	return mux
}

// requireToken answers 401 unless the request carries the bearer token. The
// comparison takes the same time whatever the guess.
func requireToken(token string, next http.Handler) http.Handler {
	want := sha256.Sum256([]byte(token))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		sum := sha256.Sum256([]byte(got))
		if !ok || subtle.ConstantTimeCompare(sum[:], want[:]) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="speedgrapher"`)
			http.Error(w, "401 unauthorized: send Authorization: Bearer <SPEEDGRAPHER_TOKEN>", http.StatusUnauthorized)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// writeDeadline bounds the time to answer a POST; GET event streams stay open
// until the client leaves or streamsEnd is closed.
func writeDeadline(next http.Handler, streamsEnd <-chan struct{}) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet {
			_ = http.NewResponseController(w).SetWriteDeadline(time.Now().Add(postWriteTimeout))
		} else if streamsEnd != nil {
			ctx, cancel := context.WithCancel(r.Context())
			defer cancel()
			go func() {
				select {
				case <-streamsEnd:
					cancel()
				case <-ctx.Done():
				}
			}()
			r = r.WithContext(ctx)
		}
		next.ServeHTTP(w, r)
	})
}

// ServeHTTP listens on opts.Addr and serves until ctx ends, then lets the
// requests in flight finish (up to ShutdownTimeout) before returning.
// ready, if not nil, receives the address actually bound.
func ServeHTTP(ctx context.Context, srv *mcp.Server, opts HTTPOptions, ready func(addr string)) error {
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	ln, err := net.Listen("tcp", ListenAddr(opts.Addr))
	if err != nil {
		return fmt.Errorf("listening on %q: %w", opts.Addr, err)
	}
	streamsEnd := make(chan struct{})
	hs := &http.Server{
		Handler:           httpHandler(srv, opts, streamsEnd),
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		IdleTimeout:       idleTimeout,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	addr := ln.Addr().String()
	log.Info("serving MCP over HTTP", "url", "http://"+addr+"/mcp", "stateless", opts.Stateless, "token", opts.Token != "")
	if ready != nil {
		ready(addr)
	}
	// Shutdown waits for requests in flight; an event stream never finishes
	// by itself, so it is ended as shutdown begins (the client reconnects
	// elsewhere or later).
	hs.RegisterOnShutdown(func() { close(streamsEnd) })
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	timeout := opts.ShutdownTimeout
	if timeout == 0 {
		timeout = 30 * time.Second
	}
	log.Info("shutting down: finishing requests in flight", "timeout", timeout)
	sctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	err = hs.Shutdown(sctx)
	if errors.Is(err, context.DeadlineExceeded) {
		log.Warn("requests still running at the shutdown timeout were cut off")
		err = hs.Close()
	}
	if e := <-served; !errors.Is(e, http.ErrServerClosed) && err == nil {
		err = e
	}
	return err
}
