package server

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/speedgrapher/speedgrapher/internal/mcptest"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/speedgrapher/speedgrapher/internal/workspace"
)

// noLog discards what the code under test logs.
var noLog = slog.New(slog.DiscardHandler)

// probeAnswer is what the probe tool reports: the workspace the request ran
// in, and the file it read through Files (or the refusal).
type probeAnswer struct {
	Roots []string `json:"roots"`
	Text  string   `json:"text,omitempty"`
	Error string   `json:"error,omitempty"`
}

// addProbe registers a tool that reads "path" the way the tools will, through
// Files and the request's context.
func addProbe(s *mcp.Server, def *workspace.Workspace) {
	s.AddTool(&mcp.Tool{Name: "probe", InputSchema: json.RawMessage(`{"type": "object"}`)},
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			var in struct{ Path string }
			if err := json.Unmarshal(req.Params.Arguments, &in); err != nil {
				return nil, err
			}
			var ans probeAnswer
			if ws, ok := workspace.FromContext(ctx); ok {
				ans.Roots = ws.Roots()
			}
			_, data, err := Files{Default: def}.ReadFile(ctx, in.Path)
			if err != nil {
				ans.Error = err.Error()
			} else {
				ans.Text = string(data)
			}
			out, _ := json.Marshal(ans)
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(out)}}, IsError: err != nil}, nil
		})
}

func probe(t *testing.T, cs *mcp.ClientSession, path string) probeAnswer {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "probe", Arguments: map[string]any{"path": path}})
	if err != nil {
		t.Fatalf("probe %q: %v", path, err)
	}
	var ans probeAnswer
	if err := json.Unmarshal([]byte(res.Content[0].(*mcp.TextContent).Text), &ans); err != nil {
		t.Fatal(err)
	}
	slices.Sort(ans.Roots)
	return ans
}

// rootsServer wires a resolver into a bare server the way NewServer does,
// and returns both so the test can look at the cache. The client is trusted,
// as over stdio: its roots may lie anywhere.
func rootsServer(t *testing.T, def *workspace.Workspace, explicit bool, log *slog.Logger) (*mcp.Server, *rootsResolver) {
	t.Helper()
	r := newRootsResolver(def, explicit, log)
	r.trustClient = true
	s := mcp.NewServer(&mcp.Implementation{Name: "roots-test", Version: "0"},
		&mcp.ServerOptions{RootsListChangedHandler: r.rootsChanged, Logger: noLog})
	s.AddReceivingMiddleware(logRequests(log), r.middleware)
	addProbe(s, def)
	return s, r
}

// rootsProtocol is the latest protocol version on which a server may ask
// the client for its roots.
const rootsProtocol = "2025-11-25"

// connectClient connects a client to s in memory, speaking rootsProtocol.
func connectClient(t *testing.T, s *mcp.Server, client *mcp.Client) (*mcp.ClientSession, *mcp.ServerSession) {
	t.Helper()
	return connectVersion(t, s, client, rootsProtocol)
}

func connectVersion(t *testing.T, s *mcp.Server, client *mcp.Client, version string) (*mcp.ClientSession, *mcp.ServerSession) {
	t.Helper()
	return mcptest.Connect(t, s, client, &mcp.ClientSessionOptions{ProtocolVersion: version})
}

// dirs makes directories under a temp dir, each with a file naming it, and
// returns their real paths.
func dirs(t *testing.T, names ...string) map[string]string {
	t.Helper()
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, n := range names {
		d := filepath.Join(base, n)
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, n+".md"), []byte("in "+n+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		out[n] = d
	}
	return out
}

func dirURI(dir string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(dir)}).String()
}

func mustWorkspace(t *testing.T, roots ...string) *workspace.Workspace {
	t.Helper()
	ws, err := workspace.New(roots...)
	if err != nil {
		t.Fatal(err)
	}
	return ws
}

func TestClientRootsAreTheWorkspace(t *testing.T) {
	d := dirs(t, "cwd", "a", "b")
	s, r := rootsServer(t, mustWorkspace(t, d["cwd"]), false, noLog)
	client := mcp.NewClient(&mcp.Implementation{Name: "editor", Version: "0"}, nil)
	client.AddRoots(&mcp.Root{URI: dirURI(d["a"]), Name: "a"})
	cs, _ := connectClient(t, s, client)

	steps := []struct {
		name   string
		change func()
		path   string
		want   probeAnswer
	}{
		{"the client's root", nil, "a.md",
			probeAnswer{Roots: []string{d["a"]}, Text: "in a\n"}},
		{"the default is not readable", nil, filepath.Join(d["cwd"], "cwd.md"),
			probeAnswer{Roots: []string{d["a"]}, Error: `path "` + filepath.Join(d["cwd"], "cwd.md") + `" is outside the workspace ` + d["a"] + `; pass a path inside it`}},
		{"a root added", func() { client.AddRoots(&mcp.Root{URI: dirURI(d["b"])}) }, filepath.Join(d["b"], "b.md"),
			probeAnswer{Roots: []string{d["a"], d["b"]}, Text: "in b\n"}},
		{"a root removed", func() { client.RemoveRoots(dirURI(d["a"])) }, "b.md",
			probeAnswer{Roots: []string{d["b"]}, Text: "in b\n"}},
		{"every root removed: the default", func() { client.RemoveRoots(dirURI(d["b"])) }, "cwd.md",
			probeAnswer{Roots: []string{d["cwd"]}, Text: "in cwd\n"}},
	}
	for _, st := range steps {
		if st.change != nil {
			st.change()
		}
		got := probe(t, cs, st.path)
		if diff := cmp.Diff(st.want, got); diff != "" {
			t.Errorf("%s: probe %q (-want +got):\n%s", st.name, st.path, diff)
		}
	}

	cs.Close()
	waitFor(t, "the closed session's cache entry to go", func() bool { return r.cached() == 0 })
}

func TestDefaultWorkspace(t *testing.T) {
	d := dirs(t, "cwd", "root", "client")
	noRoots := &mcp.ClientOptions{Capabilities: &mcp.ClientCapabilities{}}
	tests := []struct {
		name      string
		def       string
		explicit  bool
		opts      *mcp.ClientOptions
		version   string
		roots     []string
		wantRoots []string
	}{
		{"no roots capability: the current directory", "cwd", false, noRoots, rootsProtocol, nil, []string{d["cwd"]}},
		{"roots offered but none given: the current directory", "cwd", false, nil, rootsProtocol, nil, []string{d["cwd"]}},
		{"--root wins over the client's roots", "root", true, nil, rootsProtocol, []string{d["client"]}, []string{d["root"]}},
		{"protocol 2026-07-28 deprecates roots: the current directory", "cwd", false, nil, "2026-07-28", []string{d["client"]}, []string{d["cwd"]}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, r := rootsServer(t, mustWorkspace(t, d[tt.def]), tt.explicit, noLog)
			client := mcp.NewClient(&mcp.Implementation{Name: "editor", Version: "0"}, tt.opts)
			for _, dir := range tt.roots {
				client.AddRoots(&mcp.Root{URI: dirURI(dir)})
			}
			cs, _ := connectVersion(t, s, client, tt.version)
			want := probeAnswer{Roots: tt.wantRoots, Text: "in " + tt.def + "\n"}
			if diff := cmp.Diff(want, probe(t, cs, tt.def+".md")); diff != "" {
				t.Errorf("probe (-want +got):\n%s", diff)
			}
			if len(tt.roots) > 0 || tt.opts != nil {
				if n := r.cached(); n != 0 {
					t.Errorf("%d sessions cached; want none when the client is not asked", n)
				}
			}
		})
	}
}

// TestDefaultWorkspaceFromNewServer checks the wiring in NewServer: without
// --root a client without roots reads the current directory.
func TestDefaultWorkspaceFromNewServer(t *testing.T) {
	d := dirs(t, "cwd")
	t.Chdir(d["cwd"])
	s, err := NewServer(Options{Logger: noLog, NoPrompts: true, NoTools: true})
	if err != nil {
		t.Fatal(err)
	}
	addProbe(s, nil)
	client := mcp.NewClient(&mcp.Implementation{Name: "editor", Version: "0"},
		&mcp.ClientOptions{Capabilities: &mcp.ClientCapabilities{}})
	cs, _ := connectClient(t, s, client)
	want := probeAnswer{Roots: []string{d["cwd"]}, Text: "in cwd\n"}
	if diff := cmp.Diff(want, probe(t, cs, "cwd.md")); diff != "" {
		t.Errorf("probe (-want +got):\n%s", diff)
	}

	// And a trusted client with roots gets them, through NewServer's wiring too.
	other := dirs(t, "client")
	s, err = NewServer(Options{Logger: noLog, NoPrompts: true, NoTools: true, TrustClientRoots: true})
	if err != nil {
		t.Fatal(err)
	}
	addProbe(s, nil)
	client = mcp.NewClient(&mcp.Implementation{Name: "editor", Version: "0"}, nil)
	client.AddRoots(&mcp.Root{URI: dirURI(other["client"])})
	cs, _ = connectClient(t, s, client)
	want = probeAnswer{Roots: []string{other["client"]}, Text: "in client\n"}
	if diff := cmp.Diff(want, probe(t, cs, "client.md")); diff != "" {
		t.Errorf("probe (-want +got):\n%s", diff)
	}
}

func TestUnusableRootsAreSkipped(t *testing.T) {
	d := dirs(t, "cwd", "good")
	file := filepath.Join(d["good"], "good.md")
	var logs mcptest.Buffer
	log := slog.New(slog.NewTextHandler(&logs, nil))
	s, _ := rootsServer(t, mustWorkspace(t, d["cwd"]), false, log)
	client := mcp.NewClient(&mcp.Implementation{Name: "editor", Version: "0"}, nil)
	client.AddRoots(
		&mcp.Root{URI: dirURI(file)},                                // a file, not a directory
		&mcp.Root{URI: dirURI(filepath.Join(d["good"], "missing"))}, // does not exist
		&mcp.Root{URI: "https://example.com/repo"},                  // not file://
		&mcp.Root{URI: dirURI(d["good"])},
	)
	cs, _ := connectClient(t, s, client)
	want := probeAnswer{Roots: []string{d["good"]}, Text: "in good\n"}
	if diff := cmp.Diff(want, probe(t, cs, "good.md")); diff != "" {
		t.Errorf("probe (-want +got):\n%s", diff)
	}
	for _, uri := range []string{dirURI(file), dirURI(filepath.Join(d["good"], "missing")), "https://example.com/repo"} {
		if !strings.Contains(logs.String(), "client root skipped") || !strings.Contains(logs.String(), uri) {
			t.Errorf("no log line says root %q was skipped; logs:\n%s", uri, logs.String())
		}
	}
}

// TestRootsListTimeout: a client that offers roots but never answers
// roots/list gets the default workspace once the bounded wait is over.
func TestRootsListTimeout(t *testing.T) {
	d := dirs(t, "cwd", "client")
	s, r := rootsServer(t, mustWorkspace(t, d["cwd"]), false, noLog)
	r.timeout = 50 * time.Millisecond
	client := mcp.NewClient(&mcp.Implementation{Name: "editor", Version: "0"}, nil)
	client.AddRoots(&mcp.Root{URI: dirURI(d["client"])})
	client.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method == "roots/list" {
				<-ctx.Done() // never answer; the server's timeout cancels the request
				return nil, ctx.Err()
			}
			return next(ctx, method, req)
		}
	})
	cs, _ := connectClient(t, s, client)
	want := probeAnswer{Roots: []string{d["cwd"]}, Text: "in cwd\n"}
	if diff := cmp.Diff(want, probe(t, cs, "cwd.md")); diff != "" {
		t.Errorf("probe (-want +got):\n%s", diff)
	}
}

// TestConcurrentFirstCallsShareOneRootsList: the first calls of a session,
// arriving together, ask the client once.
func TestConcurrentFirstCallsShareOneRootsList(t *testing.T) {
	d := dirs(t, "cwd", "client")
	s, _ := rootsServer(t, mustWorkspace(t, d["cwd"]), false, noLog)
	client := mcp.NewClient(&mcp.Implementation{Name: "editor", Version: "0"}, nil)
	client.AddRoots(&mcp.Root{URI: dirURI(d["client"])})
	var mu sync.Mutex
	asked := 0
	client.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method == "roots/list" {
				mu.Lock()
				asked++
				mu.Unlock()
			}
			return next(ctx, method, req)
		}
	})
	cs, _ := connectClient(t, s, client)
	var wg sync.WaitGroup
	for range 20 {
		wg.Go(func() {
			want := probeAnswer{Roots: []string{d["client"]}, Text: "in client\n"}
			if diff := cmp.Diff(want, probe(t, cs, "client.md")); diff != "" {
				t.Errorf("probe (-want +got):\n%s", diff)
			}
		})
	}
	wg.Wait()
	if asked != 1 {
		t.Errorf("roots/list asked %d times; want 1", asked)
	}
}

// waitFor polls cond until it holds; what it waits for happens on another
// goroutine after an event the test cannot observe directly.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for range 1000 {
		if cond() {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("gave up waiting for %s", what)
}
