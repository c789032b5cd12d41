package lsp

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/speedgrapher/speedgrapher/internal/benchdraft"
)

// draft300 is the sample post repeated and cut to 300 lines, with the line
// the typing replays edit: a paragraph line near the middle.
func draft300(tb testing.TB) (text string, line, col int) {
	tb.Helper()
	src, err := benchdraft.Repeat("../../"+benchdraft.Sample, 64<<10, true)
	if err != nil {
		tb.Fatal(err)
	}
	lines := strings.SplitAfter(string(src), "\n")[:300]
	text = strings.Join(lines, "")
	for i := 150; i < len(lines); i++ {
		l := strings.TrimSuffix(lines[i], "\n")
		if len(l) > 40 && l[0] >= 'A' && l[0] <= 'Z' && strings.HasSuffix(l, ".") {
			return text, i, utf16Len(l)
		}
	}
	tb.Fatal("no paragraph line in the draft")
	return
}

// typing is what the replay types, then deletes, one character per change.
const typing = " In order to see it, we we went there quickly."

// keystroke returns the change for step i of the replay: typing the
// phrase a character at a time after col, then deleting it with backspaces.
func keystroke(i, line, col int) contentChange {
	n := len(typing)
	k := i % (2 * n)
	if k < n {
		return edit(rng(line, col+k, line, col+k), typing[k:k+1])
	}
	left := 2*n - k // characters typed and not yet deleted
	return edit(rng(line, col+left-1, line, col+left), "")
}

func report(b *testing.B, lat []time.Duration) {
	slices.Sort(lat)
	ms := func(q float64) float64 { return float64(lat[int(q*float64(len(lat)-1))]) / 1e6 }
	b.ReportMetric(ms(0.50), "p50-ms")
	b.ReportMetric(ms(0.99), "p99-ms")
	b.ReportMetric(0, "ns/op")
}

// BenchmarkTypingInProcess replays typing into a 300-line draft, one
// character per incremental change, and measures the time from sending a
// change to receiving its diagnostics, through in-memory pipes (JSON
// encoding and framing included), with no debounce.
func BenchmarkTypingInProcess(b *testing.B) {
	text, line, col := draft300(b)
	c := newTestClient(b)
	c.open(draftURI, text)
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		c.change(draftURI, i+2, keystroke(i, line, col))
		lat = append(lat, time.Since(start))
	}
	b.StopTimer()
	report(b, lat)
}

// stdioServer runs the binary named by SPEEDGRAPHER_BIN as "lsp".
type stdioServer struct {
	cmd *exec.Cmd
	w   *writer
	r   *reader
}

func startBinary(b *testing.B) *stdioServer {
	bin := os.Getenv("SPEEDGRAPHER_BIN")
	if bin == "" {
		b.Skip("set SPEEDGRAPHER_BIN to a built speedgrapher to measure through stdio")
	}
	cmd := exec.Command(bin, "lsp")
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	s := &stdioServer{cmd: cmd, w: &writer{w: in}, r: newReader(out)}
	b.Cleanup(func() { in.Close(); cmd.Wait() })
	s.w.write(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": map[string]any{"capabilities": map[string]any{}}})
	s.waitFor(b, func(m message) bool { return string(m.ID) == "1" })
	return s
}

// waitFor reads messages until ok accepts one.
func (s *stdioServer) waitFor(b *testing.B, ok func(message) bool) {
	for {
		body, err := s.r.read()
		if err != nil {
			b.Fatal(err)
		}
		var m message
		json.Unmarshal(body, &m)
		if ok(m) {
			return
		}
	}
}

func (s *stdioServer) waitVersion(b *testing.B, version int) {
	want := []byte(`"version":` + strconv.Itoa(version) + `,`)
	s.waitFor(b, func(m message) bool {
		return m.Method == "textDocument/publishDiagnostics" && bytes.Contains(m.Params, want)
	})
}

func (s *stdioServer) change(version int, c contentChange) {
	s.w.write(notification{JSONRPC: "2.0", Method: "textDocument/didChange",
		Params: didChangeParams{VersionedTextDocumentIdentifier{draftURI, version}, []contentChange{c}}})
}

// rssKiB reads the resident set size of a process from /proc.
func rssKiB(pid int) int {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(l, "VmRSS:"); ok {
			n, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(v), " kB"))
			return n
		}
	}
	return 0
}

// BenchmarkTypingStdio replays the same typing through the stdio pipes of
// the built binary (SPEEDGRAPHER_BIN) with its default debounce, a
// keystroke every 60 ms (about 200 words a minute, just over the 50 ms
// window, so every keystroke is linted), and measures from the write of a
// change to the read of its diagnostics.
func BenchmarkTypingStdio(b *testing.B) {
	s := startBinary(b)
	text, line, col := draft300(b)
	s.w.write(notification{JSONRPC: "2.0", Method: "textDocument/didOpen",
		Params: didOpenParams{TextDocumentItem{URI: draftURI, LanguageID: "markdown", Version: 1, Text: text}}})
	s.waitVersion(b, 1)
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	next := time.Now()
	for i := 0; i < b.N; i++ {
		time.Sleep(time.Until(next))
		start := time.Now()
		next = start.Add(60 * time.Millisecond)
		s.change(i+2, keystroke(i, line, col))
		s.waitVersion(b, i+2)
		lat = append(lat, time.Since(start))
	}
	b.StopTimer()
	report(b, lat)
}

// BenchmarkEditsRSS sends 10,000 keystrokes to the binary as fast as the
// pipe takes them, waiting for the diagnostics of every 100th (the debounce
// lints the rest in 50 ms windows), and reports the resident set size after
// 100, 1,000, 2,000, 5,000 and 10,000. Run with -benchtime=1x.
func BenchmarkEditsRSS(b *testing.B) {
	s := startBinary(b)
	text, line, col := draft300(b)
	s.w.write(notification{JSONRPC: "2.0", Method: "textDocument/didOpen",
		Params: didOpenParams{TextDocumentItem{URI: draftURI, LanguageID: "markdown", Version: 1, Text: text}}})
	s.waitVersion(b, 1)
	for i := 0; i < 10000; i++ {
		s.change(i+2, keystroke(i, line, col))
		if (i+1)%100 == 0 {
			s.waitVersion(b, i+2)
		}
		switch i + 1 {
		case 100, 1000, 2000, 5000, 10000:
			b.ReportMetric(float64(rssKiB(s.cmd.Process.Pid))/1024, "rss-MiB-after-"+strconv.Itoa(i+1))
		}
	}
	b.ReportMetric(0, "ns/op")
}

// BenchmarkAnalyze300 is the work behind one keystroke's diagnostics on the
// 300-line draft, without the protocol: parse, lint, convert to UTF-16.
func BenchmarkAnalyze300(b *testing.B) {
	text, _, _ := draft300(b)
	b.ReportAllocs()
	for b.Loop() {
		analyze(text, lintInput{base: nil})
	}
}
