package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/speedgrapher/speedgrapher/internal/mcptest"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// rawSession starts a session over HTTP by hand (initialize, then
// notifications/initialized) and returns a function that POSTs a body in it.
// edit, if not nil, changes the request before it is sent.
func httpRawSession(t *testing.T, url string) (session string, post func(body string, edit func(*http.Request)) *http.Response) {
	t.Helper()
	resp, err := http.DefaultClient.Do(initializeRequest(t, url))
	if err != nil {
		t.Fatal(err)
	}
	rpcReply(t, resp)
	session = resp.Header.Get("Mcp-Session-Id")
	if session == "" {
		t.Fatal("initialize answered without Mcp-Session-Id")
	}
	post = func(body string, edit func(*http.Request)) *http.Response {
		req := jsonPost(t, url, body)
		req.Header.Set("Mcp-Session-Id", session)
		req.Header.Set("MCP-Protocol-Version", "2025-11-25")
		if edit != nil {
			edit(req)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	resp = post(`{"jsonrpc":"2.0","method":"notifications/initialized"}`, nil)
	resp.Body.Close()
	if resp.StatusCode != http.StatusAccepted {
		t.Fatalf("notifications/initialized: status %d; want 202", resp.StatusCode)
	}
	return session, post
}

// TestHTTPProtocolErrors: in an initialized session, every message the
// server refuses gets a JSON-RPC error with a JSON-RPC code, as JSON, never
// plain text and never code 0. Expected codes are the JSON-RPC 2.0
// specification's; the id is the request's as sent, or null.
func TestHTTPProtocolErrors(t *testing.T) {
	for _, stateless := range []bool{false, true} {
		srv, err := NewServer(Options{Logger: noLog, Roots: []string{t.TempDir()}, NoPrompts: true})
		if err != nil {
			t.Fatal(err)
		}
		url := httpTestServer(t, srv, HTTPOptions{Logger: noLog, Stateless: stateless}).URL + "/mcp"
		post := func(body string, edit func(*http.Request)) *http.Response {
			req := jsonPost(t, url, body)
			req.Header.Set("MCP-Protocol-Version", "2025-11-25")
			if edit != nil {
				edit(req)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			return resp
		}
		if !stateless {
			_, post = httpRawSession(t, url)
		}
		noProtocolHeader := func(r *http.Request) { r.Header.Del("MCP-Protocol-Version") }
		tests := []struct {
			name   string
			body   string
			edit   func(*http.Request)
			status int
			id     any // as decoded from the answer's JSON
			code   float64
		}{
			{"a batch", `[{"jsonrpc":"2.0","id":2,"method":"ping"}]`, nil, 200, nil, jsonrpc.CodeInvalidRequest},
			{"a batch on the default protocol (2025-03-26)", `[{"jsonrpc":"2.0","id":2,"method":"ping"},{"jsonrpc":"2.0","id":3,"method":"ping"}]`, noProtocolHeader, 200, nil, jsonrpc.CodeInvalidRequest},
			{"an empty batch", `[]`, nil, 200, nil, jsonrpc.CodeInvalidRequest},
			{"an empty body", ``, nil, 200, nil, jsonrpc.CodeParseError},
			{"a string", `"ping"`, nil, 200, nil, jsonrpc.CodeInvalidRequest},
			{"id null", `{"jsonrpc":"2.0","id":null,"method":"ping"}`, nil, 200, nil, jsonrpc.CodeInvalidRequest},
			{"a fractional id", `{"jsonrpc":"2.0","id":1.5,"method":"ping"}`, nil, 200, nil, jsonrpc.CodeInvalidRequest},
			{"an id in exponent form", `{"jsonrpc":"2.0","id":1e2,"method":"ping"}`, nil, 200, nil, jsonrpc.CodeInvalidRequest},
			// 2^53+1 would come back as 2^53 (the SDK reads ids as float64).
			{"an id past 2^53", `{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}`, nil, 200, nil, jsonrpc.CodeInvalidRequest},
			{"an object id", `{"jsonrpc":"2.0","id":{},"method":"ping"}`, nil, 200, nil, jsonrpc.CodeInvalidRequest},
			{"a method that is not a string", `{"jsonrpc":"2.0","id":4,"method":7}`, nil, 200, 4.0, jsonrpc.CodeInvalidRequest},
			{"params that are not an object", `{"jsonrpc":"2.0","id":5,"method":"tools/list","params":"x"}`, nil, 200, 5.0, jsonrpc.CodeInvalidRequest},
			{"params null", `{"jsonrpc":"2.0","id":5,"method":"tools/list","params":null}`, nil, 200, 5.0, jsonrpc.CodeInvalidRequest},
			{"tools/call without params", `{"jsonrpc":"2.0","id":"six","method":"tools/call"}`, nil, 200, "six", jsonrpc.CodeInvalidRequest},
			{"a notification sent with an id", `{"jsonrpc":"2.0","id":7,"method":"notifications/initialized"}`, nil, 200, 7.0, jsonrpc.CodeInvalidRequest},
			{"a request sent without an id", `{"jsonrpc":"2.0","method":"tools/list"}`, nil, 400, nil, jsonrpc.CodeInvalidRequest},
			{"an unknown notification", `{"jsonrpc":"2.0","method":"notifications/nope"}`, nil, 400, nil, jsonrpc.CodeMethodNotFound},
			// Refused by the SDK after our checks pass: the net turns it into JSON-RPC.
			{"an Accept header without event streams", `{"jsonrpc":"2.0","id":9,"method":"ping"}`,
				func(r *http.Request) { r.Header.Set("Accept", "application/json") }, 400, 9.0, jsonrpc.CodeInvalidRequest},
			{"a Content-Type that is not JSON", `{"jsonrpc":"2.0","id":10,"method":"ping"}`,
				func(r *http.Request) { r.Header.Set("Content-Type", "text/plain") }, 415, 10.0, jsonrpc.CodeInvalidRequest},
		}
		// The largest id accepted comes back as sent.
		resp := post(`{"jsonrpc":"2.0","id":9007199254740992,"method":"ping"}`, nil)
		if data, _ := readAll(resp); !strings.Contains(string(data), `"id":9007199254740992,"result"`) {
			t.Errorf("ping with id 2^53 (stateless %v): %s; want a result with the same id", stateless, data)
		}
		resp.Body.Close()
		for _, tt := range tests {
			name := tt.name
			if stateless {
				name += " (stateless)"
			}
			resp := post(tt.body, tt.edit)
			checkRPCError(t, name, resp, tt.status, tt.id, tt.code)
		}
	}

	// On the sessionless protocol an unknown method is 404, as the SDK answers it.
	srv, err := NewServer(Options{Logger: noLog, Roots: []string{t.TempDir()}, NoPrompts: true})
	if err != nil {
		t.Fatal(err)
	}
	req := jsonPost(t, httpTestServer(t, srv, HTTPOptions{Logger: noLog, Stateless: true}).URL+"/mcp", `{"jsonrpc":"2.0","id":11,"method":"no/such/method"}`)
	req.Header.Set("MCP-Protocol-Version", "2026-07-28")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	checkRPCError(t, "an unknown method on protocol 2026-07-28", resp, http.StatusNotFound, 11.0, jsonrpc.CodeMethodNotFound)

	// The body limit, with a limit small enough to test.
	srv, err = NewServer(Options{Logger: noLog, Roots: []string{t.TempDir()}, NoPrompts: true})
	if err != nil {
		t.Fatal(err)
	}
	url := httpTestServer(t, srv, HTTPOptions{Logger: noLog, MaxBodyBytes: 4096}).URL + "/mcp"
	resp, err = http.DefaultClient.Do(jsonPost(t, url, `{"jsonrpc":"2.0","id":8,"method":"ping","params":{"pad":"`+strings.Repeat("x", 5000)+`"}}`))
	if err != nil {
		t.Fatal(err)
	}
	checkRPCError(t, "a body over the limit", resp, http.StatusRequestEntityTooLarge, nil, jsonrpc.CodeInvalidRequest)
}

// checkRPCError checks that resp is a JSON-RPC error answer, as JSON, with
// the given HTTP status, id and code.
func checkRPCError(t *testing.T, name string, resp *http.Response, status int, id any, code float64) {
	t.Helper()
	defer resp.Body.Close()
	data, err := readAll(resp)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != status || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		t.Errorf("%s: status %d, Content-Type %q; want %d, application/json; body %s", name, resp.StatusCode, resp.Header.Get("Content-Type"), status, data)
		return
	}
	var msg struct {
		JSONRPC string         `json:"jsonrpc"`
		ID      any            `json:"id"`
		Error   map[string]any `json:"error"`
	}
	if err := json.Unmarshal(data, &msg); err != nil {
		t.Errorf("%s: answer %q is not JSON: %v", name, data, err)
		return
	}
	if msg.JSONRPC != "2.0" || msg.ID != id || msg.Error == nil || msg.Error["code"] != code || msg.Error["message"] == "" {
		t.Errorf("%s: answer %s; want a JSON-RPC error with id %v and code %v", name, data, id, code)
	}
}

// TestSecondInitialize: a session that is already initialized answers
// another initialize with -32600 (an invalid request in its state), over
// HTTP and over a stream transport like stdio, never with code 0 or -32603.
func TestSecondInitialize(t *testing.T) {
	const initialize = `{"jsonrpc":"2.0","id":%s,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}`
	srv, err := NewServer(Options{Logger: noLog, Roots: []string{t.TempDir()}, NoPrompts: true})
	if err != nil {
		t.Fatal(err)
	}
	url := httpTestServer(t, srv, HTTPOptions{Logger: noLog}).URL + "/mcp"
	_, post := httpRawSession(t, url)
	resp := post(strings.Replace(initialize, "%s", `"again"`, 1), nil)
	if resp.StatusCode != http.StatusOK {
		t.Errorf("second initialize over HTTP: status %d; want 200", resp.StatusCode)
	}
	got := rpcReply(t, resp)
	if e, _ := got["error"].(map[string]any); got["id"] != "again" || e == nil || e["code"] != float64(jsonrpc.CodeInvalidRequest) {
		t.Errorf("second initialize over HTTP: %v; want id \"again\" and code -32600", got)
	}

	// The same over an in-memory stream, which is what stdio runs on.
	ctx := context.Background()
	conn := mcptest.ConnectRaw(t, srv)
	for i, id := range []string{"1", "2"} {
		msg, err := jsonrpc.DecodeMessage([]byte(strings.Replace(initialize, "%s", id, 1)))
		if err != nil {
			t.Fatal(err)
		}
		if err := conn.Write(ctx, msg); err != nil {
			t.Fatal(err)
		}
		reply, err := conn.Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		r := reply.(*jsonrpc.Response)
		var code int64
		var wire *jsonrpc.Error
		if r.Error != nil && errors.As(r.Error, &wire) {
			code = wire.Code
		}
		switch {
		case i == 0 && r.Error != nil:
			t.Fatalf("first initialize: %v", r.Error)
		case i == 1 && code != jsonrpc.CodeInvalidRequest:
			t.Errorf("second initialize in memory: error %v (code %d); want code -32600", r.Error, code)
		}
	}
}

// TestHTTPSessionLimit: with MaxSessions sessions open, another initialize
// gets 503 with Retry-After and a JSON-RPC error, while the open sessions go
// on; once a session ends (DELETE), a new one is accepted.
func TestHTTPSessionLimit(t *testing.T) {
	const max = 3
	srv, err := NewServer(Options{Logger: noLog, Roots: []string{t.TempDir()}, NoPrompts: true})
	if err != nil {
		t.Fatal(err)
	}
	url := httpTestServer(t, srv, HTTPOptions{Logger: noLog, MaxSessions: max}).URL + "/mcp"
	var posts []func(string, func(*http.Request)) *http.Response
	var ids []string
	for range max {
		id, post := httpRawSession(t, url)
		ids, posts = append(ids, id), append(posts, post)
	}
	refused := func(name string) {
		t.Helper()
		resp, err := http.DefaultClient.Do(initializeRequest(t, url))
		if err != nil {
			t.Fatal(err)
		}
		if resp.Header.Get("Retry-After") == "" || resp.Header.Get("Mcp-Session-Id") != "" {
			t.Errorf("%s: Retry-After %q, Mcp-Session-Id %q; want a Retry-After and no session",
				name, resp.Header.Get("Retry-After"), resp.Header.Get("Mcp-Session-Id"))
		}
		checkRPCError(t, name, resp, http.StatusServiceUnavailable, 1.0, codeServerBusy)
	}
	refused("initialize beyond the limit")
	if cs, err := httpSession(context.Background(), url, nil, "", nil); err == nil {
		cs.Close()
		t.Error("an SDK client connected beyond the limit")
	}

	// The open sessions go on.
	for i, post := range posts {
		got := rpcReply(t, post(`{"jsonrpc":"2.0","id":2,"method":"ping"}`, nil))
		if got["id"] != 2.0 || got["result"] == nil {
			t.Errorf("ping in session %d at the limit: %v; want a result", i, got)
		}
	}

	// Ending one session makes room for exactly one.
	req, err := http.NewRequest(http.MethodDelete, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Mcp-Session-Id", ids[0])
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNoContent {
		t.Fatalf("DELETE: status %d; want 204", resp.StatusCode)
	}
	httpRawSession(t, url)
	refused("initialize beyond the limit again")
}

// TestHTTPSessionLimitConcurrent: initializes arriving at once never open
// more sessions than the limit.
func TestHTTPSessionLimitConcurrent(t *testing.T) {
	const max, clients = 5, 40
	srv, err := NewServer(Options{Logger: noLog, Roots: []string{t.TempDir()}, NoPrompts: true})
	if err != nil {
		t.Fatal(err)
	}
	url := httpTestServer(t, srv, HTTPOptions{Logger: noLog, MaxSessions: max}).URL + "/mcp"
	var mu sync.Mutex
	opened := 0
	var wg sync.WaitGroup
	for range clients {
		wg.Go(func() {
			req := initializeRequest(t, url)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Error(err)
				return
			}
			resp.Body.Close()
			switch resp.StatusCode {
			case http.StatusOK:
				mu.Lock()
				opened++
				mu.Unlock()
			case http.StatusServiceUnavailable:
			default:
				t.Errorf("initialize: status %d; want 200 or 503", resp.StatusCode)
			}
		})
	}
	wg.Wait()
	live := len(slices.Collect(srv.Sessions()))
	if opened > max || live != opened {
		t.Errorf("%d initializes at once with a limit of %d: %d accepted, %d sessions live; want at most %d, all live",
			clients, max, opened, live, max)
	}
	// Whatever the race left, the places that remain can be filled, and no more.
	for range max - live {
		httpRawSession(t, url)
	}
	if n := len(slices.Collect(srv.Sessions())); n != max {
		t.Errorf("%d sessions after filling the remaining places; want %d", n, max)
	}
}

// TestServerMethodsAgreeWithSDK: each request method the HTTP front door lets
// through is one the SDK handles (over a stream it answers anything else
// with -32601), so the table cannot hide a method from HTTP clients by a typo.
func TestServerMethodsAgreeWithSDK(t *testing.T) {
	srv, err := NewServer(Options{Logger: noLog, Roots: []string{t.TempDir()}, NoPrompts: true})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	conn := mcptest.ConnectRaw(t, srv)
	call := func(id int64, method, params string) *jsonrpc.Response {
		t.Helper()
		rid, err := jsonrpc.MakeID(float64(id))
		if err != nil {
			t.Fatal(err)
		}
		req := &jsonrpc.Request{ID: rid, Method: method, Params: json.RawMessage(params)}
		if err := conn.Write(ctx, req); err != nil {
			t.Fatal(err)
		}
		msg, err := conn.Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return msg.(*jsonrpc.Response)
	}
	call(1, "initialize", `{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}`)
	if err := conn.Write(ctx, &jsonrpc.Request{Method: "notifications/initialized", Params: json.RawMessage(`{}`)}); err != nil {
		t.Fatal(err)
	}
	if r := call(2, "no/such/method", `{}`); !isCode(r.Error, jsonrpc.CodeMethodNotFound) {
		t.Fatalf("an unknown method answered %v; want -32601, or this test proves nothing", r.Error)
	}
	// The SDK knows these but refuses them itself, with -32601 as JSON-RPC,
	// on this server and protocol: resources/subscribe and unsubscribe need
	// a subscribe handler (this server has none), server/discover protocol
	// 2026-07-28. subscriptions/listen holds its answer open while it listens.
	skip := map[string]bool{"initialize": true, "subscriptions/listen": true,
		"resources/subscribe": true, "resources/unsubscribe": true, "server/discover": true}
	id := int64(3)
	for method, flags := range serverMethods {
		if flags&notification != 0 || skip[method] {
			continue
		}
		id++
		if r := call(id, method, `{}`); isCode(r.Error, jsonrpc.CodeMethodNotFound) {
			t.Errorf("%s: the SDK answers %v; the HTTP front door must not list it", method, r.Error)
		}
	}
}

func isCode(err error, code int64) bool {
	var wire *jsonrpc.Error
	return errors.As(err, &wire) && wire.Code == code
}
