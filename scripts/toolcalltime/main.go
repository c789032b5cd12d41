// Command toolcalltime measures tools/call latency over stdio for a 64 KiB
// draft, sent as "text" and as "path", against speedgrapher and against a
// plain encoding/json line server that only decodes the request and encodes
// a small answer (the floor any stdio server pays for the same bytes).
//
//	go run ./scripts/toolcalltime [-n 300] [-tool readability]
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"github.com/speedgrapher/speedgrapher/internal/benchdraft"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"time"
)

func main() {
	n := flag.Int("n", 300, "calls per case")
	tool := flag.String("tool", "readability", "tool to call")
	baseline := flag.Bool("baseline", false, "serve as the plain line server (used by the script itself)")
	flag.Parse()
	if *baseline {
		serveBaseline()
		return
	}
	dir, err := os.MkdirTemp("", "toolcalltime")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	bin := filepath.Join(dir, "speedgrapher")
	run("go", "build", "-o", bin, "./cmd/speedgrapher")
	draft := draft64K()
	if err := os.WriteFile(filepath.Join(dir, "post.md"), []byte(draft), 0o644); err != nil {
		log.Fatal(err)
	}
	self, err := os.Executable()
	if err != nil {
		log.Fatal(err)
	}
	textArgs := map[string]string{"text": draft}
	pathArgs := map[string]string{"path": "post.md"}
	fmt.Printf("%d calls per case, draft %d bytes\n", *n, len(draft))
	report("plain line server, text", measure(exec.Command(self, "-baseline"), *tool, textArgs, *n))
	report("speedgrapher, text", measure(exec.Command(bin, "--root", dir), *tool, textArgs, *n))
	report("speedgrapher, path", measure(exec.Command(bin, "--root", dir), *tool, pathArgs, *n))
}

func run(name string, args ...string) {
	cmd := exec.Command(name, args...)
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		log.Fatalf("%s %v: %v", name, args, err)
	}
}

// draft64K repeats the sample post to 64 KiB.
func draft64K() string {
	src, err := benchdraft.Repeat(benchdraft.Sample, 64<<10, false)
	if err != nil {
		log.Fatal(err)
	}
	return string(src)
}

// measure starts cmd, initializes, and times n tools/call round trips.
func measure(cmd *exec.Cmd, tool string, args map[string]string, n int) []time.Duration {
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		log.Fatal(err)
	}
	defer func() { stdin.Close(); cmd.Wait() }()
	out := bufio.NewReaderSize(stdout, 1<<20)
	send := func(v any) {
		data, _ := json.Marshal(v)
		if _, err := stdin.Write(append(data, '\n')); err != nil {
			log.Fatal(err)
		}
	}
	reply := func() []byte {
		line, err := out.ReadBytes('\n')
		if err != nil {
			log.Fatalf("no reply: %v", err)
		}
		return line
	}
	send(map[string]any{"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": map[string]any{
		"protocolVersion": "2025-06-18", "capabilities": map[string]any{}, "clientInfo": map[string]any{"name": "t", "version": "0"}}})
	reply()
	send(map[string]any{"jsonrpc": "2.0", "method": "notifications/initialized"})
	var times []time.Duration
	for i := 1; i <= n; i++ {
		req, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": i, "method": "tools/call",
			"params": map[string]any{"name": tool, "arguments": args}})
		req = append(req, '\n')
		start := time.Now()
		stdin.Write(req)
		line := reply()
		times = append(times, time.Since(start))
		if bytes.Contains(line, []byte(`"isError":true`)) || bytes.Contains(line, []byte(`"error"`)) {
			log.Fatalf("call failed: %.300s", line)
		}
	}
	return times
}

func report(name string, d []time.Duration) {
	slices.Sort(d)
	fmt.Printf("%-28s p50 %7.2f ms   p99 %7.2f ms\n", name,
		float64(d[len(d)/2].Microseconds())/1000, float64(d[len(d)*99/100].Microseconds())/1000)
}

// serveBaseline is the plain line server: decode each request fully with
// encoding/json and answer with a small result.
func serveBaseline() {
	in := bufio.NewReaderSize(os.Stdin, 1<<20)
	enc := json.NewEncoder(os.Stdout)
	for {
		line, err := in.ReadBytes('\n')
		if err == io.EOF {
			return
		}
		var req struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
			Params struct {
				Name      string            `json:"name"`
				Arguments map[string]string `json:"arguments"`
			} `json:"params"`
		}
		if json.Unmarshal(line, &req) != nil || req.ID == nil {
			continue
		}
		enc.Encode(map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": map[string]any{
			"content": []any{map[string]any{"type": "text", "text": fmt.Sprintf("%d bytes", len(req.Params.Arguments["text"]))}}}})
	}
}
