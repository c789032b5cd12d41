package server

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"testing/synctest"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/speedgrapher/speedgrapher/internal/benchdraft"
)

// stubborn is a tool call's work that does not look at its context, as
// inside goldmark's parse: it runs until release is closed.
type stubborn struct {
	started, release chan struct{}
}

func newStubborn() *stubborn {
	return &stubborn{started: make(chan struct{}), release: make(chan struct{})}
}

// handlers routes tools/call to the stubborn work named by the request's
// tool, or answers at once for any other tool.
func handlers(work map[string]*stubborn) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if w := work[toolName(req)]; w != nil {
			close(w.started)
			<-w.release
			return nil, ctx.Err()
		}
		return &mcp.CallToolResult{}, nil
	}
}

func callTool(name string) *mcp.CallToolRequest {
	return &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: name}}
}

// answer is what a handler returned.
type answer struct {
	res mcp.Result
	err error
}

// start runs h on a tools/call of name in the background.
func start(ctx context.Context, h mcp.MethodHandler, name string) <-chan answer {
	out := make(chan answer, 1)
	go func() {
		res, err := h(ctx, "tools/call", callTool(name))
		out <- answer{res, err}
	}()
	return out
}

// ready reports whether a has an answer, without waiting.
func ready(a <-chan answer) bool {
	select {
	case got := <-a:
		if got.err != nil {
			panic(got.err)
		}
		return true
	default:
		return false
	}
}

// TestCancelHandsOnSlot: with one slot, a call cancelled while its work
// does not look at the context gives its slot to the next call at once;
// the next call runs and answers while the cancelled work still runs.
func TestCancelHandsOnSlot(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		parse := newStubborn()
		h := limitToolCalls(1)(handlers(map[string]*stubborn{"parse": parse}))
		ctx, cancel := context.WithCancel(t.Context())
		first := start(ctx, h, "parse")
		<-parse.started
		second := start(t.Context(), h, "quick")
		synctest.Wait()
		if ready(second) {
			t.Fatal("the second call ran while the first held the only slot")
		}
		cancel()
		synctest.Wait()
		if !ready(second) {
			t.Fatal("the second call did not run after the first was cancelled; the cancelled call kept its slot")
		}
		close(parse.release)
		if got := <-first; !errors.Is(got.err, context.Canceled) {
			t.Errorf("the cancelled call returned %v; want context.Canceled", got.err)
		}
		// Everything was given back: two calls in a row still run.
		for range 2 {
			if got := <-start(t.Context(), h, "quick"); got.err != nil {
				t.Errorf("a call after the cancelled one: %v", got.err)
			}
		}
	})
}

// TestCancelWindingDownIsBounded: with one slot, only one cancelled call
// may wind down without its slot; a second cancelled call keeps its slot
// until the first has stopped, so no more than two calls work at once.
func TestCancelWindingDownIsBounded(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		a, b := newStubborn(), newStubborn()
		h := limitToolCalls(1)(handlers(map[string]*stubborn{"a": a, "b": b}))
		ctxA, cancelA := context.WithCancel(t.Context())
		ctxB, cancelB := context.WithCancel(t.Context())
		doneA := start(ctxA, h, "a")
		<-a.started
		cancelA() // a winds down; its slot goes to b
		doneB := start(ctxB, h, "b")
		<-b.started
		cancelB() // no place to wind down: b keeps the slot
		third := start(t.Context(), h, "quick")
		synctest.Wait()
		if ready(third) {
			t.Fatal("a third call ran while two cancelled calls were still working")
		}
		close(a.release) // a stops: b moves to wind down, its slot goes to the third
		<-doneA
		synctest.Wait()
		if !ready(third) {
			t.Fatal("the third call did not run once the first cancelled call had stopped")
		}
		close(b.release)
		<-doneB
		if got := <-start(t.Context(), h, "quick"); got.err != nil {
			t.Errorf("a call after both cancelled ones: %v", got.err)
		}
	})
}

// TestFinishedCallKeepsNothing: a call that returns before it is cancelled
// frees its slot once; a later cancellation of its context frees nothing
// more, so one slot still means one call at a time.
func TestFinishedCallKeepsNothing(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		quick, slow := newStubborn(), newStubborn()
		h := limitToolCalls(1)(handlers(map[string]*stubborn{"q": quick, "slow": slow}))
		ctx, cancel := context.WithCancel(t.Context())
		close(quick.release)
		if got := <-start(ctx, h, "q"); got.err != nil {
			t.Fatalf("call: %v", got.err)
		}
		cancel()
		synctest.Wait()
		busy := start(t.Context(), h, "slow")
		<-slow.started
		next := start(t.Context(), h, "quick")
		synctest.Wait()
		if ready(next) {
			t.Error("two calls ran at once with one slot")
		}
		close(slow.release)
		<-busy
		<-next
	})
}

// TestCancelledLintLetsNextCallRun: with --max-tool-calls 1, a lint call on
// a 2 MiB draft is cancelled once it reports that the draft is parsed and
// it is checking; its work stops (the handler returns context.Canceled, not
// a result) and a second call, sent after the cancellation, starts and
// finishes.
func TestCancelledLintLetsNextCallRun(t *testing.T) {
	root := t.TempDir()
	draft, err := benchdraft.Repeat("../../"+benchdraft.Sample, 2<<20, true)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "big.md"), draft, 0o644); err != nil {
		t.Fatal(err)
	}
	srv, err := NewServer(Options{Logger: noLog, Roots: []string{root}, NoPrompts: true, MaxToolCalls: 1})
	if err != nil {
		t.Fatal(err)
	}
	lintReturned := make(chan error, 1)
	srv.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			res, err := next(ctx, method, req)
			if method == "tools/call" && toolName(req) == "lint" {
				lintReturned <- err
			}
			return res, err
		}
	})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	client := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "0"}, &mcp.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, req *mcp.ProgressNotificationClientRequest) {
			if req.Params.Progress == 1 {
				cancel() // parsed; the rules are running
			}
		},
	})
	cs, _ := connectClient(t, srv, client)
	params := &mcp.CallToolParams{Name: "lint", Arguments: map[string]any{"path": "big.md"}}
	params.SetProgressToken("big")
	if _, err := cs.CallTool(ctx, params); err == nil {
		t.Fatal("the cancelled lint call answered with a result")
	}
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "readability",
		Arguments: map[string]any{"text": "A short draft. It has two sentences."}})
	if err != nil || res.IsError {
		t.Fatalf("the call after the cancelled one: %v %+v", err, res)
	}
	if err := <-lintReturned; !errors.Is(err, context.Canceled) {
		t.Errorf("the cancelled lint call's handler returned %v; want context.Canceled (its work stopped)", err)
	}
}
