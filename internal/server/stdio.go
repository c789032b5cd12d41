package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// DefaultMaxLineBytes is the longest JSON-RPC line the stdio transport accepts.
const DefaultMaxLineBytes = 16 << 20

// DefaultDrainTimeout bounds how long the stdio transport waits, after stdin
// closes, for answers to requests it has already read.
const DefaultDrainTimeout = 30 * time.Second

// LineTransport is an [mcp.Transport] over newline-delimited JSON, like the
// SDK's stdio transport, but it keeps the session alive through bad input:
//
//   - a line that is not JSON gets error -32700 with "id": null;
//   - JSON that is not a JSON-RPC 2.0 request, notification or response gets
//     -32600 (with the request's id when it has a usable one); so does a
//     request whose id is null, or not a string or a number;
//   - a line longer than MaxLineBytes gets -32600, is skipped, and reading goes on;
//   - a request's id comes back exactly as the client wrote it: 1.5, 1e23 or
//     9007199254740993 included, which the SDK cannot hold (see [idMap]);
//   - at end of input, every request already read is answered (waiting at most
//     DrainTimeout) before the connection reports io.EOF; a request still
//     running then gets -32603 and is abandoned (see [ServeStdio]);
//   - an error response without a JSON-RPC code goes out as -32603.
//
// Everything else (the protocol itself) is left to the SDK. A LineTransport
// serves one connection.
type LineTransport struct {
	In           io.Reader
	Out          io.Writer
	MaxLineBytes int           // 0 means DefaultMaxLineBytes
	DrainTimeout time.Duration // 0 means DefaultDrainTimeout
	Logger       *slog.Logger  // nil means slog.Default()

	setup     sync.Once
	drained   chan struct{} // closed when input has ended and the drain is over
	abandoned int           // requests abandoned at the end of the drain; set before drained closes
}

func (t *LineTransport) init() {
	t.setup.Do(func() { t.drained = make(chan struct{}) })
}

// ServeStdio runs srv over t until the session ends, or until t's input has
// ended and the drain is over, whichever comes first. The SDK's Run waits
// for every handler to return; this does not, so a handler that never
// returns cannot keep the process alive after stdin closes. It returns how
// many requests were abandoned (answered with an error because they were
// still running when the drain timed out).
func ServeStdio(ctx context.Context, srv *mcp.Server, t *LineTransport) (abandoned int, err error) {
	t.init()
	done := make(chan error, 1)
	go func() { done <- srv.Run(ctx, t) }()
	select {
	case err := <-done:
		return 0, err
	case <-t.drained:
	}
	if t.abandoned > 0 {
		return t.abandoned, nil // Run would wait for the abandoned handlers
	}
	// Everything was answered: Run ends as soon as the SDK has seen the end
	// of input, unless some other handler (a notification's) hangs.
	timer := time.NewTimer(t.drainTimeout())
	defer timer.Stop()
	select {
	case err := <-done:
		return 0, err
	case <-timer.C:
		return 0, nil
	}
}

func (t *LineTransport) drainTimeout() time.Duration {
	if t.DrainTimeout <= 0 {
		return DefaultDrainTimeout
	}
	return t.DrainTimeout
}

// Connect implements [mcp.Transport].
func (t *LineTransport) Connect(context.Context) (mcp.Connection, error) {
	t.init()
	c := &lineConn{
		t:      t,
		out:    t.Out,
		max:    t.MaxLineBytes,
		drain:  t.drainTimeout(),
		log:    t.Logger,
		lines:  make(chan lineOrErr),
		closed: make(chan struct{}),
		ids:    newIDMap(),
	}
	if c.max <= 0 {
		c.max = DefaultMaxLineBytes
	}
	if c.log == nil {
		c.log = slog.Default()
	}
	c.idle = sync.NewCond(&c.mu)
	go c.readLines(t.In)
	return c, nil
}

type lineOrErr struct {
	line    []byte
	tooLong int // > 0: the length of a line that was skipped
	err     error
}

type lineConn struct {
	t     *LineTransport
	out   io.Writer
	max   int
	drain time.Duration
	log   *slog.Logger

	lines  chan lineOrErr
	closed chan struct{}
	once   sync.Once

	writeMu sync.Mutex // one line at a time on out

	mu   sync.Mutex
	idle *sync.Cond // signalled when a request is answered
	ids  *idMap     // requests read but not yet answered; guarded by mu
}

// readLines splits in into lines, skipping (but reporting) lines over the limit.
// It runs until in fails or the connection closes.
func (c *lineConn) readLines(in io.Reader) {
	r := bufio.NewReaderSize(in, 64<<10)
	for {
		line, tooLong, err := readLine(r, c.max)
		if len(line) > 0 || tooLong > 0 {
			select {
			case c.lines <- lineOrErr{line: line, tooLong: tooLong}:
			case <-c.closed:
				return
			}
		}
		if err != nil {
			select {
			case c.lines <- lineOrErr{err: err}:
			case <-c.closed:
			}
			return
		}
	}
}

// readLine returns the next line without its terminator. A line longer than
// max bytes is consumed and dropped: line is nil and tooLong is its length.
func readLine(r *bufio.Reader, max int) (line []byte, tooLong int, err error) {
	var buf []byte
	n, over := 0, false
	for {
		chunk, err := r.ReadSlice('\n')
		n += len(chunk)
		if !over {
			buf = append(buf, chunk...)
			if over = len(buf) > max+2; over { // +2: room for "\r\n"
				buf = nil
			}
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		line := bytes.TrimRight(buf, "\r\n")
		if over || len(line) > max {
			return nil, n, err
		}
		return line, 0, err
	}
}

func (c *lineConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	for {
		var item lineOrErr
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-c.closed:
			return nil, io.EOF
		case item = <-c.lines:
		}
		switch {
		case item.err != nil:
			if !errors.Is(item.err, io.EOF) {
				c.log.Error("reading stdin", "error", item.err)
			}
			c.waitForAnswers(ctx)
			c.endDrain()
			return nil, io.EOF
		case item.tooLong > 0:
			c.log.Warn("skipped an oversized line", "bytes", item.tooLong, "limit", c.max)
			c.writeError(nil, jsonrpc.CodeInvalidRequest,
				fmt.Sprintf("message of %d bytes is over the limit of %d bytes; it was skipped", item.tooLong, c.max))
			continue
		}
		line := bytes.TrimSpace(item.line)
		if len(line) == 0 {
			continue
		}
		msg, id, code, problem := decodeLine(line)
		if problem != "" {
			c.log.Warn("rejected a line", "code", code, "problem", problem)
			c.writeError(id, code, problem)
			continue
		}
		if req, ok := msg.(*jsonrpc.Request); ok {
			switch {
			case id != nil:
				if !c.track(req, id) {
					c.writeError(id, jsonrpc.CodeInvalidRequest,
						"invalid request: this id is already used by a request in progress; use a new id")
					continue
				}
			case req.Method == methodCancelled:
				if !c.translateCancel(req) {
					c.log.Debug("dropped a cancellation of no request in progress", "params", string(req.Params))
					continue
				}
			}
		}
		return msg, nil
	}
}

// waitForAnswers blocks until every request read so far has been answered,
// or the drain timeout passes (then it abandons the rest), or ctx is done.
func (c *lineConn) waitForAnswers(ctx context.Context) {
	stop := context.AfterFunc(ctx, c.wakeAll)
	defer stop()
	// The timer itself marks the end of the drain: comparing time.Now with a
	// deadline computed beside it could find the deadline not yet passed
	// after the timer's one wake-up, and wait for ever.
	expired := false
	timer := time.AfterFunc(c.drain, func() {
		c.mu.Lock()
		expired = true
		c.idle.Broadcast()
		c.mu.Unlock()
	})
	defer timer.Stop()

	c.mu.Lock()
	for c.ids.unanswered() > 0 && ctx.Err() == nil && !expired {
		c.idle.Wait()
	}
	if ctx.Err() != nil {
		c.mu.Unlock()
		return
	}
	// Anything still running is past the deadline: it gets an error now, and
	// its late answer, if any, is dropped. An answer being written is let finish.
	abandoned := c.ids.abandon()
	for c.ids.writing > 0 {
		c.idle.Wait()
	}
	c.mu.Unlock()
	if len(abandoned) == 0 {
		return
	}
	c.log.Warn("stdin closed with requests still running after the drain; they were abandoned",
		"requests", len(abandoned), "drain", c.drain)
	for _, raw := range abandoned {
		c.writeError(raw, jsonrpc.CodeInternalError,
			fmt.Sprintf("request abandoned: it was still running %v after stdin closed", c.drain))
	}
	c.t.abandoned = len(abandoned)
}

// endDrain tells ServeStdio that the input has ended and the drain is over.
func (c *lineConn) endDrain() {
	select {
	case <-c.t.drained:
	default:
		close(c.t.drained)
	}
}

func (c *lineConn) wakeAll() {
	c.mu.Lock()
	c.idle.Broadcast()
	c.mu.Unlock()
}

func (c *lineConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	resp, ok := msg.(*jsonrpc.Response)
	if !ok {
		data, err := jsonrpc.EncodeMessage(msg)
		if err != nil {
			return fmt.Errorf("encoding message: %w", err)
		}
		return c.writeLine(data)
	}
	if resp.Error != nil {
		resp.Error = withCode(resp.Error)
	}
	c.mu.Lock()
	raw, ok := c.ids.startAnswer(resp.ID)
	c.mu.Unlock()
	if !ok {
		// Abandoned at the end of the drain: its error is already written.
		c.log.Debug("dropped the late answer to an abandoned request", "id", resp.ID.Raw())
		return nil
	}
	defer func() {
		c.mu.Lock()
		c.ids.answered(resp.ID)
		c.idle.Broadcast()
		c.mu.Unlock()
	}()
	// Encode with a placeholder id, then put the client's id in its place.
	r := *resp
	r.ID = placeholderID
	data, err := jsonrpc.EncodeMessage(&r)
	if err != nil {
		return fmt.Errorf("encoding message: %w", err)
	}
	rest, ok := bytes.CutPrefix(data, []byte(placeholderHead))
	if !ok {
		return fmt.Errorf("encoding message: response does not start with %q: %.40q", placeholderHead, data)
	}
	return c.writeLine([]byte(responseHead), raw, rest)
}

// placeholderID stands for the client's id while the SDK encodes a
// response; placeholderHead is how every encoded response then starts.
var placeholderID, _ = jsonrpc.MakeID(float64(0))

const (
	responseHead    = `{"jsonrpc":"2.0","id":`
	placeholderHead = responseHead + `0`
)

// track gives req an id of the connection's own, remembering the client's
// id raw; it reports false when a request with the same id is in progress.
func (c *lineConn) track(req *jsonrpc.Request, raw json.RawMessage) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	id, ok := c.ids.add(raw)
	if ok {
		req.ID = id
	}
	return ok
}

// translateCancel points a notifications/cancelled at the request it names,
// by that request's id in the SDK. It reports false when it names no
// request in progress (or cannot be read), so the notification must be
// dropped: passed on as written, its id could name another request.
func (c *lineConn) translateCancel(req *jsonrpc.Request) bool {
	params, ok := members(req.Params)
	if !ok {
		return false
	}
	raw, ok := params["requestId"]
	if !ok {
		return false
	}
	c.mu.Lock()
	id, ok := c.ids.lookup(raw)
	c.mu.Unlock()
	if !ok {
		return false
	}
	params["requestId"] = json.RawMessage(strconv.FormatInt(id, 10))
	data, err := json.Marshal(params)
	if err != nil {
		return false
	}
	req.Params = data
	return true
}

// writeLine writes parts and a newline as one line.
func (c *lineConn) writeLine(parts ...[]byte) error {
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	for _, p := range append(parts, []byte("\n")) {
		if _, err := c.out.Write(p); err != nil {
			return err
		}
	}
	return nil
}

// writeError writes an error response directly, for lines the SDK never
// sees. id is the request's id as written; nil is written as null.
func (c *lineConn) writeError(id json.RawMessage, code int64, message string) {
	if id == nil {
		id = json.RawMessage("null")
	}
	body, err := json.Marshal(&jsonrpc.Error{Code: code, Message: message})
	if err == nil {
		err = c.writeLine([]byte(responseHead), id, []byte(`,"error":`), body, []byte("}"))
	}
	if err != nil {
		c.log.Error("writing an error response", "error", err)
	}
}

func (c *lineConn) Close() error {
	c.once.Do(func() { close(c.closed) })
	return nil
}

func (c *lineConn) SessionID() string { return "" }

// withCode gives err a JSON-RPC error code if it lacks one: a handler that
// returns a plain Go error has failed internally.
func withCode(err error) error {
	var wire *jsonrpc.Error
	if errors.As(err, &wire) && wire.Code != 0 {
		if wire == err {
			return err
		}
		return &jsonrpc.Error{Code: wire.Code, Message: err.Error(), Data: wire.Data}
	}
	return &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: err.Error()}
}

const methodCancelled = "notifications/cancelled"

// decodeLine checks that line is one well-formed JSON-RPC 2.0 message and
// decodes it. id is a request's id as written (nil for a notification or a
// response). On failure msg is nil, code and problem say what is wrong, and
// id is the id to answer with (nil for null).
func decodeLine(line []byte) (msg jsonrpc.Message, id json.RawMessage, code int64, problem string) {
	// Fast path for the common case, a well-formed request: one decoding pass
	// by the SDK, one scan for the id as written.
	if msg, err := jsonrpc.DecodeMessage(line); err == nil {
		if req, ok := msg.(*jsonrpc.Request); ok && req.Method != "" && (req.Params == nil || isStructured(req.Params)) {
			if m, ok := members(line); ok {
				id, hasID := m["id"]
				if !hasID || isUsableID(id) {
					return msg, id, 0, ""
				}
			}
		}
	}
	// Slow path: find out what is wrong, to answer with the right code.
	if !json.Valid(line) {
		return nil, nil, jsonrpc.CodeParseError, "parse error: the line is not valid JSON"
	}
	m, ok := members(line)
	if !ok {
		if line[0] == '[' {
			return nil, nil, jsonrpc.CodeInvalidRequest, "invalid request: batches are not supported; send one message per line"
		}
		return nil, nil, jsonrpc.CodeInvalidRequest, "invalid request: a message must be a JSON object"
	}
	id, hasID := m["id"]
	if hasID && string(id) != "null" && !isUsableID(id) {
		return nil, nil, jsonrpc.CodeInvalidRequest, `invalid request: "id" must be a string or a number`
	}
	if string(id) == "null" {
		id = nil
	}
	if string(m["jsonrpc"]) != `"2.0"` {
		return nil, id, jsonrpc.CodeInvalidRequest, `invalid request: "jsonrpc" must be "2.0"`
	}
	if rawMethod, ok := m["method"]; ok {
		method, ok := "", isJSONString(rawMethod)
		if ok {
			method, ok = unquote(rawMethod)
		}
		if !ok || method == "" {
			return nil, id, jsonrpc.CodeInvalidRequest, `invalid request: "method" must be a non-empty string`
		}
		if hasID && id == nil {
			return nil, nil, jsonrpc.CodeInvalidRequest,
				`invalid request: "id" must not be null; give a string or a number, or leave "id" out for a notification`
		}
		params, ok := m["params"]
		if ok && !isStructured(params) {
			return nil, id, jsonrpc.CodeInvalidRequest, `invalid request: "params" must be an object or an array`
		}
		// The SDK could not decode it, but it is a request: most likely an id
		// no float64 holds, such as 1e400. The id is the connection's own anyway.
		return &jsonrpc.Request{Method: method, Params: params}, id, 0, ""
	}
	_, hasResult := m["result"]
	_, hasError := m["error"]
	if id == nil || hasResult == hasError {
		return nil, id, jsonrpc.CodeInvalidRequest,
			`invalid request: a request needs "method"; a response needs "id" and one of "result" or "error"`
	}
	msg, err := jsonrpc.DecodeMessage(line)
	if err != nil {
		return nil, id, jsonrpc.CodeInvalidRequest, "invalid request: " + err.Error()
	}
	return msg, nil, 0, "" // a response to one of the server's requests: its id is the server's own
}

// isUsableID reports whether raw, a JSON value, is a string or a number.
func isUsableID(raw json.RawMessage) bool {
	return len(raw) > 0 && (raw[0] == '"' || raw[0] == '-' || raw[0] >= '0' && raw[0] <= '9')
}

func isJSONString(raw json.RawMessage) bool { return len(raw) > 0 && raw[0] == '"' }

func isStructured(raw json.RawMessage) bool {
	return len(raw) > 0 && (raw[0] == '{' || raw[0] == '[')
}
