// Command valecompat compares speedgrapher's Vale-compatible style engine
// with Vale itself: it lints the same markdown files with the same styles
// through both, and reports how many of Vale's alerts it reproduces (same
// rule, line and column), how many findings Vale does not give, the
// differences by rule, and the speed of both side by side.
//
// Usage:
//
//	go run ./scripts/valecompat -styles DIR [-files N] [-vale PATH] [-show N] [FILE_OR_DIR...]
//
// -styles is a directory holding the styles (Google, Microsoft, write-good
// and proselint; /work/shared/vale-styles has copies with their licences:
// they are read from there at run time, never copied into this
// repository). Without files or directories, the markdown files in the Go
// module cache are the corpus. Without a vale binary on PATH (or -vale), it
// only times speedgrapher.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/speedgrapher/speedgrapher/internal/markdown"
	"github.com/speedgrapher/speedgrapher/internal/style"
)

func main() {
	stylesDir := flag.String("styles", "", "directory holding the styles (required)")
	styles := flag.String("with", "Google,Microsoft,write-good,proselint", "styles to load, comma-separated")
	maxFiles := flag.Int("files", 150, "at most this many markdown files")
	valeBin := flag.String("vale", "", "the vale binary (default: vale on PATH)")
	show := flag.Int("show", 3, "examples of differences shown per rule")
	flag.Parse()
	if *stylesDir == "" {
		fmt.Fprintln(os.Stderr, "valecompat: -styles DIR is required (a directory with the Google, Microsoft, write-good and proselint styles)")
		os.Exit(2)
	}
	abs, err := filepath.Abs(*stylesDir)
	check(err)
	files := corpus(flag.Args(), *maxFiles)
	if len(files) == 0 {
		fmt.Fprintln(os.Stderr, "valecompat: no markdown files found; pass files or directories")
		os.Exit(2)
	}
	tmp, err := os.MkdirTemp("", "valecompat")
	check(err)
	defer os.RemoveAll(tmp)
	ini := filepath.Join(tmp, ".vale.ini")
	check(os.WriteFile(ini, []byte(fmt.Sprintf("StylesPath = %s\nMinAlertLevel = suggestion\n[*.md]\nBasedOnStyles = %s\n", abs, strings.ReplaceAll(*styles, ",", ", "))), 0o644))

	var size int64
	srcs := make([][]byte, len(files))
	for i, f := range files {
		srcs[i], err = os.ReadFile(f)
		check(err)
		size += int64(len(srcs[i]))
	}

	// speedgrapher: load the styles, then lint every file, on every core.
	// The machine may be shared, so CPU time is measured beside wall time.
	start, cpu0 := time.Now(), cpuTime()
	cfg, err := style.ParseConfig(ini, mustRead(ini))
	check(err)
	house := style.Load(os.DirFS(abs), cfg)
	for _, p := range house.Problems {
		fmt.Fprintln(os.Stderr, "valecompat: load:", p)
	}
	if note := house.UnsupportedNote(); note != "" {
		fmt.Fprintln(os.Stderr, "valecompat:", note)
	}
	set := house.For("doc.md")
	loadCPU := cpuTime() - cpu0
	ours := make([][]alert, len(files))
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range next {
				for _, f := range set.Check(markdown.Parse(srcs[i])) {
					ours[i] = append(ours[i], alert{f.Rule, f.Line, f.Column, f.Match})
				}
			}
		})
	}
	for i := range files {
		next <- i
	}
	close(next)
	wg.Wait()
	oursTime, oursCPU := time.Since(start), cpuTime()-cpu0
	fmt.Printf("corpus: %d markdown files, %.2f MiB; styles: %s (%d rules)\n", len(files), float64(size)/(1<<20), *styles, len(set.Rules))
	report("speedgrapher", len(files), size, oursTime, oursCPU)
	fmt.Printf("  (of which loading the styles: %.3fs CPU)\n", loadCPU.Seconds())

	bin := *valeBin
	if bin == "" {
		bin, _ = exec.LookPath("vale")
	}
	if bin == "" {
		fmt.Println("vale: not on PATH; pass -vale to compare")
		return
	}
	stdout, valeTime, valeCPU, err := runVale(bin, ini, files)
	if err != nil {
		// Vale stops at the first file it fails on: find those files, one
		// at a time, leave them out (of both sides) and run again.
		fmt.Fprintf(os.Stderr, "valecompat: vale failed (%v); looking for the files it fails on\n", err)
		var kept []string
		keptOurs := [][]alert{}
		keptSrcs := [][]byte{}
		for i, f := range files {
			if _, _, _, err := runVale(bin, ini, []string{f}); err != nil {
				fmt.Printf("vale fails on %s (%v): left out\n", f, firstLine(err.Error()))
				continue
			}
			kept = append(kept, f)
			keptOurs = append(keptOurs, ours[i])
			keptSrcs = append(keptSrcs, srcs[i])
		}
		files, ours, srcs = kept, keptOurs, keptSrcs
		stdout, valeTime, valeCPU, err = runVale(bin, ini, files)
		check(err)
		fmt.Printf("compared on %d files (speedgrapher's time above includes the files left out)\n", len(files))
	}
	report("vale", len(files), size, valeTime, valeCPU)
	fmt.Printf("speed-up: %.1fx wall, %.1fx CPU\n", valeTime.Seconds()/oursTime.Seconds(), valeCPU.Seconds()/oursCPU.Seconds())

	var out map[string][]struct {
		Check string
		Line  int
		Span  []int
		Match string
	}
	check(json.Unmarshal(stdout, &out))
	theirs := make([][]alert, len(files))
	index := map[string]int{}
	for i, f := range files {
		index[f] = i
	}
	for name, as := range out {
		i, ok := index[name]
		if !ok {
			a, _ := filepath.Abs(name)
			i, ok = index[a]
		}
		if !ok {
			fmt.Fprintf(os.Stderr, "valecompat: vale reported an unknown file %q\n", name)
			continue
		}
		for _, a := range as {
			theirs[i] = append(theirs[i], alert{a.Check, a.Line, a.Span[0], a.Match})
		}
	}
	compare(files, srcs, ours, theirs, *show)
}

// runVale lints files with vale and returns its JSON output, the wall and
// CPU time it took.
func runVale(bin, ini string, files []string) ([]byte, time.Duration, time.Duration, error) {
	start := time.Now()
	cmd := exec.Command(bin, append([]string{"--config", ini, "--output", "JSON", "--no-exit"}, files...)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	wall := time.Since(start)
	if err != nil {
		return nil, wall, 0, fmt.Errorf("vale: %w: %s%s", err, stderr.String(), stdout.String())
	}
	return stdout.Bytes(), wall, cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), nil
}

func firstLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 160 {
		s = s[:160] + "…"
	}
	return s
}

type alert struct {
	rule         string
	line, column int
	match        string
}

func (a alert) key() string { return fmt.Sprintf("%s:%d:%d", a.rule, a.line, a.column) }

func compare(files []string, srcs [][]byte, ours, theirs [][]alert, show int) {
	type diff struct {
		file string
		a    alert
	}
	missed, extra := map[string][]diff{}, map[string][]diff{}
	total, same, ourTotal := 0, 0, 0
	// Classes of difference: the same match (rule and text) placed at
	// different columns, where the source at Vale's place does not hold
	// the match (Vale misplaced it) or does; and alerts one tool has and
	// the other has not.
	var valeMisplaced, placedOtherwise, inFrontMatter, inRawHTML int
	var misplacedEx, otherEx []string
	misplacedBy := map[string]int{}
	for i := range files {
		have := map[string]bool{}
		for _, a := range ours[i] {
			have[a.key()] = true
		}
		want := map[string]bool{}
		for _, a := range theirs[i] {
			want[a.key()] = true
		}
		total += len(want)
		ourTotal += len(have)
		var ms, xs []alert
		for _, a := range theirs[i] {
			if have[a.key()] {
				same++
			} else {
				ms = append(ms, a)
			}
		}
		for _, a := range ours[i] {
			if !want[a.key()] {
				xs = append(xs, a)
			}
		}
		lines := strings.Split(string(srcs[i]), "\n")
		fmEnd := 0
		if doc := markdown.Parse(srcs[i]); doc.FrontMatter.Format != "" {
			fmEnd = doc.Position(doc.FrontMatter.End).Line
		}
		used := make([]bool, len(xs))
		for _, m := range ms {
			paired := false
			for j, x := range xs {
				if !used[j] && x.rule == m.rule && normMatch(x.match) == normMatch(m.match) {
					used[j], paired = true, true
					if !holds(lines, m) {
						valeMisplaced++
						misplacedBy[files[i]]++
						if len(misplacedEx) < show*3 {
							misplacedEx = append(misplacedEx, fmt.Sprintf("%s %s: vale %d:%d, speedgrapher %d:%d %q", files[i], m.rule, m.line, m.column, x.line, x.column, x.match))
						}
					} else {
						placedOtherwise++
						if len(otherEx) < show {
							otherEx = append(otherEx, fmt.Sprintf("%s %s: vale %d:%d, speedgrapher %d:%d %q", files[i], m.rule, m.line, m.column, x.line, x.column, x.match))
						}
					}
					break
				}
			}
			if !paired {
				switch {
				case m.line <= fmEnd:
					inFrontMatter++
				case inHTML(lines, m):
					inRawHTML++
				default:
					missed[m.rule] = append(missed[m.rule], diff{files[i], m})
				}
			}
		}
		for j, x := range xs {
			if !used[j] {
				extra[x.rule] = append(extra[x.rule], diff{files[i], x})
			}
		}
	}
	nExtra := ourTotal - same
	fmt.Printf("vale alerts: %d; reproduced (same rule, line, column): %d (%.1f%%)\n", total, same, pct(same, total))
	fmt.Printf("speedgrapher findings: %d; not given by vale: %d (%.1f%% of vale's alerts)\n", ourTotal, nExtra, pct(nExtra, total))
	fmt.Printf("differences by class:\n")
	fmt.Printf("  same rule and match, placed elsewhere by vale where the source does not hold the match (vale misplaced it): %d pairs\n", valeMisplaced)
	for _, e := range misplacedEx {
		fmt.Println("      e.g.", e)
	}
	var byFile []string
	for f := range misplacedBy {
		byFile = append(byFile, f)
	}
	sort.Slice(byFile, func(i, j int) bool { return misplacedBy[byFile[i]] > misplacedBy[byFile[j]] })
	for k, f := range byFile {
		if k == show {
			break
		}
		fmt.Printf("      %d in %s\n", misplacedBy[f], f)
	}
	fmt.Printf("  same rule and match, placed elsewhere, vale's place holds the match: %d pairs\n", placedOtherwise)
	for _, e := range otherEx {
		fmt.Println("      e.g.", e)
	}
	fmt.Printf("  vale alerts in YAML front matter, which speedgrapher does not read as prose: %d\n", inFrontMatter)
	fmt.Printf("  vale alerts in raw HTML (<summary>, <p>, alt=\"…\"), which speedgrapher does not read as prose: %d\n", inRawHTML)
	nm, nx := 0, 0
	for _, d := range missed {
		nm += len(d)
	}
	for _, d := range extra {
		nx += len(d)
	}
	fmt.Printf("  other: %d vale alerts speedgrapher does not give (%.1f%%), %d findings vale does not give (%.1f%%)\n", nm, pct(nm, total), nx, pct(nx, total))
	var rules []string
	seen := map[string]bool{}
	for r := range missed {
		rules, seen[r] = append(rules, r), true
	}
	for r := range extra {
		if !seen[r] {
			rules = append(rules, r)
		}
	}
	sort.Slice(rules, func(i, j int) bool {
		return len(missed[rules[i]])+len(extra[rules[i]]) > len(missed[rules[j]])+len(extra[rules[j]])
	})
	fmt.Println("unpaired differences by rule (missed = vale only, extra = speedgrapher only):")
	for _, r := range rules {
		fmt.Printf("  %-28s missed %4d  extra %4d\n", r, len(missed[r]), len(extra[r]))
		for k, d := range missed[r] {
			if k == show {
				break
			}
			fmt.Printf("      missed %s:%d:%d %q\n", d.file, d.a.line, d.a.column, d.a.match)
		}
		for k, d := range extra[r] {
			if k == show {
				break
			}
			fmt.Printf("      extra  %s:%d:%d %q\n", d.file, d.a.line, d.a.column, d.a.match)
		}
	}
}

// inHTML reports whether the alert sits in raw HTML: its line holds a tag
// that opens before the alert's column.
func inHTML(lines []string, a alert) bool {
	if a.line < 1 || a.line > len(lines) {
		return false
	}
	r := []rune(lines[a.line-1])
	before := string(r[:min(len(r), max(0, a.column-1))])
	i := strings.LastIndex(before, "<")
	return i >= 0 && i+1 < len(before) && (before[i+1] >= 'a' && before[i+1] <= 'z' || before[i+1] == '/')
}

// normMatch compares matches as text: inline code stands as U+FFFC in ours
// and as asterisks in Vale's.
func normMatch(s string) string {
	s = strings.ReplaceAll(s, "\uFFFC", "")
	s = strings.ReplaceAll(s, "*", "")
	return strings.Join(strings.Fields(s), " ")
}

// holds reports whether the source at the alert's line and column starts
// with the alert's match (its first word, for matches across markup).
func holds(lines []string, a alert) bool {
	if a.line < 1 || a.line > len(lines) {
		return false
	}
	r := []rune(lines[a.line-1])
	if a.column < 1 || a.column > len(r) {
		return false
	}
	f := strings.Fields(a.match)
	if len(f) == 0 {
		return true
	}
	return strings.HasPrefix(string(r[a.column-1:]), f[0])
}

func pct(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}

func report(who string, files int, size int64, d, cpu time.Duration) {
	fmt.Printf("%-12s wall %7.3fs  %7.1f files/s  %6.2f MiB/s   CPU %7.3fs  %7.1f files/CPU-s  %6.2f MiB/CPU-s\n", who,
		d.Seconds(), float64(files)/d.Seconds(), float64(size)/(1<<20)/d.Seconds(),
		cpu.Seconds(), float64(files)/cpu.Seconds(), float64(size)/(1<<20)/cpu.Seconds())
}

// cpuTime is the CPU time this process has used, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// corpus lists the markdown files under args, or in the module cache, in
// a stable order, at most max of them.
func corpus(args []string, max int) []string {
	if len(args) == 0 {
		out, err := exec.Command("go", "env", "GOMODCACHE").Output()
		check(err)
		args = []string{strings.TrimSpace(string(out))}
	}
	var files []string
	for _, a := range args {
		filepath.WalkDir(a, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			// Test fixtures and benchmark data ("_benchmark/cmark/_data.md",
			// the CommonMark spec's examples) are not documents.
			if d.IsDir() && (d.Name() == "testdata" || d.Name() == "node_modules" || d.Name() == "cache" || strings.HasPrefix(d.Name(), "_")) {
				return filepath.SkipDir
			}
			if !d.IsDir() && strings.EqualFold(filepath.Ext(p), ".md") {
				files = append(files, p)
			}
			return nil
		})
	}
	sort.Strings(files)
	if len(files) > max {
		files = files[:max]
	}
	for i, f := range files {
		files[i], _ = filepath.Abs(f)
	}
	return files
}

func mustRead(p string) []byte {
	b, err := os.ReadFile(p)
	check(err)
	return b
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "valecompat:", err)
		os.Exit(1)
	}
}
