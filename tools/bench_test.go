package tools

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/speedgrapher/speedgrapher/internal/mcptest"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/speedgrapher/speedgrapher/internal/benchdraft"
)

// draft64K repeats the sample post to 64 KiB.
func draft64K(b *testing.B) string {
	src, err := benchdraft.Repeat("../"+benchdraft.Sample, 64<<10, false)
	if err != nil {
		b.Fatal(err)
	}
	return string(src)
}

// reportLatency adds p50 and p99 of the recorded calls to the benchmark.
func reportLatency(b *testing.B, d []time.Duration) {
	slices.Sort(d)
	b.ReportMetric(float64(d[len(d)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(d[len(d)*99/100].Microseconds())/1000, "p99-ms")
}

// BenchmarkCallReadability measures tools/call of a 64 KiB draft through the
// SDK over an in-memory transport (JSON encoded both ways, as over stdio):
// sent as text, read from a path, and, for comparison, the same analysis
// registered with the SDK's generic typed path (mcp.AddTool[In, Out]),
// which validates input and output against inferred schemas. "json" is
// the floor: decoding the request and encoding a result with encoding/json.
func BenchmarkCallReadability(b *testing.B) {
	text := draft64K(b)
	ctx := context.Background()
	call := func(b *testing.B, cs *mcp.ClientSession, name string, args any) {
		d := make([]time.Duration, 0, b.N)
		for b.Loop() {
			start := time.Now()
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
			if err != nil || res.IsError {
				b.Fatalf("call: %v %+v", err, res)
			}
			d = append(d, time.Since(start))
		}
		reportLatency(b, d)
	}
	b.Run("text", func(b *testing.B) {
		call(b, connect(b, nil), "readability", map[string]any{"text": text})
	})
	b.Run("path", func(b *testing.B) {
		call(b, connect(b, fakeFiles{"post.md": text}), "readability", map[string]any{"path": "post.md"})
	})
	b.Run("typed-sdk-text", func(b *testing.B) {
		s := mcp.NewServer(&mcp.Implementation{Name: "typed", Version: "v0"}, nil)
		type in struct {
			Path string `json:"path,omitempty" jsonschema:"a draft in the workspace"`
			Text string `json:"text,omitempty" jsonschema:"the draft itself"`
		}
		mcp.AddTool(s, &mcp.Tool{Name: "readability_typed"}, func(ctx context.Context, req *mcp.CallToolRequest, in in) (*mcp.CallToolResult, ReadabilityResult, error) {
			return nil, Readability([]byte(in.Text)), nil
		})
		cs, _ := mcptest.Connect(b, s, nil, nil)
		call(b, cs, "readability_typed", map[string]any{"text": text})
	})
	b.Run("analysis-only", func(b *testing.B) {
		d := make([]time.Duration, 0, b.N)
		for b.Loop() {
			start := time.Now()
			Readability([]byte(text))
			d = append(d, time.Since(start))
		}
		reportLatency(b, d)
	})
	b.Run("json", func(b *testing.B) {
		req, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "tools/call",
			"params": map[string]any{"name": "readability", "arguments": map[string]any{"text": text}}})
		result := Readability([]byte(text))
		d := make([]time.Duration, 0, b.N)
		for b.Loop() {
			start := time.Now()
			var v map[string]any
			if err := json.Unmarshal(req, &v); err != nil {
				b.Fatal(err)
			}
			if _, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "result": result}); err != nil {
				b.Fatal(err)
			}
			d = append(d, time.Since(start))
		}
		reportLatency(b, d)
	})
}
