// Command hardening measures how a speedgrapher binary copes with the
// adversarial draft shapes of issue 18: it writes each shape at each size
// into a temporary workspace, runs the binary on it as a child process and
// prints wall time, user+sys CPU, peak RSS, exit status and the first line
// of stderr (where an error naming the limit that was hit shows).
//
//	go run ./scripts/hardening -bin PATH [-sizes 64K,1M,16M] [-timeout 120s] [-mode lint|call|both] [-shapes a,b]
//
// A run past the timeout is killed and shown as ">120 s". Once a shape times
// out at one size, its larger sizes are not run (they would only time out
// again) unless -all is given.
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// A shape writes a draft of about size bytes.
type shape struct {
	name string
	what string
	gen  func(size int) []byte
}

var shapes = []shape{
	{"yaml-flow-nesting", "front matter nesting flow sequences [[[…]]]", yamlFlowNesting},
	{"nested-list", "`- - - … x` nested list items on one line", nestedList},
	{"unclosed-link", "`[a](` repeated", unclosedLink},
	{"brackets", "a run of `[`", brackets},
	{"long-line-findings", "one line of \"the the \" (a finding every 8 bytes)", longLineFindings},
	{"broken-anchor", "N headings and N broken #anchor links", brokenAnchors},
	{"quote-nesting", "`> > > … x` nested block quotes on one line", quoteNesting},
	{"passive-one-line", "passive sentences without a line break", passiveOneLine},
}

func main() {
	bin := flag.String("bin", "", "the speedgrapher binary to measure (required)")
	sizesFlag := flag.String("sizes", "64K,1M,16M", "comma-separated draft sizes (K and M are KiB and MiB)")
	timeout := flag.Duration("timeout", 120*time.Second, "kill a run after this long")
	mode := flag.String("mode", "lint", "how to run the binary: lint (BIN lint FILE), call (BIN call lint '{\"path\":FILE}') or both")
	only := flag.String("shapes", "", "comma-separated shape names to run (default all)")
	all := flag.Bool("all", false, "run larger sizes of a shape even after it timed out at a smaller one")
	flag.Parse()
	if *bin == "" {
		log.Fatal("hardening: -bin is required; pass the speedgrapher binary to measure")
	}
	abs, err := filepath.Abs(*bin)
	if err != nil {
		log.Fatalf("hardening: resolve -bin %q: %v", *bin, err)
	}
	sizes, err := parseSizes(*sizesFlag)
	if err != nil {
		log.Fatalf("hardening: %v", err)
	}
	var modes []string
	switch *mode {
	case "lint", "call":
		modes = []string{*mode}
	case "both":
		modes = []string{"lint", "call"}
	default:
		log.Fatalf("hardening: unknown -mode %q; pass lint, call or both", *mode)
	}
	selected := shapes
	if *only != "" {
		names := strings.Split(*only, ",")
		selected = slices.DeleteFunc(slices.Clone(shapes), func(s shape) bool { return !slices.Contains(names, s.name) })
		if len(selected) == 0 {
			log.Fatalf("hardening: no shape matches -shapes %q", *only)
		}
	}
	dir, err := os.MkdirTemp("", "hardening")
	if err != nil {
		log.Fatalf("hardening: %v", err)
	}
	defer os.RemoveAll(dir)

	fmt.Printf("binary %s, timeout %s, %s\n", abs, *timeout, time.Now().UTC().Format(time.RFC3339))
	for _, s := range selected {
		fmt.Printf("  %-20s %s\n", s.name, s.what)
	}
	fmt.Println()
	fmt.Printf("%-20s %-5s %8s %10s %10s %9s %-6s %s\n", "shape", "mode", "size", "wall", "user+sys", "peak RSS", "exit", "stderr (first line)")
	timedOut := map[string]bool{}
	for _, size := range sizes {
		for _, s := range selected {
			src := s.gen(size)
			name := s.name + ".md"
			if err := os.WriteFile(filepath.Join(dir, name), src, 0o644); err != nil {
				log.Fatalf("hardening: %v", err)
			}
			for _, m := range modes {
				key := s.name + "/" + m
				if timedOut[key] && !*all {
					fmt.Printf("%-20s %-5s %8s %10s %10s %9s %-6s %s\n", s.name, m, sizeLabel(len(src)),
						fmt.Sprintf(">%.0f s", timeout.Seconds()), "-", "-", "-", "not run: timed out at a smaller size")
					continue
				}
				r := run(abs, dir, m, name, *timeout)
				if r.timedOut {
					timedOut[key] = true
				}
				fmt.Printf("%-20s %-5s %8s %10s %10s %9s %-6s %s\n", s.name, m, sizeLabel(len(src)),
					r.wallLabel(*timeout), seconds(r.cpu), mib(r.maxRSS), r.exit, r.stderr)
			}
			os.Remove(filepath.Join(dir, name))
		}
	}
}

type result struct {
	wall     time.Duration
	cpu      time.Duration
	maxRSS   int64 // bytes
	exit     string
	stderr   string
	timedOut bool
}

func (r result) wallLabel(timeout time.Duration) string {
	if r.timedOut {
		return fmt.Sprintf(">%.0f s", timeout.Seconds())
	}
	return seconds(r.wall)
}

// run runs the binary once on the draft file in dir.
func run(bin, dir, mode, file string, timeout time.Duration) result {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	var cmd *exec.Cmd
	if mode == "lint" {
		cmd = exec.CommandContext(ctx, bin, "lint", file)
	} else {
		cmd = exec.CommandContext(ctx, bin, "call", "--root", dir, "lint", fmt.Sprintf(`{"path":%q}`, file))
	}
	cmd.Dir = dir
	cmd.Stdout = io.Discard
	var stderr limitedBuffer
	stderr.max = 64 << 10
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Run()
	r := result{wall: time.Since(start), timedOut: ctx.Err() != nil}
	if st := cmd.ProcessState; st != nil {
		r.cpu = st.UserTime() + st.SystemTime()
		if ru, ok := st.SysUsage().(*syscall.Rusage); ok {
			r.maxRSS = ru.Maxrss * 1024 // Linux reports kilobytes
		}
	}
	var exitErr *exec.ExitError
	switch {
	case r.timedOut:
		r.exit = "killed"
	case err == nil:
		r.exit = "0"
	case errors.As(err, &exitErr):
		r.exit = strconv.Itoa(exitErr.ExitCode())
		if ws, ok := exitErr.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			r.exit = ws.Signal().String()
		}
	default:
		r.exit = "error"
		r.stderr = err.Error()
		return r
	}
	line, _, _ := strings.Cut(strings.TrimSpace(stderr.String()), "\n")
	if len(line) > 160 {
		line = line[:160] + "…"
	}
	r.stderr = line
	return r
}

// limitedBuffer keeps the first max bytes written to it and drops the rest,
// so a child that logs without end cannot fill our memory.
type limitedBuffer struct {
	bytes.Buffer
	max int
}

func (b *limitedBuffer) Write(p []byte) (int, error) {
	if room := b.max - b.Len(); room > 0 {
		b.Buffer.Write(p[:min(room, len(p))])
	}
	return len(p), nil
}

func parseSizes(s string) ([]int, error) {
	var sizes []int
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		mult := 1
		switch {
		case strings.HasSuffix(f, "K"):
			mult, f = 1<<10, strings.TrimSuffix(f, "K")
		case strings.HasSuffix(f, "M"):
			mult, f = 1<<20, strings.TrimSuffix(f, "M")
		}
		n, err := strconv.Atoi(f)
		if err != nil || n <= 0 {
			return nil, fmt.Errorf("read -sizes %q: %q is not a size such as 64K or 1M", s, f)
		}
		sizes = append(sizes, n*mult)
	}
	return sizes, nil
}

func sizeLabel(n int) string {
	switch {
	case n >= 1000<<10: // 1 MiB less a line end is still "1.0 MiB"
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.0f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}

func seconds(d time.Duration) string {
	if d < 10*time.Second {
		return fmt.Sprintf("%.2f s", d.Seconds())
	}
	return fmt.Sprintf("%.1f s", d.Seconds())
}

func mib(n int64) string { return fmt.Sprintf("%.0f MiB", float64(n)/(1<<20)) }

// repeated is unit repeated, then tail, at most size bytes in all.
func repeated(unit, tail string, size int) []byte {
	n := max(1, (size-len(tail))/len(unit))
	return append(bytes.Repeat([]byte(unit), n), tail...)
}

// The shapes. Each is a valid UTF-8 markdown draft of at most size bytes
// (16 MiB is the file limit), and close to it.

func yamlFlowNesting(size int) []byte {
	const head, tail = "---\nx: ", "\n---\nSome text.\n"
	depth := max(1, (size-len(head)-len(tail))/2)
	var b bytes.Buffer
	b.WriteString(head)
	b.WriteString(strings.Repeat("[", depth))
	b.WriteString(strings.Repeat("]", depth))
	b.WriteString(tail)
	return b.Bytes()
}

func nestedList(size int) []byte { return repeated("- ", "x\n", size) }

func quoteNesting(size int) []byte { return repeated("> ", "x\n", size) }

func unclosedLink(size int) []byte { return repeated("[a](", "\n", size) }

func brackets(size int) []byte { return repeated("[", "\n", size) }

func longLineFindings(size int) []byte { return repeated("the the ", "\n", size) }

func passiveOneLine(size int) []byte { return repeated("The cake was eaten. ", "\n", size) }

// brokenAnchors writes n headings, then n links whose fragments are one
// letter off a heading's slug, so every link is broken and gets a
// did-you-mean.
func brokenAnchors(size int) []byte {
	var headings, links bytes.Buffer
	for i := 0; ; i++ {
		h := fmt.Sprintf("## Section number %d\n\n", i)
		l := fmt.Sprintf("[see](#section-numbr-%d)\n", i)
		if headings.Len()+links.Len()+len(h)+len(l) > size {
			break
		}
		headings.WriteString(h)
		links.WriteString(l)
	}
	return append(headings.Bytes(), links.Bytes()...)
}
