package server

import (
	"bytes"
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
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
	Logger         *slog.Logger
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
// and cross-origin protection, an optional bearer token, and a body limit.
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
	var h http.Handler = http.NewCrossOriginProtection().Handler(jsonRPCErrors(mcpHandler, maxBody))
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

// jsonRPCErrors turns the SDK's plain-text 400 answers to a POSTed message it
// cannot dispatch (an unknown method, a malformed message) into JSON-RPC
// error responses, as a client expects: -32601, -32700 or -32600, with the
// request's id. The SDK does this itself only for protocol 2026-07-28.
func jsonRPCErrors(next http.Handler, maxBody int64) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			next.ServeHTTP(w, r)
			return
		}
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
		if err != nil {
			http.Error(w, fmt.Sprintf("request body over %d bytes", maxBody), http.StatusRequestEntityTooLarge)
			return
		}
		if neitherRequestNorResponse(body) {
			writeRPCError(w, body, jsonrpc.CodeInvalidRequest,
				`invalid request: a message needs "method" (a request) or "result" or "error" (a response)`)
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		catcher := &badRequestCatcher{ResponseWriter: w}
		next.ServeHTTP(catcher, r)
		if !catcher.caught {
			return
		}
		text := strings.TrimSpace(catcher.body.String())
		code := int64(0)
		switch {
		case !json.Valid(body):
			code = jsonrpc.CodeParseError
		case strings.HasPrefix(text, "JSON RPC not handled"):
			code = jsonrpc.CodeMethodNotFound
		case strings.Contains(text, "invalid request"), strings.HasPrefix(text, "malformed payload"):
			code = jsonrpc.CodeInvalidRequest
		}
		if code == 0 { // an HTTP-level problem (a missing session, say): keep it
			http.Error(w, text, http.StatusBadRequest)
			return
		}
		writeRPCError(w, body, code, text)
	})
}

// writeRPCError answers the message in body with a JSON-RPC error.
func writeRPCError(w http.ResponseWriter, body []byte, code int64, message string) {
	data, _ := json.Marshal(struct {
		JSONRPC string         `json:"jsonrpc"`
		ID      any            `json:"id"`
		Error   *jsonrpc.Error `json:"error"`
	}{"2.0", requestID(body), &jsonrpc.Error{Code: code, Message: message}})
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	w.Write(data)
}

// neitherRequestNorResponse reports whether body is one JSON object with an
// id but no method, result or error, which the SDK would take for a
// response to nothing and answer 202.
func neitherRequestNorResponse(body []byte) bool {
	var m struct {
		ID, Method, Result, Error json.RawMessage
	}
	if json.Unmarshal(body, &m) != nil {
		return false
	}
	return m.ID != nil && m.Method == nil && m.Result == nil && m.Error == nil
}

// requestID returns the id of the JSON-RPC request in body, as sent, or nil
// when it has none that an answer could carry (a string or a number).
func requestID(body []byte) any {
	var m struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(body, &m) != nil || len(m.ID) == 0 {
		return nil
	}
	switch c := m.ID[0]; {
	case c == '"', c == '-', '0' <= c && c <= '9':
		return m.ID
	}
	return nil
}

// badRequestCatcher holds back a 400 answer so it can be rewritten; any
// other answer passes straight through.
type badRequestCatcher struct {
	http.ResponseWriter
	caught bool
	body   bytes.Buffer
}

func (c *badRequestCatcher) WriteHeader(status int) {
	if status == http.StatusBadRequest {
		c.caught = true
		return
	}
	c.ResponseWriter.WriteHeader(status)
}

func (c *badRequestCatcher) Write(p []byte) (int, error) {
	if c.caught {
		return c.body.Write(p)
	}
	return c.ResponseWriter.Write(p)
}

func (c *badRequestCatcher) Flush() {
	if f, ok := c.ResponseWriter.(http.Flusher); ok && !c.caught {
		f.Flush()
	}
}

func (c *badRequestCatcher) Unwrap() http.ResponseWriter { return c.ResponseWriter }
