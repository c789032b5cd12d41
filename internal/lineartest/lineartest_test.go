package lineartest

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"
)

// recorder is a testing.TB that keeps failures instead of reporting them,
// so that the check's own verdict can be tested.
type recorder struct {
	testing.TB
	failures []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.failures = append(r.failures, fmt.Sprintf(format, args...))
}

func (r *recorder) Fatalf(format string, args ...any) {
	r.Errorf(format, args...)
	runtime.Goexit()
}

// verdict runs Check as a test would and returns its failures.
func verdict(t *testing.T, gen func(int) []byte, f func([]byte), o Options) []string {
	r := &recorder{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		Check(r, gen, f, o)
	}()
	<-done
	return r.failures
}

var sink int

// linearWork does a fixed amount of arithmetic per input byte.
func linearWork(in []byte) {
	h := 0
	for _, c := range in {
		for k := range 20 {
			h = h*31 + int(c) + k
		}
	}
	sink = h
}

// quadraticWork compares every byte with every earlier one, as a naive
// did-you-mean or a column count from the start of the line does.
func quadraticWork(in []byte) {
	n := 0
	for i := range in {
		for j := range i {
			if in[j] == in[i] {
				n++
			}
		}
	}
	sink = n
}

func TestCheckPassesLinearWork(t *testing.T) {
	if failures := verdict(t, Repeat("", "abcd", ""), linearWork, Options{}); len(failures) > 0 {
		t.Errorf("linear work failed the check: %v", failures)
	}
}

func TestCheckFailsQuadraticWork(t *testing.T) {
	// One run at each size (two on the retry): quadratic work takes 16
	// times as long at 4x, twice the allowed ratio, so the fastest of five
	// runs would only add time.
	failures := verdict(t, Repeat("", "abcd", ""), quadraticWork, Options{Runs: 1})
	if len(failures) != 1 || !strings.Contains(failures[0], "superlinear time") {
		t.Errorf("quadratic work: got failures %q, want one about superlinear time", failures)
	}
}

var kept [][]byte

func TestCheckHeap(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector grows every allocation; Check skips heap limits under it")
	}
	// allocate holds per bytes of heap per input byte until it returns, in
	// 4 KiB pieces so that the sampler sees the heap grow.
	allocate := func(per int) func([]byte) {
		return func(in []byte) {
			kept = nil
			for range len(in) * per / 4096 {
				kept = append(kept, make([]byte, 4096))
			}
			linearWork(in)
			kept = nil
		}
	}
	o := Options{HeapPerByte: 40, MaxSize: 4 << 20}
	if failures := verdict(t, Repeat("", "x", ""), allocate(10), o); len(failures) > 0 {
		t.Errorf("10 bytes per byte failed a limit of 40: %v", failures)
	}
	failures := verdict(t, Repeat("", "x", ""), allocate(200), o)
	if len(failures) != 1 || !strings.Contains(failures[0], "peak heap grows") {
		t.Errorf("200 bytes per byte: got failures %q, want one about peak heap growth", failures)
	}
}

func TestNest(t *testing.T) {
	got := string(Nest("h:", "[", "x", "]", "\n")(14))
	if want := "h:[[[[[x]]]]]\n"; got != want {
		t.Errorf("Nest(13) = %q, want %q", got, want)
	}
	if got, want := string(Repeat("", "ab", "")(7)), "ababab"; got != want {
		t.Errorf("Repeat(7) = %q, want %q", got, want)
	}
	if _, ok := FuzzShape("head", "", "mid", "", "tail"); ok {
		t.Errorf("FuzzShape accepted a shape where nothing repeats")
	}
	if _, ok := FuzzShape("", strings.Repeat("x", 65), "", "", ""); ok {
		t.Errorf("FuzzShape accepted a 65-byte unit")
	}
	if gen, ok := FuzzShape("", "[", "", "]", ""); !ok || string(gen(4)) != "[[]]" {
		t.Errorf("FuzzShape rejected or misbuilt a nesting shape")
	}
}

func TestCheckDeadline(t *testing.T) {
	release := make(chan struct{})
	stuck := func([]byte) { <-release }
	failures := verdict(t, Repeat("", "x", ""), stuck, Options{Deadline: 50 * time.Millisecond})
	if len(failures) != 1 || !strings.Contains(failures[0], "did not finish within 50ms") {
		t.Errorf("a run that never ends: got failures %q, want one saying it did not finish", failures)
	}
	// Until the stuck run ends, every check in the process refuses to measure.
	failures = verdict(t, Repeat("", "x", ""), linearWork, Options{})
	if len(failures) != 1 || !strings.Contains(failures[0], "cannot measure") {
		t.Errorf("a check after a stuck run: got failures %q, want one saying it cannot measure", failures)
	}
	close(release)
	overran.Store(nil)
}
