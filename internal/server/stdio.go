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
//     -32600 (with the request's id when it has a usable one);
//   - a line longer than MaxLineBytes gets -32600, is skipped, and reading goes on;
//   - at end of input, every request already read is answered (waiting at most
//     DrainTimeout) before the connection reports io.EOF;
//   - an error response without a JSON-RPC code goes out as -32603.
//
// Everything else (the protocol itself) is left to the SDK.
type LineTransport struct {
	In           io.Reader
	Out          io.Writer
	MaxLineBytes int           // 0 means DefaultMaxLineBytes
	DrainTimeout time.Duration // 0 means DefaultDrainTimeout
	Logger       *slog.Logger  // nil means slog.Default()
}

// Connect implements [mcp.Transport].
func (t *LineTransport) Connect(context.Context) (mcp.Connection, error) {
	c := &lineConn{
		out:     t.Out,
		max:     t.MaxLineBytes,
		drain:   t.DrainTimeout,
		log:     t.Logger,
		lines:   make(chan lineOrErr),
		closed:  make(chan struct{}),
		pending: make(map[jsonrpc.ID]bool),
	}
	if c.max <= 0 {
		c.max = DefaultMaxLineBytes
	}
	if c.drain <= 0 {
		c.drain = DefaultDrainTimeout
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
	out   io.Writer
	max   int
	drain time.Duration
	log   *slog.Logger

	lines  chan lineOrErr
	closed chan struct{}
	once   sync.Once

	writeMu sync.Mutex // one line at a time on out

	mu      sync.Mutex
	idle    *sync.Cond          // signalled when pending shrinks
	pending map[jsonrpc.ID]bool // requests read but not yet answered
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
		msg, id, code, problem := decodeLine(line) // id is set only with a problem
		if problem != "" {
			c.log.Warn("rejected a line", "code", code, "problem", problem)
			c.writeError(id, code, problem)
			continue
		}
		if req, ok := msg.(*jsonrpc.Request); ok && req.IsCall() && !c.track(req.ID) {
			c.writeError(req.ID.Raw(), jsonrpc.CodeInvalidRequest,
				"invalid request: this id is already used by a request in progress; use a new id")
			continue
		}
		return msg, nil
	}
}

// waitForAnswers blocks until every request read so far has been answered,
// or the drain timeout passes, or ctx is done.
func (c *lineConn) waitForAnswers(ctx context.Context) {
	stop := context.AfterFunc(ctx, c.wakeAll)
	defer stop()
	timer := time.AfterFunc(c.drain, c.wakeAll)
	defer timer.Stop()
	deadline := time.Now().Add(c.drain)

	c.mu.Lock()
	defer c.mu.Unlock()
	for len(c.pending) > 0 && ctx.Err() == nil && time.Now().Before(deadline) {
		c.idle.Wait()
	}
	if n := len(c.pending); n > 0 {
		c.log.Warn("stdin closed with requests still unanswered", "requests", n)
	}
}

func (c *lineConn) wakeAll() {
	c.mu.Lock()
	c.idle.Broadcast()
	c.mu.Unlock()
}

func (c *lineConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if resp, ok := msg.(*jsonrpc.Response); ok {
		if resp.Error != nil {
			resp.Error = withCode(resp.Error)
		}
		defer c.answered(resp.ID)
	}
	data, err := jsonrpc.EncodeMessage(msg)
	if err != nil {
		return fmt.Errorf("encoding message: %w", err)
	}
	return c.writeLine(data)
}

// track records a request as waiting for its answer; it reports false when
// a request with the same id is already waiting.
func (c *lineConn) track(id jsonrpc.ID) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.pending[id] {
		return false
	}
	c.pending[id] = true
	return true
}

// answered forgets the pending request with this id.
func (c *lineConn) answered(id jsonrpc.ID) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.pending[id] {
		delete(c.pending, id)
		c.idle.Broadcast()
	}
}

func (c *lineConn) writeLine(data []byte) error {
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	data = append(data, '\n')
	_, err := c.out.Write(data)
	return err
}

// writeError writes an error response directly, for lines the SDK never sees.
// A nil id is written as "id": null.
func (c *lineConn) writeError(id any, code int64, message string) {
	data, err := json.Marshal(struct {
		JSONRPC string         `json:"jsonrpc"`
		ID      any            `json:"id"`
		Error   *jsonrpc.Error `json:"error"`
	}{"2.0", id, &jsonrpc.Error{Code: code, Message: message}})
	if err == nil {
		err = c.writeLine(data)
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

// decodeLine checks that line is one well-formed JSON-RPC 2.0 message and
// decodes it. On failure it returns the id to answer with (nil for null), a
// JSON-RPC error code and a message saying what is wrong.
func decodeLine(line []byte) (msg jsonrpc.Message, id any, code int64, problem string) {
	// Fast path: one decoding pass for the common case, a well-formed request.
	if msg, err := jsonrpc.DecodeMessage(line); err == nil {
		if req, ok := msg.(*jsonrpc.Request); ok && req.Method != "" && (req.Params == nil || isStructured(req.Params)) {
			return msg, nil, 0, ""
		}
	}
	// Slow path: find out what is wrong, to answer with the right code.
	if !json.Valid(line) {
		return nil, nil, jsonrpc.CodeParseError, "parse error: the line is not valid JSON"
	}
	switch line[0] {
	case '{':
	case '[':
		return nil, nil, jsonrpc.CodeInvalidRequest, "invalid request: batches are not supported; send one message per line"
	default:
		return nil, nil, jsonrpc.CodeInvalidRequest, "invalid request: a message must be a JSON object"
	}
	var w wireMessage
	if err := json.Unmarshal(line, &w); err != nil {
		return nil, nil, jsonrpc.CodeInvalidRequest, "invalid request: " + err.Error()
	}
	id, idOK := messageID(w.ID)
	if !idOK {
		return nil, nil, jsonrpc.CodeInvalidRequest, `invalid request: "id" must be a string, an integer or null`
	}
	if string(w.JSONRPC) != `"2.0"` {
		return nil, id, jsonrpc.CodeInvalidRequest, `invalid request: "jsonrpc" must be "2.0"`
	}
	if w.Method != nil {
		if !isJSONString(w.Method) || string(w.Method) == `""` {
			return nil, id, jsonrpc.CodeInvalidRequest, `invalid request: "method" must be a non-empty string`
		}
		if w.Params != nil && !isStructured(w.Params) {
			return nil, id, jsonrpc.CodeInvalidRequest, `invalid request: "params" must be an object or an array`
		}
	} else if id == nil || (w.Result == nil) == (w.Error == nil) {
		return nil, id, jsonrpc.CodeInvalidRequest,
			`invalid request: a request needs "method"; a response needs "id" and one of "result" or "error"`
	}
	msg, err := jsonrpc.DecodeMessage(line)
	if err != nil {
		return nil, id, jsonrpc.CodeInvalidRequest, "invalid request: " + err.Error()
	}
	return msg, id, 0, ""
}

// messageID returns the id as it should be echoed (nil when absent or null)
// and whether it is of a type JSON-RPC allows.
func messageID(raw json.RawMessage) (any, bool) {
	if raw == nil || string(raw) == "null" {
		return nil, true
	}
	var v any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return nil, false
	}
	switch v := v.(type) {
	case string:
		return v, true
	case json.Number:
		if _, err := v.Int64(); err != nil {
			return nil, false
		}
		return v, true
	}
	return nil, false
}

func isJSONString(raw json.RawMessage) bool { return len(raw) > 0 && raw[0] == '"' }

func isStructured(raw json.RawMessage) bool {
	return len(raw) > 0 && (raw[0] == '{' || raw[0] == '[')
}
