// Package lineartest checks that a function's cost grows linearly with the
// size of its input: it runs the function on a generated input at 1× and 4×
// size and fails when the 4× run takes more than twice the linear ratio
// (quadratic work takes 16×), and, optionally, when its peak heap grows by
// more than a number of bytes per input byte.
//
// It is the one place where speedgrapher's tests time code. The measures are
// made to hold on a loaded two-core CI machine: process CPU time rather than
// wall time, the minimum of several interleaved runs, sizes calibrated so
// the 1× run takes a few milliseconds, and one retry before failing.
package lineartest

import (
	"flag"
	"fmt"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// Options tune a check. The zero value is usable.
type Options struct {
	// MinSize and MaxSize bound the sizes asked of the generator: the 1×
	// size starts at MinSize and doubles until a run takes Target, as long as
	// the 4× size stays within MaxSize. Defaults: 512 bytes and 4 MiB: past
	// the CPU's caches, memory-bound code slows per byte (a 2 MiB to 8 MiB
	// step measured a ratio of 9 for a linear JSON scan), and code that
	// takes less than Target per MiB is not hiding quadratic work.
	MinSize, MaxSize int
	// Target is the CPU time the 1× run is calibrated to. Default 5 ms.
	Target time.Duration
	// Runs is how many times each size runs; the fastest counts. Default 5.
	Runs int
	// MaxRatio is the allowed time ratio of the 4× run to the 1× run, for
	// inputs exactly 4 times larger (it scales with the real size ratio).
	// Default 8: linear work gives 4, quadratic 16.
	MaxRatio float64
	// HeapPerByte, when positive, is the most peak heap may grow per input
	// byte, measured as the slope between a 1× and a 4× run so that fixed
	// costs do not count; when the time is linear, at sizes up to 256 KiB
	// and 1 MiB (within MaxSize) where the runs stay cheap.
	HeapPerByte float64
	// Deadline bounds any single run; a run past it fails the check (and is
	// left running: Go cannot stop a goroutine). Default 20 s.
	Deadline time.Duration
}

func (o Options) withDefaults() Options {
	if o.MinSize <= 0 {
		o.MinSize = 512
	}
	if o.MaxSize <= 0 {
		o.MaxSize = 4 << 20
	}
	if o.Target <= 0 {
		o.Target = 5 * time.Millisecond
	}
	if o.Runs <= 0 {
		o.Runs = 5
	}
	if o.MaxRatio <= 0 {
		o.MaxRatio = 8
	}
	if o.Deadline <= 0 {
		o.Deadline = 20 * time.Second
	}
	return o
}

// overran is set once a run passed its deadline: that run goes on in the
// background and would skew every later measure in this process.
var overran atomic.Pointer[string]

// Check runs f on gen's inputs at 1× and 4× size and fails t when the time
// ratio, or the peak heap, says f is not linear in its input. gen(size)
// returns an input of about size bytes.
func Check(t testing.TB, gen func(size int) []byte, f func([]byte), o Options) {
	t.Helper()
	o = o.withDefaults()
	if what := overran.Load(); what != nil {
		t.Fatalf("cannot measure: %s overran its deadline and is still running in this process", *what)
	}
	overrun := func(in []byte) {
		what := fmt.Sprintf("a run on %d bytes (%.60q…)", len(in), in)
		overran.CompareAndSwap(nil, &what)
		t.Fatalf("a run on %d bytes did not finish within %v: far from linear (input starts %.60q)", len(in), o.Deadline, in)
	}
	run := func(in []byte) time.Duration {
		d, ok := timed(in, f, o.Deadline)
		if !ok {
			overrun(in)
		}
		return d
	}

	// Calibrate: the first run also warms up (compiled patterns, pools).
	size := o.MinSize
	in1 := gen(size)
	run(in1)
	for run(in1) < o.Target && size*8 <= o.MaxSize {
		size *= 2
		in1 = gen(size)
	}
	in4 := gen(size * 4)
	linear := float64(len(in4)) / float64(max(1, len(in1)))
	allowed := o.MaxRatio * linear / 4
	if raceEnabled {
		// The race detector's cost is not linear in the work (its shadow
		// memory and history fill up), so allow 12× there: quadratic is 16×.
		allowed = max(allowed, 12*linear/4)
	}

	var tries []string
	linearTime := false
	for attempt := 1; attempt <= 2 && !linearTime; attempt++ {
		t1, t4 := time.Duration(1<<62), time.Duration(1<<62)
		for range o.Runs * attempt { // the retry runs longer, to ride out a busy spell
			t1 = min(t1, run(in1))
			t4 = min(t4, run(in4))
		}
		// Below Target the ratio is taken against Target: times that small
		// are mostly caches and scheduling (a 1 MiB to 4 MiB step of a
		// linear JSON scan measured 1 ms and 11 ms), and work that small at
		// MaxSize/4 is no stall even if it grows faster.
		ratio := float64(t4) / float64(max(t1, o.Target))
		try := fmt.Sprintf("%v, then %v: ratio %.1f", t1, t4, ratio)
		if t1 < o.Target {
			try += fmt.Sprintf(" (against %v)", o.Target)
		}
		tries = append(tries, try)
		linearTime = ratio <= allowed
		if !linearTime && attempt == 2 {
			t.Errorf("superlinear time: %d bytes and %d bytes (%.1f×) took %s; retried: %s (CPU time, fastest of %d and %d runs); "+
				"want a ratio of at most %.1f (linear is %.1f, quadratic %.1f); input starts %.60q",
				len(in1), len(in4), linear, tries[0], tries[1], o.Runs, 2*o.Runs, allowed, linear, linear*linear, in1)
		}
	}
	if o.HeapPerByte > 0 && !raceEnabled {
		// On small inputs fixed costs and slices that just doubled sway the
		// slope: when the time is linear, double the sizes towards 1 MiB
		// while the 4× run stays cheap (a shape can turn superlinear later).
		for linearTime && size*8 <= min(o.MaxSize, 1<<20) {
			next := gen(size * 8)
			if run(next) > 250*time.Millisecond {
				break
			}
			size *= 2
			in1, in4 = gen(size), next
		}
		// Peak heap is sampled, and garbage not yet collected counts: a
		// slope over the limit is measured again, and the lower one kept.
		var perByte float64
		var peak1, peak4 uint64
		for attempt := 1; attempt <= 2; attempt++ {
			p1, ok := peakHeap(in1, f, o.Deadline)
			if !ok {
				overrun(in1)
			}
			p4, ok := peakHeap(in4, f, o.Deadline)
			if !ok {
				overrun(in4)
			}
			// The slope between the two sizes leaves out fixed costs.
			slope := (float64(p4) - float64(p1)) / float64(max(1, len(in4)-len(in1)))
			if attempt == 1 || slope < perByte {
				perByte, peak1, peak4 = slope, p1, p4
			}
			if perByte <= o.HeapPerByte {
				break
			}
		}
		if perByte > o.HeapPerByte {
			t.Errorf("peak heap grows by %.0f bytes per input byte: %.1f MiB on %d bytes, %.1f MiB on %d bytes; want at most %.0f bytes per byte; input starts %.60q",
				perByte, float64(peak1)/(1<<20), len(in1), float64(peak4)/(1<<20), len(in4), o.HeapPerByte, in1)
		}
	}
}

// timed runs f(in) in its own goroutine and returns the process CPU time it
// took, or false when it does not finish within deadline. Garbage from
// earlier runs is collected first, so that it is not charged to this one.
func timed(in []byte, f func([]byte), deadline time.Duration) (time.Duration, bool) {
	runtime.GC()
	done := make(chan time.Duration, 1)
	go func() {
		start := cpuTime()
		f(in)
		done <- cpuTime() - start
	}()
	select {
	case d := <-done:
		return d, true
	case <-time.After(deadline):
		return 0, false
	}
}

// peakHeap runs f(in) once and returns the most heap its objects took above
// what was live before, sampled every 100 µs. GOGC is lowered for the run so
// that the heap stays close to what is live rather than to twice it.
func peakHeap(in []byte, f func([]byte), deadline time.Duration) (uint64, bool) {
	defer debug.SetGCPercent(debug.SetGCPercent(25))
	runtime.GC()
	base := heapObjects()
	var peak atomic.Uint64
	peak.Store(base)
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		tick := time.NewTicker(100 * time.Microsecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				if h := heapObjects(); h > peak.Load() {
					peak.Store(h)
				}
			}
		}
	}()
	_, ok := timed(in, f, deadline)
	close(stop)
	<-sampled
	if h := heapObjects(); h > peak.Load() {
		peak.Store(h)
	}
	return peak.Load() - base, ok
}

func heapObjects() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// Repeat returns a generator of head, then unit repeated, then tail.
func Repeat(head, unit, tail string) func(size int) []byte {
	return Nest(head, unit, "", "", tail)
}

// Nest returns a generator of head, open repeated n times, mid, close
// repeated n times, then tail: nesting when open and close pair up
// ("[" and "]"), repetition when close is empty. n is chosen so that the
// result is about size bytes.
func Nest(head, open, mid, close, tail string) func(size int) []byte {
	return func(size int) []byte {
		fixed := len(head) + len(mid) + len(tail)
		n := max(1, (size-fixed)/max(1, len(open)+len(close)))
		var b strings.Builder
		b.Grow(fixed + n*(len(open)+len(close)))
		b.WriteString(head)
		for range n {
			b.WriteString(open)
		}
		b.WriteString(mid)
		for range n {
			b.WriteString(close)
		}
		b.WriteString(tail)
		return []byte(b.String())
	}
}

// FuzzShape returns the generator for a shape a fuzz target was given (see
// Nest), and false when it is not worth measuring: nothing repeats, or a
// piece is so long that it, not the shape, decides the cost.
func FuzzShape(head, open, mid, close, tail string) (func(size int) []byte, bool) {
	if len(open)+len(close) == 0 || len(open)+len(close) > 64 || len(head) > 256 || len(mid) > 256 || len(tail) > 256 {
		return nil, false
	}
	return Nest(head, open, mid, close, tail), true
}

// FuzzOptions are Options for a fuzz target: smaller inputs and fewer runs,
// so that the fuzzer tries more shapes in its time. The fuzz targets judge
// time only: the named shape tables judge heap per byte, with a reason for
// each shape allowed more, and a sampled heap of a random shape is too noisy
// to fail a build on.
var FuzzOptions = Options{MaxSize: 256 << 10, Runs: 3, Deadline: 10 * time.Second}

// Fuzzing reports whether the test binary runs with -test.fuzz. The linear
// fuzz targets add their seed shapes only then: plain go test already runs
// each shape in a named test, and a seed costs about a second.
func Fuzzing() bool {
	f := flag.Lookup("test.fuzz")
	return f != nil && f.Value.String() != ""
}
