package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// checkMessages is the door in front of the SDK's streamable handler. It
// reads each POSTed body and answers every message the SDK would refuse with
// a JSON-RPC error of the right code, before the SDK sees it: the SDK answers
// most of them with a plain-text 400, and one client's bad message must not
// look like a broken server to another. It also holds the session limit.
type checkMessages struct {
	next     http.Handler
	maxBody  int64
	sessions *sessionLimit // nil: no limit (a stateless server keeps no sessions)
	log      *slog.Logger
}

func (c *checkMessages) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		c.next.ServeHTTP(w, r)
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, c.maxBody))
	if err != nil {
		if mbe := (*http.MaxBytesError)(nil); errors.As(err, &mbe) {
			writeRPCError(w, http.StatusRequestEntityTooLarge, nil, jsonrpc.CodeInvalidRequest,
				fmt.Sprintf("invalid request: the body is over %d bytes; send a smaller draft, or its path", c.maxBody))
			return
		}
		writeRPCError(w, http.StatusBadRequest, nil, jsonrpc.CodeParseError, "parse error: reading the body: "+err.Error())
		return
	}
	id, bad := checkMessage(body)
	if bad != nil {
		if bad.code == jsonrpc.CodeMethodNotFound && bad.id != nil && r.Header.Get("MCP-Protocol-Version") >= sessionlessProtocol {
			bad.status = http.StatusNotFound // as the SDK answers this version, where 404 cannot mean a lost session
		}
		c.log.Debug("message refused", "code", bad.code, "error", bad.message)
		writeRPCError(w, bad.status, bad.id, bad.code, bad.message)
		return
	}
	pw := &plainErrors{ResponseWriter: w, id: id}
	if c.sessions != nil && r.Header.Get("Mcp-Session-Id") == "" {
		// A POST without a session makes one (for initialize, one that stays).
		if !c.sessions.enter() {
			c.log.Warn("initialize refused: the session limit is reached", "max_sessions", c.sessions.max)
			w.Header().Set("Retry-After", strconv.Itoa(int(sessionRetryAfter.Seconds())))
			writeRPCError(w, http.StatusServiceUnavailable, id, codeServerBusy, fmt.Sprintf(
				"server busy: %d sessions are open, the most this server keeps (--max-sessions); "+
					"try again later, and end sessions you no longer use", c.sessions.max))
			return
		}
		// By the time the SDK answers, the session it made is on the
		// server's list (or closed): the request stops counting then, not
		// when the handler returns, or a client that initializes right
		// after another's answer could find that session counted twice.
		pw.answering = sync.OnceFunc(c.sessions.leave)
		defer pw.answering()
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	c.next.ServeHTTP(pw, r)
	pw.finish()
}

// sessionlessProtocol is the first protocol version without sessions
// (SEP-2575), where an unknown method is answered with status 404.
const sessionlessProtocol = "2026-07-28"

// codeServerBusy is the JSON-RPC error code of a refusal for lack of room:
// the first of the codes JSON-RPC leaves to servers (-32000 to -32099), as
// no standard code fits.
const codeServerBusy = -32000

// rejection is a JSON-RPC error answer to a POSTed message.
type rejection struct {
	status  int             // HTTP status of the answer
	id      json.RawMessage // the message's id as sent; nil for null
	code    int64
	message string
}

// methodFlags say how a method may be sent.
type methodFlags int

const (
	notification methodFlags = 1 << iota // sent without an id
	needsParams                          // must carry "params"
)

// serverMethods are the methods an MCP server receives, as the SDK handles
// them (its serverMethodInfos). A method not listed here is answered -32601
// without reaching the SDK, which would answer with a plain-text 400.
var serverMethods = map[string]methodFlags{
	"initialize":                       needsParams,
	"ping":                             0,
	"completion/complete":              needsParams,
	"logging/setLevel":                 needsParams,
	"prompts/list":                     0,
	"prompts/get":                      needsParams,
	"resources/list":                   0,
	"resources/templates/list":         0,
	"resources/read":                   needsParams,
	"resources/subscribe":              needsParams,
	"resources/unsubscribe":            needsParams,
	"tools/list":                       0,
	"tools/call":                       needsParams,
	"server/discover":                  0,
	"subscriptions/listen":             needsParams,
	"notifications/initialized":        notification,
	"notifications/cancelled":          notification,
	"notifications/progress":           notification | needsParams,
	"notifications/roots/list_changed": notification,
}

// checkMessage checks (with stdio's wireMessage) that body is one JSON-RPC
// 2.0 message this server handles: a request or notification of a known method, or a response. It
// returns the message's id as sent (nil if none), or why it is refused.
//
// An answer to a request carries its id and status 200, like any answer. A
// notification gets no JSON-RPC answer, so a refused one gets 400, with an
// error that has no id, as the streamable HTTP transport says.
func checkMessage(body []byte) (json.RawMessage, *rejection) {
	body = bytes.TrimSpace(body)
	if !json.Valid(body) {
		return nil, reject(http.StatusOK, nil, jsonrpc.CodeParseError, "parse error: the body is not valid JSON")
	}
	switch body[0] {
	case '{':
	case '[':
		return nil, reject(http.StatusOK, nil, jsonrpc.CodeInvalidRequest, "invalid request: batches are not supported; send one message per POST")
	default:
		return nil, reject(http.StatusOK, nil, jsonrpc.CodeInvalidRequest, "invalid request: a message must be a JSON object")
	}
	var m wireMessage
	if err := json.Unmarshal(body, &m); err != nil {
		return nil, reject(http.StatusOK, nil, jsonrpc.CodeInvalidRequest, "invalid request: %v", err)
	}
	if m.ID != nil && !validID(m.ID) {
		return nil, reject(http.StatusOK, nil, jsonrpc.CodeInvalidRequest, `invalid request: "id" must be a string or an integer of at most 2^53`)
	}
	id := m.ID
	if string(m.JSONRPC) != `"2.0"` {
		return id, reject(http.StatusOK, id, jsonrpc.CodeInvalidRequest, `invalid request: "jsonrpc" must be "2.0"`)
	}
	if m.Method == nil {
		if id == nil || (m.Result == nil) == (m.Error == nil) {
			return id, reject(http.StatusOK, id, jsonrpc.CodeInvalidRequest,
				`invalid request: a request needs "method"; a response needs "id" and one of "result" or "error"`)
		}
		return id, nil // a response, to a request of ours (roots/list)
	}
	var method string
	if json.Unmarshal(m.Method, &method) != nil || method == "" {
		return id, reject(http.StatusOK, id, jsonrpc.CodeInvalidRequest, `invalid request: "method" must be a non-empty string`)
	}
	if m.Params != nil && m.Params[0] != '{' {
		return id, reject(http.StatusOK, id, jsonrpc.CodeInvalidRequest, `invalid request: "params" must be an object`)
	}
	flags, known := serverMethods[method]
	if id == nil { // a notification
		const status = http.StatusBadRequest
		switch {
		case !known:
			return nil, reject(status, nil, jsonrpc.CodeMethodNotFound, "method not found: no notification %q", method)
		case flags&notification == 0:
			return nil, reject(status, nil, jsonrpc.CodeInvalidRequest, "invalid request: %q is a request; send it with an id", method)
		case flags&needsParams != 0 && m.Params == nil:
			return nil, reject(status, nil, jsonrpc.CodeInvalidRequest, `invalid request: %q needs "params"`, method)
		}
		return nil, nil
	}
	switch {
	case !known:
		return id, reject(http.StatusOK, id, jsonrpc.CodeMethodNotFound, "method not found: %q", method)
	case flags&notification != 0:
		return id, reject(http.StatusOK, id, jsonrpc.CodeInvalidRequest, "invalid request: %q is a notification; send it without an id", method)
	case flags&needsParams != 0 && m.Params == nil:
		return id, reject(http.StatusOK, id, jsonrpc.CodeInvalidRequest, `invalid request: %q needs "params"`, method)
	}
	return id, nil
}

func reject(status int, id json.RawMessage, code int64, format string, args ...any) *rejection {
	return &rejection{status: status, id: id, code: code, message: fmt.Sprintf(format, args...)}
}

// maxIntID is the largest integer id accepted. The SDK reads ids through a
// float64, which holds integers exactly only up to 2^53: a larger id would
// be answered under another.
const maxIntID = 1 << 53

// validID reports whether raw is an id MCP allows and the SDK answers
// unchanged: a string, or an integer written without fraction or exponent,
// at most 2^53 in magnitude. null is not one.
func validID(raw json.RawMessage) bool {
	if raw[0] == '"' {
		return true
	}
	n, err := strconv.ParseInt(string(raw), 10, 64)
	return err == nil && -maxIntID <= n && n <= maxIntID
}

// writeRPCError answers with a JSON-RPC error carrying id as sent (null when
// nil), with HTTP status.
func writeRPCError(w http.ResponseWriter, status int, id json.RawMessage, code int64, message string) {
	if id == nil {
		id = json.RawMessage("null")
	}
	data, _ := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   *jsonrpc.Error  `json:"error"`
	}{"2.0", id, &jsonrpc.Error{Code: code, Message: message}})
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(data)
}

// plainErrors is the net behind checkMessage: a plain-text error the SDK
// still writes to a POST (a header it refuses, say) goes out as a JSON-RPC
// error with the same status and text, code -32600: the message passed our
// checks, so what the SDK refuses is the request as sent. A 404 stays plain:
// it says the session is gone, and a client that finds a JSON-RPC error in it
// takes it for a refusal of one request instead of starting a new session.
type plainErrors struct {
	http.ResponseWriter
	id        json.RawMessage
	answering func() // if not nil, called as the answer starts
	status    int    // a held-back error status; 0 when passing through
	body      bytes.Buffer
}

func (p *plainErrors) WriteHeader(status int) {
	if p.answering != nil {
		p.answering()
	}
	if status >= 400 && status != http.StatusNotFound && !isJSON(p.Header().Get("Content-Type")) {
		p.status = status
		return
	}
	p.ResponseWriter.WriteHeader(status)
}

func (p *plainErrors) Write(b []byte) (int, error) {
	if p.answering != nil {
		p.answering()
	}
	if p.status != 0 {
		return p.body.Write(b)
	}
	return p.ResponseWriter.Write(b)
}

// finish writes the held-back error, if any, once the SDK is done.
func (p *plainErrors) finish() {
	if p.status == 0 {
		return
	}
	p.Header().Del("X-Content-Type-Options")
	writeRPCError(p.ResponseWriter, p.status, p.id, jsonrpc.CodeInvalidRequest,
		"invalid request: "+string(bytes.TrimSpace(p.body.Bytes())))
}

func (p *plainErrors) Flush() {
	if f, ok := p.ResponseWriter.(http.Flusher); ok && p.status == 0 {
		f.Flush()
	}
}

func (p *plainErrors) Unwrap() http.ResponseWriter { return p.ResponseWriter }

func isJSON(contentType string) bool {
	return len(contentType) >= 16 && contentType[:16] == "application/json"
}

// wireMessage is the shape of any JSON-RPC 2.0 message, with each member kept
// raw so that presence and type can be checked before the SDK decodes it.
type wireMessage struct {
	JSONRPC json.RawMessage `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  json.RawMessage `json:"method"`
	Params  json.RawMessage `json:"params"`
	Result  json.RawMessage `json:"result"`
	Error   json.RawMessage `json:"error"`
}
