// Command startuptime measures how long speedgrapher takes from spawn to its
// answer to initialize, for the real build and for a build that registers
// nothing (go build -tags bare), alternating runs so machine noise hits both.
//
//	go run ./scripts/startuptime [-n 200]
package main

import (
	"bufio"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"time"
)

const initialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"startuptime","version":"0"}}}` + "\n"

func main() {
	n := flag.Int("n", 200, "runs per build")
	flag.Parse()
	dir, err := os.MkdirTemp("", "startuptime")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	full, bare := filepath.Join(dir, "full"), filepath.Join(dir, "bare")
	build(full)
	build(bare, "-tags", "bare")

	var fullTimes, bareTimes []time.Duration
	for range *n {
		fullTimes = append(fullTimes, spawnToInitialize(full))
		bareTimes = append(bareTimes, spawnToInitialize(bare))
	}
	fm, bm := median(fullTimes), median(bareTimes)
	fmt.Printf("runs per build: %d\n", *n)
	fmt.Printf("registers nothing: median %v, p90 %v\n", bm, percentile(bareTimes, 0.9))
	fmt.Printf("full server:       median %v, p90 %v\n", fm, percentile(fullTimes, 0.9))
	fmt.Printf("difference of medians: %v\n", fm-bm)
}

func build(out string, args ...string) {
	cmd := exec.Command("go", append(append([]string{"build", "-o", out}, args...), "./cmd/speedgrapher")...)
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		log.Fatalf("building %s: %v", out, err)
	}
}

// spawnToInitialize starts bin, sends initialize and times the first answer line.
func spawnToInitialize(bin string) time.Duration {
	cmd := exec.Command(bin)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		log.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		log.Fatal(err)
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		log.Fatal(err)
	}
	if _, err := stdin.Write([]byte(initialize)); err != nil {
		log.Fatal(err)
	}
	if _, err := bufio.NewReader(stdout).ReadBytes('\n'); err != nil {
		log.Fatalf("%s: no answer to initialize: %v", bin, err)
	}
	elapsed := time.Since(start)
	stdin.Close()
	cmd.Wait()
	return elapsed
}

func median(d []time.Duration) time.Duration { return percentile(d, 0.5) }

func percentile(d []time.Duration, p float64) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	return s[int(float64(len(s)-1)*p)]
}
