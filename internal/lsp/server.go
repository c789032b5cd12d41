package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/speedgrapher/speedgrapher/internal/config"
	"github.com/speedgrapher/speedgrapher/internal/workspace"
)

// DefaultDebounce is the shortest time between two lints of a document
// while the writer types: long enough to skip most keystrokes of a word
// typed quickly, short enough to feel immediate.
const DefaultDebounce = 50 * time.Millisecond

// ErrNoShutdown is returned by Serve when the client sent exit without
// shutdown first (the protocol's exit status 1).
var ErrNoShutdown = errors.New("serve lsp: exit without shutdown")

// Server is one editor session's language server.
type Server struct {
	// Debounce is the shortest time between two lints of a document on
	// change; 0 lints every change at once.
	Debounce time.Duration
	// Roots are the workspace directories. Empty takes the client's
	// workspace folders, else the current directory.
	Roots []string
	// Version is reported to the client as the server's version.
	Version string
	Log     *slog.Logger

	out *writer

	mu          sync.Mutex
	docs        map[string]*document
	ws          *workspace.Workspace
	base        *config.Config
	configError bool // a diagnostic on the config file is showing
	closed      bool
	wg          sync.WaitGroup

	// Only the reading goroutine touches these.
	initialized  bool
	shuttingDown bool
	watchFiles   bool // the client can watch .speedgrapher.yaml for us
}

// document is an open markdown draft.
type document struct {
	uri     string
	path    string // file path for a file: URI, else ""
	version int
	text    string
	// gen counts changes to the text or the configuration; an analysis is
	// current when it was made from the document's gen.
	gen       int
	published int
	timer     *time.Timer
	linted    time.Time // when the last lint started
	current   *analysis
}

// New returns a server with the default debounce.
func New() *Server {
	return &Server{Debounce: DefaultDebounce, Log: slog.New(slog.DiscardHandler)}
}

// Serve reads messages from in and writes to out until the client exits or
// in ends. It returns nil after shutdown then exit, or at the end of input;
// ErrNoShutdown after exit without shutdown.
func (s *Server) Serve(ctx context.Context, in io.Reader, out io.Writer) error {
	s.out = &writer{w: out}
	s.docs = map[string]*document{}
	s.base = &config.Config{}
	if s.Log == nil {
		s.Log = slog.New(slog.DiscardHandler)
	}
	defer s.close()
	r := newReader(in)
	for ctx.Err() == nil {
		body, err := r.read()
		var fe *framingError
		switch {
		case errors.As(err, &fe):
			s.Log.Warn("bad message", "error", fe.msg)
			s.replyError(nullID, &rpcError{Code: codeParseError, Message: fe.msg})
			continue
		case errors.Is(err, io.EOF):
			return nil
		case err != nil:
			return fmt.Errorf("serve lsp: read: %w", err)
		}
		if exit := s.handleMessage(ctx, body); exit {
			if !s.shuttingDown {
				return ErrNoShutdown
			}
			return nil
		}
	}
	return ctx.Err()
}

// close stops the pending lints and waits for the running ones.
func (s *Server) close() {
	s.mu.Lock()
	s.closed = true
	for _, d := range s.docs {
		if d.timer != nil {
			d.timer.Stop()
		}
	}
	s.mu.Unlock()
	s.wg.Wait()
}

// handleMessage handles one message body and reports whether it was exit.
func (s *Server) handleMessage(ctx context.Context, body []byte) (exit bool) {
	var m message
	if err := json.Unmarshal(body, &m); err != nil {
		id := nullID
		if len(body) > 0 && body[0] == '[' {
			s.replyError(id, errorf(codeInvalidRequest, "read message: batches are not part of the language server protocol; send one message at a time"))
			return false
		}
		s.replyError(id, errorf(codeParseError, "read message: %v", err))
		return false
	}
	switch {
	case m.Method == "" && len(m.ID) > 0 && (len(m.Result) > 0 || len(m.Error) > 0):
		return false // a response to one of our requests
	case m.Method == "" || m.JSONRPC != "2.0":
		id := m.ID
		if len(id) == 0 {
			id = nullID
		}
		s.replyError(id, errorf(codeInvalidRequest, "read message: not a JSON-RPC 2.0 request or notification; send jsonrpc \"2.0\" and a method"))
		return false
	case m.Method == "exit":
		return true
	}
	if !m.isRequest() {
		s.notification(ctx, &m)
		return false
	}
	result, err := s.request(ctx, &m)
	if err != nil {
		s.replyError(m.ID, err)
		return false
	}
	if werr := s.out.write(response{JSONRPC: "2.0", ID: m.ID, Result: result}); werr != nil {
		s.Log.Warn("write response", "error", werr)
	}
	return false
}

func (s *Server) replyError(id json.RawMessage, e *rpcError) {
	if err := s.out.write(errorResponse{JSONRPC: "2.0", ID: id, Error: e}); err != nil {
		s.Log.Warn("write response", "error", err)
	}
}

func (s *Server) notify(method string, params any) {
	if err := s.out.write(notification{JSONRPC: "2.0", Method: method, Params: params}); err != nil {
		s.Log.Warn("write notification", "method", method, "error", err)
	}
}

// decode reads params into v, or says which are wrong.
func decode(m *message, v any) *rpcError {
	if err := json.Unmarshal(rawOrNull(m.Params), v); err != nil {
		return errorf(codeInvalidParams, "%s: invalid params: %v", m.Method, err)
	}
	return nil
}

// request answers a request; a panic in a handler becomes an internal error.
func (s *Server) request(ctx context.Context, m *message) (result any, rerr *rpcError) {
	defer func() {
		if p := recover(); p != nil {
			s.Log.Error("request panicked", "method", m.Method, "panic", p, "stack", string(debug.Stack()))
			result, rerr = nil, errorf(codeInternalError, "%s: internal error; please report it with the draft that caused it", m.Method)
		}
	}()
	switch {
	case m.Method == "initialize":
		if s.initialized {
			return nil, errorf(codeInvalidRequest, "initialize: already initialized")
		}
		return s.initialize(m)
	case !s.initialized:
		return nil, errorf(codeServerNotInitialized, "%s: the server is not initialized; send initialize first", m.Method)
	case s.shuttingDown:
		return nil, errorf(codeInvalidRequest, "%s: the server is shutting down; send exit", m.Method)
	}
	switch m.Method {
	case "shutdown":
		s.shuttingDown = true
		return nil, nil
	case "textDocument/hover":
		var p textDocumentPositionParams
		if err := decode(m, &p); err != nil {
			return nil, err
		}
		return s.hover(p), nil
	case "textDocument/documentSymbol":
		var p struct {
			TextDocument TextDocumentIdentifier `json:"textDocument"`
		}
		if err := decode(m, &p); err != nil {
			return nil, err
		}
		return s.symbols(p.TextDocument.URI), nil
	case "textDocument/codeAction":
		var p codeActionParams
		if err := decode(m, &p); err != nil {
			return nil, err
		}
		return s.codeActions(p), nil
	}
	return nil, errorf(codeMethodNotFound, "%s: method not found", m.Method)
}

// notification handles a notification; bad params are logged, as a
// notification has no answer.
func (s *Server) notification(ctx context.Context, m *message) {
	defer func() {
		if p := recover(); p != nil {
			s.Log.Error("notification panicked", "method", m.Method, "panic", p, "stack", string(debug.Stack()))
		}
	}()
	if !s.initialized || s.shuttingDown {
		return
	}
	bad := func(err *rpcError) { s.Log.Warn("bad notification", "method", m.Method, "error", err.Message) }
	switch m.Method {
	case "initialized":
		if s.watchFiles {
			s.registerWatcher()
		}
	case "textDocument/didOpen":
		var p didOpenParams
		if err := decode(m, &p); err != nil {
			bad(err)
			return
		}
		s.didOpen(p.TextDocument)
	case "textDocument/didChange":
		var p didChangeParams
		if err := decode(m, &p); err != nil {
			bad(err)
			return
		}
		s.didChange(p)
	case "textDocument/didSave":
		var p didSaveParams
		if err := decode(m, &p); err != nil {
			bad(err)
			return
		}
		s.didSave(p)
	case "textDocument/didClose":
		var p didCloseParams
		if err := decode(m, &p); err != nil {
			bad(err)
			return
		}
		s.didClose(p.TextDocument.URI)
	case "workspace/didChangeConfiguration":
		s.reloadConfig()
	case "workspace/didChangeWatchedFiles":
		var p didChangeWatchedFilesParams
		if err := decode(m, &p); err != nil {
			bad(err)
			return
		}
		for _, c := range p.Changes {
			if isConfigFile(c.URI) {
				s.reloadConfig()
				break
			}
		}
	}
}

func (s *Server) initialize(m *message) (any, *rpcError) {
	var p struct {
		initializeParams
		Capabilities struct {
			Workspace struct {
				DidChangeWatchedFiles struct {
					DynamicRegistration bool `json:"dynamicRegistration"`
				} `json:"didChangeWatchedFiles"`
			} `json:"workspace"`
		} `json:"capabilities"`
	}
	if err := decode(m, &p); err != nil {
		return nil, err
	}
	roots := s.Roots
	if len(roots) == 0 {
		for _, f := range p.WorkspaceFolders {
			if path := filePath(f.URI); path != "" {
				roots = append(roots, path)
			}
		}
	}
	if len(roots) == 0 && p.RootURI != nil {
		if path := filePath(*p.RootURI); path != "" {
			roots = append(roots, path)
		}
	}
	if len(roots) == 0 {
		roots = []string{"."}
	}
	ws, err := workspace.New(roots...)
	if err != nil {
		// The drafts are still checked, without reading other files.
		s.Log.Warn("no workspace: links are not checked", "roots", roots, "error", err)
	}
	s.mu.Lock()
	s.ws = ws
	s.mu.Unlock()
	s.initialized = true
	s.watchFiles = p.Capabilities.Workspace.DidChangeWatchedFiles.DynamicRegistration
	s.loadConfig()
	return map[string]any{
		"capabilities": serverCapabilities(),
		"serverInfo":   map[string]string{"name": "speedgrapher", "version": s.Version},
	}, nil
}

// registerWatcher asks the client to report changes to the configuration
// file; the answer needs no handling.
func (s *Server) registerWatcher() {
	s.out.write(map[string]any{
		"jsonrpc": "2.0", "id": "speedgrapher-watch-config", "method": "client/registerCapability",
		"params": map[string]any{"registrations": []any{map[string]any{
			"id": "speedgrapher-config", "method": "workspace/didChangeWatchedFiles",
			"registerOptions": map[string]any{"watchers": []any{map[string]any{"globPattern": "**/" + config.FileName}}},
		}}},
	})
}

// filePath returns the path of a file: URI, "" for other URIs.
func filePath(uri string) string {
	u, err := url.Parse(uri)
	if err != nil || !strings.EqualFold(u.Scheme, "file") || u.Path == "" {
		return ""
	}
	return filepath.FromSlash(u.Path)
}

func fileURI(path string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(path)}).String()
}

func isConfigFile(uri string) bool {
	return filepath.Base(filePath(uri)) == config.FileName
}

// isMarkdown reports whether a document is one the server checks.
func isMarkdown(languageID, uri string) bool {
	switch strings.ToLower(languageID) {
	case "markdown", "mdx":
		return true
	}
	switch strings.ToLower(filepath.Ext(filePath(uri))) {
	case ".md", ".markdown", ".mdown", ".mkd", ".mdx":
		return true
	}
	return false
}

func (s *Server) didOpen(item TextDocumentItem) {
	if isConfigFile(item.URI) {
		s.reloadConfig()
		return
	}
	if !isMarkdown(item.LanguageID, item.URI) {
		return
	}
	s.mu.Lock()
	if old := s.docs[item.URI]; old != nil && old.timer != nil {
		old.timer.Stop()
	}
	s.docs[item.URI] = &document{uri: item.URI, path: filePath(item.URI), version: item.Version, text: item.Text, gen: 1}
	s.mu.Unlock()
	s.lint(item.URI)
}

func (s *Server) didChange(p didChangeParams) {
	s.mu.Lock()
	d := s.docs[p.TextDocument.URI]
	if d == nil {
		s.mu.Unlock()
		return
	}
	for _, c := range p.ContentChanges {
		d.text = applyChange(d.text, c)
	}
	d.version = p.TextDocument.Version
	d.gen++
	d.current = nil
	if d.timer != nil {
		d.timer.Stop()
		d.timer = nil
	}
	// The first change after a quiet spell is linted at once; a change
	// within Debounce of the last lint waits for the end of that window, so
	// fast typing costs one lint per window and the last keystroke is
	// always linted.
	if wait := s.Debounce - time.Since(d.linted); s.Debounce > 0 && wait > 0 {
		uri := d.uri
		d.timer = time.AfterFunc(wait, func() { s.lint(uri) })
		s.mu.Unlock()
		return
	}
	s.mu.Unlock()
	s.lint(p.TextDocument.URI)
}

func (s *Server) didSave(p didSaveParams) {
	if isConfigFile(p.TextDocument.URI) {
		s.reloadConfig()
		return
	}
	s.mu.Lock()
	d := s.docs[p.TextDocument.URI]
	if d == nil {
		s.mu.Unlock()
		return
	}
	if p.Text != nil && *p.Text != d.text {
		d.text = *p.Text
		d.gen++
		d.current = nil
	}
	// A save re-reads linked files: re-lint even when the text is the same.
	d.gen++
	if d.timer != nil {
		d.timer.Stop()
		d.timer = nil
	}
	s.mu.Unlock()
	s.lint(p.TextDocument.URI)
}

func (s *Server) didClose(uri string) {
	s.mu.Lock()
	d := s.docs[uri]
	delete(s.docs, uri)
	if d != nil && d.timer != nil {
		d.timer.Stop()
	}
	s.mu.Unlock()
	if d != nil {
		s.notify("textDocument/publishDiagnostics", publishDiagnosticsParams{URI: uri, Diagnostics: []Diagnostic{}})
	}
}

// lint analyses the document at uri unless its analysis is current, and
// publishes the diagnostics unless a newer version has come in meanwhile.
// It returns the current analysis, nil when the document is not open.
func (s *Server) lint(uri string) *analysis {
	s.mu.Lock()
	d := s.docs[uri]
	if d == nil || s.closed {
		s.mu.Unlock()
		return nil
	}
	if d.current != nil && d.current.gen == d.gen {
		a := d.current
		s.mu.Unlock()
		return a
	}
	gen, text := d.gen, d.text
	d.linted = time.Now()
	in := lintInput{ws: s.ws, base: s.base, path: d.path}
	s.wg.Add(1)
	s.mu.Unlock()
	defer s.wg.Done()

	a := s.safeAnalyze(text, in)
	a.gen = gen

	s.mu.Lock()
	defer s.mu.Unlock()
	if s.docs[uri] != d || d.gen != gen {
		return a // stale: a newer lint will publish
	}
	d.current = a
	if d.published < gen {
		d.published = gen
		version := d.version
		s.notify("textDocument/publishDiagnostics", publishDiagnosticsParams{URI: uri, Version: &version, Diagnostics: a.diags})
	}
	return a
}

// safeAnalyze is analyze with a panic turned into one diagnostic, so that
// a draft that trips a bug never takes the session down.
func (s *Server) safeAnalyze(text string, in lintInput) (a *analysis) {
	defer func() {
		if p := recover(); p != nil {
			s.Log.Error("lint panicked", "path", in.path, "panic", p, "stack", string(debug.Stack()))
			a = &analysis{text: text, lines: newLineIndex(text), diags: []Diagnostic{{
				Severity: severityError, Code: "internal", Source: "speedgrapher",
				Message: "speedgrapher could not check this file (internal error); please report it with the draft",
			}}}
		}
	}()
	return analyze(text, in)
}

// loadConfig reads .speedgrapher.yaml from the workspace. A bad file is
// shown to the writer (a message, and a diagnostic on the file) and the
// drafts are checked without it meanwhile.
func (s *Server) loadConfig() {
	s.mu.Lock()
	ws := s.ws
	s.mu.Unlock()
	base := &config.Config{}
	var loadErr error
	if ws != nil {
		base, loadErr = config.Load(func(name string) ([]byte, error) {
			_, data, err := ws.ReadFile(name)
			return data, err
		})
		if loadErr != nil {
			base = &config.Config{}
		}
	}
	s.mu.Lock()
	s.base = base
	hadError := s.configError
	s.configError = loadErr != nil
	s.mu.Unlock()

	if ws == nil || (loadErr == nil && !hadError) {
		return
	}
	uri := fileURI(filepath.Join(ws.Roots()[0], config.FileName))
	diags := []Diagnostic{}
	if loadErr != nil {
		s.Log.Warn("bad configuration", "error", loadErr)
		s.notify("window/showMessage", showMessageParams{Type: messageError,
			Message: fmt.Sprintf("speedgrapher: %v; fix %s (drafts are checked with the default rules meanwhile)", loadErr, config.FileName)})
		line := 0
		var ce *config.Error
		if errors.As(loadErr, &ce) && ce.Line > 0 {
			line = ce.Line - 1
		}
		diags = append(diags, Diagnostic{Range: Range{Position{line, 0}, Position{line + 1, 0}},
			Severity: severityError, Code: "config", Source: "speedgrapher", Message: loadErr.Error()})
	}
	s.notify("textDocument/publishDiagnostics", publishDiagnosticsParams{URI: uri, Diagnostics: diags})
}

// reloadConfig re-reads the configuration and re-lints every open draft.
func (s *Server) reloadConfig() {
	s.loadConfig()
	s.mu.Lock()
	var uris []string
	for uri, d := range s.docs {
		d.gen++
		uris = append(uris, uri)
	}
	s.mu.Unlock()
	for _, uri := range uris {
		s.lint(uri)
	}
}
