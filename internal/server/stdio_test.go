package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/speedgrapher/speedgrapher/internal/mcptest"
)

// wireReply is the part of a JSON-RPC response the tests look at.
type wireReply struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  json.RawMessage `json:"result"`
	Error   *struct {
		Code    int64  `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// bareServer is an MCP server with one slow tool and one failing prompt, so
// the transport can be tested without the template library.
func bareServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "0"}, nil)
	s.AddTool(&mcp.Tool{Name: "slow", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			select {
			case <-time.After(200 * time.Millisecond):
			case <-ctx.Done():
				return nil, ctx.Err()
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "done"}}}, nil
		})
	s.AddPrompt(&mcp.Prompt{Name: "broken"}, func(context.Context, *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		return nil, errors.New("the template exploded")
	})
	return s
}

const (
	initLine        = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}`
	initializedLine = `{"jsonrpc":"2.0","method":"notifications/initialized","params":{}}`
)

// session feeds lines to a server over a LineTransport, closes its input and
// returns every line the server wrote, once the session has ended.
func session(t *testing.T, maxLine int, lines ...string) []wireReply {
	t.Helper()
	out := rawSession(t, maxLine, lines...)
	var replies []wireReply
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var r wireReply
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("stdout line is not JSON: %q", sc.Text())
		}
		if r.JSONRPC != "2.0" {
			t.Errorf("stdout line is not JSON-RPC 2.0: %q", sc.Text())
		}
		replies = append(replies, r)
	}
	return replies
}

// rawSession is session with the server's output as written.
func rawSession(t *testing.T, maxLine int, lines ...string) string {
	t.Helper()
	var out bytes.Buffer
	in := strings.NewReader(strings.Join(lines, "\n") + "\n")
	tr := &LineTransport{In: in, Out: &out, MaxLineBytes: maxLine, DrainTimeout: 5 * time.Second, Logger: quiet}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := bareServer().Run(ctx, tr); err != nil {
		t.Fatalf("Run: %v", err)
	}
	return out.String()
}

// summary is one reply reduced to id and error code (0: a result).
type summary struct {
	ID   string
	Code int64
}

// anyOrder compares replies as a set: requests are handled concurrently.
var anyOrder = cmpopts.SortSlices(func(a, b summary) bool { return a.ID < b.ID || a.ID == b.ID && a.Code < b.Code })

var quiet = slog.New(slog.DiscardHandler)

func summarize(replies []wireReply) []summary {
	var s []summary
	for _, r := range replies {
		code := int64(0)
		if r.Error != nil {
			code = r.Error.Code
		}
		s = append(s, summary{string(r.ID), code})
	}
	return s
}

func TestLineTransportSurvivesBadInput(t *testing.T) {
	ping := func(id string) string { return `{"jsonrpc":"2.0","id":` + id + `,"method":"ping"}` }
	tests := []struct {
		name  string
		lines []string
		want  []summary
	}{
		{"malformed JSON", []string{`{"jsonrpc":"2.0","method":"ping","id":7,,}`, ping("8")},
			[]summary{{"null", -32700}, {"8", 0}}},
		{"not an object", []string{`42`, `"hello"`, ping("8")},
			[]summary{{"null", -32600}, {"null", -32600}, {"8", 0}}},
		{"jsonrpc 1.0", []string{`{"jsonrpc":"1.0","id":10,"method":"ping"}`, ping("11")},
			[]summary{{"10", -32600}, {"11", 0}}},
		{"jsonrpc missing", []string{`{"id":12,"method":"ping"}`, ping("13")},
			[]summary{{"12", -32600}, {"13", 0}}},
		{"no method", []string{`{"jsonrpc":"2.0","id":9}`, ping("14")},
			[]summary{{"9", -32600}, {"14", 0}}},
		{"method not a string", []string{`{"jsonrpc":"2.0","id":15,"method":3}`, ping("16")},
			[]summary{{"15", -32600}, {"16", 0}}},
		{"params not structured", []string{`{"jsonrpc":"2.0","id":17,"method":"ping","params":"x"}`, ping("18")},
			[]summary{{"17", -32600}, {"18", 0}}},
		{"id of a bad type", []string{`{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}`, ping("19")},
			[]summary{{"null", -32600}, {"19", 0}}},
		{"batch", []string{`[` + ping("20") + `]`, ping("21")},
			[]summary{{"null", -32600}, {"21", 0}}},
		{"blank lines are ignored", []string{``, `   `, ping("22")},
			[]summary{{"22", 0}}},
		{"ids echoed exactly", []string{ping("0"), ping(`"ü-\"q\""`), ping("-1"), ping("9007199254740991")},
			[]summary{{"0", 0}, {`"ü-\"q\""`, 0}, {"-1", 0}, {"9007199254740991", 0}}},
		{"unknown method", []string{initLine, initializedLine, `{"jsonrpc":"2.0","id":2,"method":"nope/nope"}`},
			[]summary{{"1", 0}, {"2", -32601}}},
		{"plain Go error gets a code", []string{initLine, initializedLine, `{"jsonrpc":"2.0","id":2,"method":"prompts/get","params":{"name":"broken"}}`},
			[]summary{{"1", 0}, {"2", -32603}}},
		{"notifications get no reply", []string{initLine, initializedLine,
			`{"jsonrpc":"2.0","method":"notifications/whatever","params":{}}`, `{"jsonrpc":"2.0","method":"ping"}`, ping("2")},
			[]summary{{"1", 0}, {"2", 0}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := summarize(session(t, 0, tt.lines...))
			if diff := cmp.Diff(tt.want, got, anyOrder); diff != "" {
				t.Errorf("replies (-want +got):\n%s", diff)
			}
		})
	}
}

func TestLineTransportSkipsOversizedLine(t *testing.T) {
	big := `{"jsonrpc":"2.0","id":20,"method":"ping","params":{"pad":"` + strings.Repeat("x", 5000) + `"}}`
	replies := session(t, 1024, big, `{"jsonrpc":"2.0","id":21,"method":"ping"}`)
	want := []summary{{"null", -32600}, {"21", 0}}
	if diff := cmp.Diff(want, summarize(replies), anyOrder); diff != "" {
		t.Fatalf("replies (-want +got):\n%s", diff)
	}
	if msg := replies[0].Error.Message; !strings.Contains(msg, "over the limit of 1024 bytes") {
		t.Errorf("oversized-line message %q does not state the limit", msg)
	}
}

// The canonical shell test: requests written just before stdin closes are
// all answered, including one whose handler is still running at EOF.
func TestLineTransportAnswersEverythingReadBeforeEOF(t *testing.T) {
	replies := session(t, 0, initLine, initializedLine,
		`{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"slow","arguments":{}}}`)
	want := []summary{{"1", 0}, {"2", 0}, {"3", 0}}
	if diff := cmp.Diff(want, summarize(replies), anyOrder); diff != "" {
		t.Fatalf("replies (-want +got):\n%s", diff)
	}
}

func TestLineTransportRejectsIDInUse(t *testing.T) {
	call := `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"slow","arguments":{}}}`
	replies := session(t, 0, initLine, initializedLine, call, call)
	want := []summary{{"1", 0}, {"3", -32600}, {"3", 0}}
	if diff := cmp.Diff(want, summarize(replies), anyOrder); diff != "" {
		t.Fatalf("replies (-want +got):\n%s", diff)
	}
}

func TestReadLine(t *testing.T) {
	tests := []struct {
		name    string
		input   string
		max     int
		lines   []string
		tooLong []int
	}{
		{"lf", "a\nbb\n", 10, []string{"a", "bb"}, []int{0, 0}},
		{"crlf", "a\r\nbb\r\n", 10, []string{"a", "bb"}, []int{0, 0}},
		{"no final newline", "a\nbb", 10, []string{"a", "bb"}, []int{0, 0}},
		{"exactly the limit", "abcd\n", 4, []string{"abcd"}, []int{0}},
		{"one over the limit", "abcde\nok\n", 4, []string{"", "ok"}, []int{6, 0}},
		{"far over the limit", strings.Repeat("x", 200000) + "\nok\n", 100, []string{"", "ok"}, []int{200001, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := bufio.NewReaderSize(strings.NewReader(tt.input), 16)
			var lines []string
			var tooLong []int
			for {
				line, n, err := readLine(r, tt.max)
				if len(line) > 0 || n > 0 {
					lines = append(lines, string(line))
					tooLong = append(tooLong, n)
				}
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
			}
			if diff := cmp.Diff(tt.lines, lines); diff != "" {
				t.Errorf("lines (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.tooLong, tooLong); diff != "" {
				t.Errorf("skipped lengths (-want +got):\n%s", diff)
			}
		})
	}
}

// FuzzLineTransport feeds arbitrary input to a server: it must not panic,
// must end at EOF, and must write nothing but JSON-RPC 2.0 lines, every
// error with a non-zero code.
func FuzzLineTransport(f *testing.F) {
	f.Add([]byte(initLine + "\n" + initializedLine + "\n" + `{"jsonrpc":"2.0","id":2,"method":"tools/list"}` + "\n"))
	f.Add([]byte(`{"jsonrpc":"2.0","id":1,,}` + "\n" + `[1,2]` + "\n"))
	f.Add([]byte(`{"jsonrpc":"2.0","id":9}` + "\r\n" + `{"jsonrpc":"1.0","id":"x","method":"ping"}`))
	f.Add([]byte(`{"jsonrpc":"2.0","id":1e400,"method":"ping"}` + "\n" + `{"jsonrpc":"2.0","id":1,"result":{}}`))
	f.Add([]byte(`{"jsonrpc":"2.0","id":null,"method":"ping"}` + "\n" + `{"jsonrpc":"2.0","id":-0,"method":"tools/call","params":{"name":"slow"}}` + "\n" +
		`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":-0}}`))
	f.Fuzz(func(t *testing.T, input []byte) {
		var out bytes.Buffer
		tr := &LineTransport{In: bytes.NewReader(input), Out: &out, MaxLineBytes: 256, DrainTimeout: time.Second, Logger: quiet}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := bareServer().Run(ctx, tr); err != nil && ctx.Err() != nil {
			t.Fatalf("the session did not end at EOF: %v", err)
		}
		for line := range strings.Lines(out.String()) {
			var r wireReply
			if err := json.Unmarshal([]byte(line), &r); err != nil || r.JSONRPC != "2.0" {
				t.Fatalf("stdout line is not JSON-RPC 2.0: %q", line)
			}
			if r.Error != nil && r.Error.Code == 0 {
				t.Fatalf("error without a code: %q", line)
			}
		}
	})
}

// Every id comes back exactly as the client wrote it; null and ids that are
// neither strings nor numbers get -32600 with "id": null. The expected lines
// are written by hand.
func TestLineTransportEchoesIDsAsWritten(t *testing.T) {
	const (
		notNull  = `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"invalid request: \"id\" must not be null; give a string or a number, or leave \"id\" out for a notification"}}`
		badType  = `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"invalid request: \"id\" must be a string or a number"}}`
		pingWith = `{"jsonrpc":"2.0","method":"ping","id":`
	)
	tests := []struct {
		id   string // as written in the request
		want string // the whole reply line
	}{
		{`1.5`, `{"jsonrpc":"2.0","id":1.5,"result":{}}`},
		{`1e23`, `{"jsonrpc":"2.0","id":1e23,"result":{}}`},
		{`9007199254740993`, `{"jsonrpc":"2.0","id":9007199254740993,"result":{}}`},
		{`-0`, `{"jsonrpc":"2.0","id":-0,"result":{}}`},
		{`0`, `{"jsonrpc":"2.0","id":0,"result":{}}`},
		{`1.0`, `{"jsonrpc":"2.0","id":1.0,"result":{}}`},
		{`1E+2`, `{"jsonrpc":"2.0","id":1E+2,"result":{}}`},
		{`1e400`, `{"jsonrpc":"2.0","id":1e400,"result":{}}`},
		{`-9223372036854775809`, `{"jsonrpc":"2.0","id":-9223372036854775809,"result":{}}`},
		{`-9223372036854775808`, `{"jsonrpc":"2.0","id":-9223372036854775808,"result":{}}`},
		{`"x"`, `{"jsonrpc":"2.0","id":"x","result":{}}`},
		{`"\u0041"`, `{"jsonrpc":"2.0","id":"\u0041","result":{}}`},
		{`"<&>"`, `{"jsonrpc":"2.0","id":"<&>","result":{}}`},
		{` 7 `, `{"jsonrpc":"2.0","id":7,"result":{}}`},
		{`null`, notNull},
		{`{}`, badType},
		{`[]`, badType},
		{`true`, badType},
	}
	for _, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			got := rawSession(t, 0, pingWith+tt.id+`}`)
			if got != tt.want+"\n" {
				t.Errorf("reply to id %s:\n got %s\nwant %s", tt.id, got, tt.want)
			}
		})
	}
}

// Two requests in progress whose ids the SDK would read as one number are
// both served, each answered under its own id.
func TestLineTransportKeepsNearbyIDsApart(t *testing.T) {
	call := func(id string) string {
		return `{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"name":"slow","arguments":{}}}`
	}
	replies := session(t, 0, initLine, initializedLine,
		call("9007199254740993"), call("9007199254740992"), call("2.5"), call("2"))
	// (Not 1 and 1.5: 1 is initialize's id, and a second request under it
	// while initialize is still unanswered is a duplicate.)
	want := []summary{{"1", 0}, {"2", 0}, {"2.5", 0}, {"9007199254740992", 0}, {"9007199254740993", 0}}
	if diff := cmp.Diff(want, summarize(replies), anyOrder); diff != "" {
		t.Fatalf("replies (-want +got):\n%s", diff)
	}
}

// waitingServer has a tool "wait" that reports on started when it starts,
// runs until its request is cancelled and then reports on cancelled, and a
// tool "stuck" that never returns while the test runs.
func waitingServer(t *testing.T) (s *mcp.Server, started, cancelled <-chan struct{}) {
	start, cancel := make(chan struct{}, 1), make(chan struct{}, 1)
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	s = mcp.NewServer(&mcp.Implementation{Name: "test", Version: "0"}, nil)
	s.AddTool(&mcp.Tool{Name: "wait", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			start <- struct{}{}
			<-ctx.Done()
			cancel <- struct{}{}
			return nil, ctx.Err()
		})
	s.AddTool(&mcp.Tool{Name: "stuck", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			<-release
			return &mcp.CallToolResult{}, nil
		})
	return s, start, cancel
}

// A cancellation that names a request by an id the SDK cannot hold reaches
// that request.
func TestLineTransportCancelsByIDAsWritten(t *testing.T) {
	srv, started, cancelled := waitingServer(t)
	inR, inW := io.Pipe()
	var out mcptest.Buffer // safe for the server's goroutines
	tr := &LineTransport{In: inR, Out: &out, DrainTimeout: 5 * time.Second, Logger: quiet}
	done := make(chan error, 1)
	go func() { _, err := ServeStdio(context.Background(), srv, tr); done <- err }()
	send := func(lines ...string) {
		for _, line := range lines {
			if _, err := io.WriteString(inW, line+"\n"); err != nil {
				t.Fatal(err)
			}
		}
	}
	// A guard against a hang, not a measurement.
	wait := func(ch <-chan struct{}, what string) {
		select {
		case <-ch:
		case <-time.After(30 * time.Second):
			t.Fatalf("%s; output:\n%s", what, out.String())
		}
	}
	send(initLine, initializedLine, `{"jsonrpc":"2.0","id":2.5,"method":"tools/call","params":{"name":"wait","arguments":{}}}`)
	wait(started, "the tool did not start")
	send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2.5,"reason":"changed my mind"}}`)
	wait(cancelled, "the cancellation of request 2.5 did not reach its handler")
	inW.Close()
	if err := <-done; err != nil {
		t.Fatalf("ServeStdio: %v", err)
	}
	if strings.Contains(out.String(), `"id":2,`) {
		t.Errorf("an answer went out under the server's own id:\n%s", out.String())
	}
}

// Cancellations are translated to the SDK's id of the request they name, and
// dropped when they name none in progress: passed on as written, requestId 1
// would name whichever request the SDK knows as 1.
func TestTranslateCancel(t *testing.T) {
	c := &lineConn{ids: newIDMap()}
	for _, raw := range []string{`"init"`, `2.5`} { // the SDK knows them as 1 and 2
		if _, ok := c.ids.add(json.RawMessage(raw)); !ok {
			t.Fatalf("add(%s) failed", raw)
		}
	}
	tests := []struct {
		params string
		want   string // "" when dropped
	}{
		{`{"requestId":2.5,"reason":"r"}`, `{"reason":"r","requestId":2}`},
		{`{"requestId":"init"}`, `{"requestId":1}`},
		{`{"requestId":1}`, ""},
		{`{"requestId":2}`, ""},
		{`{"requestId":2.50}`, ""},
		{`{"reason":"no id"}`, ""},
		{`[2.5]`, ""},
	}
	for _, tt := range tests {
		req := &jsonrpc.Request{Method: methodCancelled, Params: json.RawMessage(tt.params)}
		ok := c.translateCancel(req)
		got := ""
		if ok {
			got = string(req.Params)
		}
		if got != tt.want {
			t.Errorf("translateCancel(%s) = %q, want %q", tt.params, got, tt.want)
		}
	}
}

// At the end of input the session ends after the drain even when a handler
// never returns: the request gets an error under its own id.
func TestServeStdioAbandonsRunawayWorkAfterDrain(t *testing.T) {
	srv, _, _ := waitingServer(t)
	var out mcptest.Buffer // safe for the server's goroutines
	in := strings.NewReader(strings.Join([]string{initLine, initializedLine,
		`{"jsonrpc":"2.0","id":"a b","method":"tools/call","params":{"name":"stuck","arguments":{}}}`,
		`{"jsonrpc":"2.0","id":1e2,"method":"ping"}`,
	}, "\n") + "\n")
	tr := &LineTransport{In: in, Out: &out, DrainTimeout: 50 * time.Millisecond, Logger: quiet}
	type result struct {
		abandoned int
		err       error
	}
	done := make(chan result, 1)
	go func() { n, err := ServeStdio(context.Background(), srv, tr); done <- result{n, err} }()
	var got result
	select {
	case got = <-done:
	case <-time.After(30 * time.Second): // a guard against a hang, not a measurement
		t.Fatal("ServeStdio did not return after the drain")
	}
	if got.err != nil || got.abandoned != 1 {
		t.Errorf("ServeStdio = %d, %v; want 1 request abandoned, no error", got.abandoned, got.err)
	}
	const abandoned = `{"jsonrpc":"2.0","id":"a b","error":{"code":-32603,"message":"request abandoned: it was still running 50ms after stdin closed"}}` + "\n"
	if lines := out.String(); !strings.HasSuffix(lines, abandoned) || !strings.Contains(lines, `{"jsonrpc":"2.0","id":1e2,"result":{}}`+"\n") {
		t.Errorf("output does not end with the abandoned request's error, after the ping's answer:\n%s", lines)
	}
}

// BenchmarkDecodeLine decodes a tools/call carrying a 1 MiB draft as text,
// the largest line a session usually sees; BenchmarkDecodeLineSDK is the
// SDK's decoding alone, to show what finding the id as written adds.
func BenchmarkDecodeLine(b *testing.B) {
	line := bigCallLine()
	b.SetBytes(int64(len(line)))
	for b.Loop() {
		if _, _, _, problem := decodeLine(line); problem != "" {
			b.Fatal(problem)
		}
	}
}

func BenchmarkDecodeLineSDK(b *testing.B) {
	line := bigCallLine()
	b.SetBytes(int64(len(line)))
	for b.Loop() {
		if _, err := jsonrpc.DecodeMessage(line); err != nil {
			b.Fatal(err)
		}
	}
}

func bigCallLine() []byte {
	text, _ := json.Marshal(strings.Repeat("A line of prose, with \"quotes\" and a tab\there.\n", 1<<20/48))
	return []byte(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"lint","arguments":{"text":` + string(text) + `}}}`)
}
