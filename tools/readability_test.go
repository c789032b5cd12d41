package tools

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/speedgrapher/speedgrapher/internal/mcptest"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/rogpeppe/go-internal/txtar"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/readability")

// TestReadabilityGolden runs the tool's analysis on whole drafts. Each
// testdata/readability/*.txtar holds the draft (an input.md section, or a
// "draft: path" line in its comment naming a file under testdata) and the
// expected result.json and summary.txt; -update rewrites them.
func TestReadabilityGolden(t *testing.T) {
	files, err := filepath.Glob("../testdata/readability/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden files: %v", err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			input, ok := section(ar, "input.md")
			if !ok {
				path, found := strings.CutPrefix(strings.TrimSpace(string(ar.Comment)), "draft: ")
				if !found {
					t.Fatal(`no input.md section and no "draft: path" comment`)
				}
				if input, err = os.ReadFile(filepath.Join("..", "testdata", path)); err != nil {
					t.Fatal(err)
				}
			}
			res := Readability(input)
			got, err := json.MarshalIndent(res, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, '\n')
			summary := []byte(res.Summary() + "\n")
			if *update {
				setSection(ar, "result.json", got)
				setSection(ar, "summary.txt", summary)
				if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, _ := section(ar, "result.json")
			if diff := cmp.Diff(string(want), string(got)); diff != "" {
				t.Errorf("result.json (-want +got):\n%s", diff)
			}
			wantSummary, _ := section(ar, "summary.txt")
			if diff := cmp.Diff(string(wantSummary), string(summary)); diff != "" {
				t.Errorf("summary.txt (-want +got):\n%s", diff)
			}
		})
	}
}

func section(ar *txtar.Archive, name string) ([]byte, bool) {
	for _, f := range ar.Files {
		if f.Name == name {
			return f.Data, true
		}
	}
	return nil, false
}

func setSection(ar *txtar.Archive, name string, data []byte) {
	for i, f := range ar.Files {
		if f.Name == name {
			ar.Files[i].Data = data
			return
		}
	}
	ar.Files = append(ar.Files, txtar.File{Name: name, Data: data})
}

// fakeFiles serves drafts from a map, as a workspace would.
type fakeFiles map[string]string

var errNotFound = errors.New(`file "missing.md" not found in the workspace; pass a path relative to the workspace root`)

func (f fakeFiles) ReadFile(_ context.Context, path string) (string, []byte, error) {
	s, ok := f[path]
	if !ok {
		return "", nil, errNotFound
	}
	return "/ws/" + path, []byte(s), nil
}

func (f fakeFiles) Resolve(_ context.Context, path string) (string, error) {
	return "/ws/" + path, nil
}

// connect starts a server with the tools registered and returns a client session.
func connect(t testing.TB, files Files) *mcp.ClientSession {
	t.Helper()
	s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	Register(s, files)
	cs, _ := mcptest.Connect(t, s, nil, nil)
	return cs
}

const post = "# Title\n\nThe quick brown fox jumps over the lazy dog. Readability formulas estimate difficulty.\n"

func TestReadabilityTool(t *testing.T) {
	cs := connect(t, fakeFiles{"post.md": post})
	ctx := context.Background()

	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(tools.Tools, func(tool *mcp.Tool) bool { return tool.Name == "readability" })
	if i < 0 || tools.Tools[i].OutputSchema == nil {
		t.Fatalf("tools = %+v, want readability with an output schema", tools.Tools)
	}

	wantKeys := []string{"ari", "audience", "characters", "coleman_liau", "complex_words", "flesch_kincaid_grade",
		"flesch_reading_ease", "grade", "gunning_fog", "hard_sentences", "hardest_sentences", "letters", "note",
		"polysyllables", "reading_time_seconds", "sections", "sentences", "smog", "syllables", "too_little_prose",
		"very_hard_sentences", "words"}
	for _, args := range []map[string]any{{"text": post}, {"path": "post.md"}} {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "readability", Arguments: args})
		if err != nil {
			t.Fatal(err)
		}
		if res.IsError {
			t.Fatalf("%v: error result %v", args, res.Content)
		}
		raw, _ := json.Marshal(res.StructuredContent)
		var got map[string]any
		if err := json.Unmarshal(raw, &got); err != nil {
			t.Fatal(err)
		}
		keys := make([]string, 0, len(got))
		for k := range got {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		if diff := cmp.Diff(wantKeys, keys); diff != "" {
			t.Errorf("%v: keys (-want +got):\n%s", args, diff)
		}
		// 13 words, 2 sentences, 26 syllables, counted by hand: under the
		// 100-word floor, so the scores are flagged as unreliable.
		if got["words"] != 13.0 || got["sentences"] != 2.0 || got["syllables"] != 26.0 {
			t.Errorf("%v: words %v sentences %v syllables %v, want 13 2 26", args, got["words"], got["sentences"], got["syllables"])
		}
		if got["too_little_prose"] != true {
			t.Errorf("%v: too_little_prose %v, want true for 13 words", args, got["too_little_prose"])
		}
		if text := res.Content[0].(*mcp.TextContent).Text; !strings.HasPrefix(text, "Grade ") {
			t.Errorf("%v: summary %q", args, text)
		}
	}
}

func TestReadabilityToolErrors(t *testing.T) {
	cs := connect(t, fakeFiles{})
	tests := []struct {
		name string
		args any
		want string
	}{
		{"neither", map[string]any{}, `give the draft as "path"`},
		{"both", map[string]any{"path": "a.md", "text": "x"}, `either "path" or "text", not both`},
		{"empty path", map[string]any{"path": ""}, `"path" is empty`},
		{"unknown field", map[string]any{"file": "a.md"}, `unknown field "file"`},
		{"wrong type", map[string]any{"text": 3}, `read the arguments: "text" has a number where a string belongs`},
		{"wrong type, with another field", map[string]any{"path": true, "text": nil}, `"path" has a bool where a string belongs`},
		{"missing file", map[string]any{"path": "missing.md"}, `not found in the workspace`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "readability", Arguments: tt.args})
			if err != nil {
				t.Fatalf("protocol error %v, want an error result", err)
			}
			text := res.Content[0].(*mcp.TextContent).Text
			if !res.IsError || !strings.Contains(text, tt.want) {
				t.Errorf("IsError %v, text %q; want an error containing %q", res.IsError, text, tt.want)
			}
		})
	}
}

func TestReadabilityNoWorkspace(t *testing.T) {
	cs := connect(t, nil)
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "readability", Arguments: map[string]any{"path": "a.md"}})
	if err != nil || !res.IsError || !strings.Contains(res.Content[0].(*mcp.TextContent).Text, `pass the draft as "text"`) {
		t.Errorf("got %+v, %v; want an error result asking for text", res, err)
	}
}

func TestReadabilityEmptyProse(t *testing.T) {
	res := Readability([]byte("# Only headings\n\n## And more\n\n```go\nx := 1\n```\n"))
	if res.Words != 0 || res.Note == "" || res.Sections == nil || res.HardestSentences == nil {
		t.Errorf("got %+v, want zero words, a note and empty slices", res)
	}
	if !bytes.Contains([]byte(res.Summary()), []byte("no prose")) {
		t.Errorf("summary %q does not explain the empty result", res.Summary())
	}
}

// A client that sends a progress token hears how the work goes; one that
// does not hears nothing.
func TestProgress(t *testing.T) {
	for _, tool := range []string{"readability", "lint", "structure"} {
		t.Run(tool, func(t *testing.T) {
			t.Parallel()
			notes := make(chan string, 16)
			s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
			Register(s, nil)
			client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, &mcp.ClientOptions{
				ProgressNotificationHandler: func(_ context.Context, req *mcp.ProgressNotificationClientRequest) {
					notes <- fmt.Sprintf("%v %v/%v", req.Params.ProgressToken, req.Params.Progress, req.Params.Total)
				},
			})
			ctx := context.Background()
			cs, _ := mcptest.Connect(t, s, client, nil)
			args := map[string]any{"text": "One two three."}
			if _, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: args}); err != nil {
				t.Fatal(err)
			}
			params := &mcp.CallToolParams{Name: tool, Arguments: args}
			params.SetProgressToken("tok")
			if _, err := cs.CallTool(ctx, params); err != nil {
				t.Fatal(err)
			}
			// Notifications may trail the result: wait for two, with a guard
			// against a hang (not a measurement). The call without a token
			// sent none, or the first would be one of its.
			var got []string
			guard := time.After(30 * time.Second)
			for len(got) < 2 {
				select {
				case n := <-notes:
					got = append(got, n)
				case <-guard:
					t.Fatalf("progress notifications: got %q, waited 30s for two", got)
				}
			}
			if diff := cmp.Diff([]string{"tok 1/2", "tok 2/2"}, got); diff != "" {
				t.Errorf("progress (-want +got):\n%s", diff)
			}
		})
	}
}
