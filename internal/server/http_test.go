package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/speedgrapher/speedgrapher/tools"
)

// httpTestServer serves srv over streamable HTTP on a loopback port.
func httpTestServer(t *testing.T, srv *mcp.Server, opts HTTPOptions) *httptest.Server {
	t.Helper()
	ts := httptest.NewServer(HTTPHandler(srv, opts))
	t.Cleanup(ts.Close)
	return ts
}

// bearer adds a bearer token to every request.
type bearer struct {
	token string
	next  http.RoundTripper
}

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return b.next.RoundTrip(r)
}

// httpSession connects an MCP client to url over streamable HTTP. hc may be
// nil; version "" is the SDK's default.
func httpSession(ctx context.Context, url string, hc *http.Client, version string, opts *mcp.ClientOptions) (*mcp.ClientSession, error) {
	client := mcp.NewClient(&mcp.Implementation{Name: "http-test", Version: "0"}, opts)
	return client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: url, HTTPClient: hc},
		&mcp.ClientSessionOptions{ProtocolVersion: version})
}

// readability calls the readability tool and returns its structured result.
func readability(ctx context.Context, cs *mcp.ClientSession, args map[string]any) (tools.ReadabilityResult, *mcp.CallToolResult, error) {
	var out tools.ReadabilityResult
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "readability", Arguments: args})
	if err != nil {
		return out, nil, err
	}
	if res.IsError {
		return out, res, nil
	}
	data, err := json.Marshal(res.StructuredContent)
	if err != nil {
		return out, res, err
	}
	return out, res, json.Unmarshal(data, &out)
}

// loadSize is the load test's number of sessions and calls per session:
// 20 sessions of 10 calls by default, which already runs sessions of both
// protocol versions side by side; .ci/run sets SPEEDGRAPHER_LOAD=200,10 for
// the full load. SPEEDGRAPHER_LOAD=sessions,calls sets any size.
func loadSize(t *testing.T) (sessions, calls int) {
	sessions, calls = 20, 10
	if v := os.Getenv("SPEEDGRAPHER_LOAD"); v != "" {
		s, c, _ := strings.Cut(v, ",")
		var err1, err2 error
		sessions, err1 = strconv.Atoi(s)
		calls, err2 = strconv.Atoi(c)
		if err1 != nil || err2 != nil {
			t.Fatalf("SPEEDGRAPHER_LOAD=%q: want sessions,calls", v)
		}
	}
	return sessions, calls
}

// TestHTTPLoad runs many concurrent sessions of tool calls over HTTP, checks
// every answer, and checks that nothing is left running afterwards.
func TestHTTPLoad(t *testing.T) {
	sessions, calls := loadSize(t)
	before := runtime.NumGoroutine()

	srv, err := NewServer(Options{Logger: noLog, NoPrompts: true})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(HTTPHandler(srv, HTTPOptions{Logger: noLog}))
	transport := &http.Transport{MaxIdleConnsPerHost: 64}
	hc := &http.Client{Transport: transport}

	// Half the sessions speak 2025-11-25, where the server asks for roots on
	// the first call; half the SDK's default.
	versions := []string{"2025-11-25", ""}
	var wg sync.WaitGroup
	errs := make(chan error, sessions*calls)
	for i := range sessions {
		wg.Go(func() {
			ctx := context.Background()
			cs, err := httpSession(ctx, ts.URL+"/mcp", hc, versions[i%2], nil)
			if err != nil {
				errs <- fmt.Errorf("session %d: connect: %w", i, err)
				return
			}
			defer cs.Close()
			for j := range calls {
				// n repetitions of "cat" and one "sat.": n+1 words, 1 sentence.
				n := 1 + (i*calls+j)%40
				text := strings.Repeat("cat ", n) + "sat.\n"
				got, res, err := readability(ctx, cs, map[string]any{"text": text})
				switch {
				case err != nil:
					errs <- fmt.Errorf("session %d call %d: %w", i, j, err)
				case res.IsError:
					errs <- fmt.Errorf("session %d call %d: tool error %q", i, j, firstText(res.Content))
				case got.Words != n+1 || got.Sentences != 1:
					errs <- fmt.Errorf("session %d call %d: %d words in %d sentences; want %d in 1", i, j, got.Words, got.Sentences, n+1)
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	n := 0
	for err := range errs {
		if n++; n <= 10 {
			t.Error(err)
		}
	}
	if n > 10 {
		t.Errorf("... and %d more errors", n-10)
	}

	ts.Close()
	transport.CloseIdleConnections()
	settled := false
	for range 500 {
		if runtime.NumGoroutine() <= before {
			settled = true
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if !settled {
		var b bytes.Buffer
		pprof.Lookup("goroutine").WriteTo(&b, 1)
		t.Errorf("%d goroutines before, %d after %d sessions; still running:\n%s", before, runtime.NumGoroutine(), sessions, b.String())
	}
}

func TestHTTPToken(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"drafts/post.md": "# Hello\n\nA draft about Go.\n"}) // 4 words
	srv, err := NewServer(Options{Logger: noLog, Roots: []string{root}, NoPrompts: true})
	if err != nil {
		t.Fatal(err)
	}
	const token = "s3cret-token"
	ts := httpTestServer(t, srv, HTTPOptions{Token: token, Logger: noLog})
	url := ts.URL + "/mcp"

	for _, tt := range []struct {
		name, header string
		want         int
	}{
		{"no token", "", http.StatusUnauthorized},
		{"wrong token", "Bearer s3cret-tokem", http.StatusUnauthorized},
		{"token without Bearer", token, http.StatusUnauthorized},
		{"right token", "Bearer " + token, http.StatusOK},
	} {
		req := initializeRequest(t, url)
		if tt.header != "" {
			req.Header.Set("Authorization", tt.header)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tt.want {
			t.Errorf("%s: status %d; want %d", tt.name, resp.StatusCode, tt.want)
		}
		if tt.want == http.StatusUnauthorized && resp.Header.Get("WWW-Authenticate") == "" {
			t.Errorf("%s: 401 without WWW-Authenticate", tt.name)
		}
	}

	// A whole session with the token works; one without cannot start.
	ctx := context.Background()
	if _, err := httpSession(ctx, url, nil, "", nil); err == nil {
		t.Error("a session without the token started")
	}
	cs, err := httpSession(ctx, url, &http.Client{Transport: bearer{token, http.DefaultTransport}}, "", nil)
	if err != nil {
		t.Fatalf("session with the token: %v", err)
	}
	defer cs.Close()
	got, _, err := readability(ctx, cs, map[string]any{"path": "drafts/post.md"})
	if err != nil || got.Words != 4 {
		t.Errorf("readability over an authorized session = %d words, %v; want 4 words", got.Words, err)
	}
}

// initializeRequest is a POSTed initialize request with the headers the
// streamable transport requires.
func initializeRequest(t *testing.T, url string) *http.Request {
	t.Helper()
	body := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}`
	return jsonPost(t, url, body)
}

func jsonPost(t *testing.T, url, body string) *http.Request {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	return req
}

// rpcReply reads the JSON-RPC message of a response, sent as JSON or as
// the data of the first server-sent event.
func rpcReply(t *testing.T, resp *http.Response) map[string]any {
	t.Helper()
	defer resp.Body.Close()
	var data []byte
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if d, ok := strings.CutPrefix(sc.Text(), "data: "); ok && strings.TrimSpace(d) != "" {
				data = []byte(d)
				break
			}
		}
	} else {
		var err error
		if data, err = readAll(resp); err != nil {
			t.Fatal(err)
		}
	}
	var msg map[string]any
	if err := json.Unmarshal(data, &msg); err != nil {
		t.Fatalf("reply %q is not JSON: %v", data, err)
	}
	return msg
}

func readAll(resp *http.Response) ([]byte, error) {
	var b bytes.Buffer
	_, err := b.ReadFrom(resp.Body)
	return b.Bytes(), err
}

func TestHTTPProtection(t *testing.T) {
	srv, err := NewServer(Options{Logger: noLog, Roots: []string{t.TempDir()}, NoPrompts: true})
	if err != nil {
		t.Fatal(err)
	}
	ts := httpTestServer(t, srv, HTTPOptions{Logger: noLog, MaxBodyBytes: 4096})
	url := ts.URL + "/mcp"

	tests := []struct {
		name   string
		edit   func(*http.Request)
		body   string
		status int
	}{
		{"a plain initialize passes", nil, "", http.StatusOK},
		{"a cross-origin browser request", func(r *http.Request) {
			r.Header.Set("Origin", "https://evil.example")
			r.Header.Set("Sec-Fetch-Site", "cross-site")
		}, "", http.StatusForbidden},
		{"DNS rebinding: a foreign Host on loopback", func(r *http.Request) { r.Host = "evil.example" }, "", http.StatusForbidden},
		{"a body over the limit", nil, `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"` + strings.Repeat("x", 5000) + `"}}`, http.StatusRequestEntityTooLarge},
	}
	for _, tt := range tests {
		req := initializeRequest(t, url)
		if tt.body != "" {
			req = jsonPost(t, url, tt.body)
		}
		if tt.edit != nil {
			tt.edit(req)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tt.status {
			t.Errorf("%s: status %d; want %d", tt.name, resp.StatusCode, tt.status)
		}
	}
}

// TestHTTPUnknownMethod: an unknown method in a live session is a JSON-RPC
// -32601 error with the request's id, not a plain-text 400.
func TestHTTPUnknownMethod(t *testing.T) {
	srv, err := NewServer(Options{Logger: noLog, Roots: []string{t.TempDir()}, NoPrompts: true})
	if err != nil {
		t.Fatal(err)
	}
	ts := httpTestServer(t, srv, HTTPOptions{Logger: noLog})
	url := ts.URL + "/mcp"

	resp, err := http.DefaultClient.Do(initializeRequest(t, url))
	if err != nil {
		t.Fatal(err)
	}
	rpcReply(t, resp)
	session := resp.Header.Get("Mcp-Session-Id")
	if session == "" {
		t.Fatal("initialize answered without Mcp-Session-Id")
	}
	send := func(body string) *http.Response {
		req := jsonPost(t, url, body)
		req.Header.Set("Mcp-Session-Id", session)
		req.Header.Set("MCP-Protocol-Version", "2025-11-25")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`).Body.Close()

	for _, tt := range []struct {
		body   string
		wantID any
		code   float64
	}{
		{`{"jsonrpc":"2.0","id":7,"method":"no/such/method"}`, float64(7), -32601},
		{`{"jsonrpc":"2.0","id":"req-8","method":"no/such/method","params":{}}`, "req-8", -32601},
		{`{"jsonrpc":"2.0","id":9,"method":`, nil, -32700},
		{`{"jsonrpc":"2.0","id":10,"params":{}}`, float64(10), -32600},
		{`{"jsonrpc":"1.0","id":11,"method":"ping"}`, float64(11), -32600},
	} {
		resp = send(tt.body)
		if resp.StatusCode != http.StatusOK {
			t.Errorf("%s: status %d; want 200 with a JSON-RPC error", tt.body, resp.StatusCode)
		}
		got := rpcReply(t, resp)
		e, _ := got["error"].(map[string]any)
		if got["id"] != tt.wantID || e == nil || e["code"] != tt.code {
			t.Errorf("%s: reply %v; want id %v and error code %v", tt.body, got, tt.wantID, tt.code)
		}
	}
}

// TestHTTPGracefulShutdown: a request in flight when the server is told to
// stop finishes and is answered; new connections are refused meanwhile.
func TestHTTPGracefulShutdown(t *testing.T) {
	srv, err := NewServer(Options{Logger: noLog, Roots: []string{t.TempDir()}, NoPrompts: true})
	if err != nil {
		t.Fatal(err)
	}
	started, release := make(chan struct{}), make(chan struct{})
	srv.AddTool(&mcp.Tool{Name: "slow", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			close(started)
			<-release
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "finished"}}}, nil
		})

	ctx, stop := context.WithCancel(context.Background())
	addrc := make(chan string, 1)
	served := make(chan error, 1)
	go func() {
		served <- ServeHTTP(ctx, srv, HTTPOptions{Addr: "127.0.0.1:0", Logger: noLog}, func(a string) { addrc <- a })
	}()
	addr := <-addrc
	cs, err := httpSession(context.Background(), "http://"+addr+"/mcp", nil, "2025-11-25", nil)
	if err != nil {
		t.Fatal(err)
	}
	type answer struct {
		res *mcp.CallToolResult
		err error
	}
	answered := make(chan answer, 1)
	go func() {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "slow", Arguments: map[string]any{}})
		answered <- answer{res, err}
	}()
	<-started
	stop()
	// Shutdown has begun once the listener refuses connections.
	waitFor(t, "the listener to close", func() bool {
		c, err := net.Dial("tcp", addr)
		if err == nil {
			c.Close()
		}
		return err != nil
	})
	select {
	case err := <-served:
		t.Fatalf("ServeHTTP returned %v with a request in flight", err)
	default:
	}
	close(release)
	a := <-answered
	if a.err != nil || a.res.IsError || firstText(a.res.Content) != "finished" {
		t.Errorf("call in flight at shutdown = %v, %v; want the text \"finished\"", a.res, a.err)
	}
	if err := <-served; err != nil {
		t.Errorf("ServeHTTP = %v; want nil after a graceful shutdown", err)
	}
	cs.Close()
}

// TestHTTPStatelessUsesDefaultWorkspace: a stateless server cannot ask the
// client for its roots, so it reads from the current directory.
func TestHTTPStatelessUsesDefaultWorkspace(t *testing.T) {
	d := dirs(t, "cwd", "client")
	t.Chdir(d["cwd"])
	srv, err := NewServer(Options{Logger: noLog, NoPrompts: true, NoTools: true})
	if err != nil {
		t.Fatal(err)
	}
	addProbe(srv, nil)
	ts := httpTestServer(t, srv, HTTPOptions{Logger: noLog, Stateless: true})
	for _, version := range []string{"2025-06-18", "2025-11-25", ""} {
		client := mcp.NewClient(&mcp.Implementation{Name: "editor", Version: "0"}, nil)
		client.AddRoots(&mcp.Root{URI: dirURI(d["client"])})
		cs, err := client.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: ts.URL + "/mcp"},
			&mcp.ClientSessionOptions{ProtocolVersion: version})
		if err != nil {
			t.Fatalf("protocol %q: %v", version, err)
		}
		want := probeAnswer{Roots: []string{d["cwd"]}, Text: "in cwd\n"}
		if diff := cmp.Diff(want, probe(t, cs, "cwd.md")); diff != "" {
			t.Errorf("protocol %q: probe (-want +got):\n%s", version, diff)
		}
		cs.Close()
	}
}

// writeFiles writes files (slash-separated names relative to dir).
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		writeFile(t, filepath.Join(dir, filepath.FromSlash(name)), text)
	}
}

// TestHTTPIdleSessionClosed: a session that sends nothing for SessionTimeout
// is closed, and the server forgets it (404, so the client starts anew).
func TestHTTPIdleSessionClosed(t *testing.T) {
	srv, err := NewServer(Options{Logger: noLog, Roots: []string{t.TempDir()}, NoPrompts: true})
	if err != nil {
		t.Fatal(err)
	}
	ts := httpTestServer(t, srv, HTTPOptions{Logger: noLog, SessionTimeout: 50 * time.Millisecond})
	url := ts.URL + "/mcp"
	resp, err := http.DefaultClient.Do(initializeRequest(t, url))
	if err != nil {
		t.Fatal(err)
	}
	rpcReply(t, resp)
	session := resp.Header.Get("Mcp-Session-Id")
	status := func() int {
		req := jsonPost(t, url, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
		req.Header.Set("Mcp-Session-Id", session)
		req.Header.Set("MCP-Protocol-Version", "2025-11-25")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if got := status(); got != http.StatusAccepted {
		t.Fatalf("a live session answered %d; want 202", got)
	}
	// Polling with requests would keep the session alive; watch the server.
	waitFor(t, "the idle session to be closed", func() bool { return len(slices.Collect(srv.Sessions())) == 0 })
	if got := status(); got != http.StatusNotFound {
		t.Errorf("the closed session answered %d; want 404", got)
	}
}
