package lsp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
)

// JSON-RPC and LSP error codes.
const (
	codeParseError           = -32700
	codeInvalidRequest       = -32600
	codeMethodNotFound       = -32601
	codeInvalidParams        = -32602
	codeInternalError        = -32603
	codeServerNotInitialized = -32002
	codeRequestCancelled     = -32800
)

// maxMessageBytes is the largest message body read. A draft of up to
// workspace.MaxFileSize, escaped as JSON, fits; larger bodies are skipped
// with an error so the session goes on.
const maxMessageBytes = 64 << 20

// message is any JSON-RPC message as read: a request (method and id), a
// notification (method, no id) or a response (id, result or error).
type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   json.RawMessage `json:"error,omitempty"`
}

func (m *message) isRequest() bool { return m.Method != "" && len(m.ID) > 0 }

// rpcError is a JSON-RPC error object.
type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (e *rpcError) Error() string { return e.Message }

func errorf(code int, format string, args ...any) *rpcError {
	return &rpcError{Code: code, Message: fmt.Sprintf(format, args...)}
}

// framingError is a message whose header or size could not be read; the
// reader has skipped it and can go on.
type framingError struct{ msg string }

func (e *framingError) Error() string { return e.msg }

// reader reads Content-Length framed messages.
type reader struct {
	r *bufio.Reader
}

func newReader(r io.Reader) *reader { return &reader{bufio.NewReaderSize(r, 64<<10)} }

// read returns the next message body. A *framingError means the message was
// unusable and skipped; any other error ends the stream.
func (r *reader) read() ([]byte, error) {
	length, sawHeader := -1, false
	var bad string
	for {
		line, err := r.r.ReadString('\n')
		if err != nil {
			if errors.Is(err, io.EOF) && (line != "" || sawHeader) {
				return nil, io.ErrUnexpectedEOF
			}
			return nil, err
		}
		line = strings.TrimRight(line, "\r\n")
		if line == "" {
			if !sawHeader {
				continue // stray blank line between messages
			}
			break
		}
		sawHeader = true
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			bad = fmt.Sprintf("read message header: %q is not a header", truncate(line, 40))
			continue
		}
		if strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			n, err := strconv.Atoi(strings.TrimSpace(value))
			if err != nil || n < 0 {
				bad = fmt.Sprintf("read message header: Content-Length %q is not a number of bytes", truncate(strings.TrimSpace(value), 40))
				continue
			}
			length = n
		}
	}
	switch {
	case length < 0 && bad == "":
		return nil, &framingError{"read message header: no Content-Length; send Content-Length: N before each message"}
	case length < 0:
		return nil, &framingError{bad}
	case length > maxMessageBytes:
		if _, err := io.CopyN(io.Discard, r.r, int64(length)); err != nil {
			return nil, io.ErrUnexpectedEOF
		}
		return nil, &framingError{fmt.Sprintf("read message: %d bytes is over the limit of %d MiB; send smaller messages", length, maxMessageBytes>>20)}
	}
	var buf bytes.Buffer
	if _, err := io.CopyN(&buf, r.r, int64(length)); err != nil {
		return nil, io.ErrUnexpectedEOF
	}
	return buf.Bytes(), nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}

// writer writes framed messages; it is safe for concurrent use.
type writer struct {
	mu sync.Mutex
	w  io.Writer
}

func (w *writer) write(v any) error {
	body, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("encode message: %w", err)
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if _, err := fmt.Fprintf(w.w, "Content-Length: %d\r\n\r\n", len(body)); err != nil {
		return err
	}
	_, err = w.w.Write(body)
	return err
}

type response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result"`
}

type errorResponse struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Error   *rpcError       `json:"error"`
}

type notification struct {
	JSONRPC string `json:"jsonrpc"`
	Method  string `json:"method"`
	Params  any    `json:"params"`
}

var nullID = json.RawMessage("null")
