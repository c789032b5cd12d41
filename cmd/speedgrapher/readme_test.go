package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestREADMEExamples runs every ```sh block of the README, as a new user
// would from a fresh clone, so that the README cannot drift from the code.
//
// A block runs in a copy of the sample workspace (testdata/workspace) unless
// the line before it says otherwise, in an HTML comment a reader does not see:
//
//	<!-- readme: root -->            run at the top of the clone
//	<!-- readme: exit 1 -->          the block's last command exits 1
//	<!-- readme: skip, REASON -->    not run (it needs an agent, a network…)
//	<!-- readme: root, exit 1 -->    markers combine
//
// `go run ./cmd/speedgrapher` runs the binary under test; HOME is empty, so
// no personal commands leak in.
func TestREADMEExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every README example")
	}
	blocks, err := readmeBlocks("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	ran := 0
	for _, b := range blocks {
		if b.skip {
			continue
		}
		ran++
		script := strings.ReplaceAll(b.text, "go run ./cmd/speedgrapher", "speedgrapher")
		script = goTestLine.ReplaceAllString(script, "") // the tests do not run themselves
		cd := "$WORK/testdata/workspace"
		if b.root {
			cd = "$WORK"
		}
		var ts strings.Builder
		fmt.Fprintf(&ts, "# README.md:%d\ncd %s\n", b.line, cd)
		if b.exit != 0 {
			fmt.Fprintf(&ts, "exec sh $WORK/readme.sh\nstdout 'readme-exit=%d'\n", b.exit)
			script += "\necho readme-exit=$?"
		} else {
			fmt.Fprintf(&ts, "exec sh -e $WORK/readme.sh\n")
		}
		fmt.Fprintf(&ts, "-- readme.sh --\n%s\n", script)
		name := fmt.Sprintf("readme-line-%04d.txtar", b.line)
		if err := os.WriteFile(filepath.Join(dir, name), []byte(ts.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if ran < 8 {
		t.Fatalf("only %d README blocks ran; the markers are probably wrong", ran)
	}
	testscript.Run(t, testscript.Params{
		Dir: dir,
		Setup: func(env *testscript.Env) error {
			env.Setenv("HOME", filepath.Join(env.WorkDir, "home"))
			env.Setenv("XDG_CONFIG_HOME", "")
			env.Setenv("SPEEDGRAPHER_TOKEN", "")
			return os.CopyFS(filepath.Join(env.WorkDir, "testdata"), os.DirFS("../../testdata"))
		},
	})
}

var goTestLine = regexp.MustCompile(`(?m)^go test .*$`)

type readmeBlock struct {
	line       int // the line of the opening fence
	text       string
	root, skip bool
	exit       int
	console    bool // a transcript: its "$ " lines are the commands
}

// consoleCommands turns a transcript's "$ " lines into a script in which
// each command may exit 0 or 1 (findings, a failed check: what transcripts
// show), but not 2 or more (a usage error: the example no longer runs).
func consoleCommands(lines []string) string {
	var b strings.Builder
	for _, l := range lines {
		if cmd, ok := strings.CutPrefix(l, "$ "); ok && !strings.HasPrefix(cmd, "echo $?") {
			fmt.Fprintf(&b, "%s || [ $? -eq 1 ]\n", cmd)
		}
	}
	return b.String()
}

// readmeBlocks returns the README's ```sh blocks with their markers.
func readmeBlocks(path string) ([]readmeBlock, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var blocks []readmeBlock
	var cur *readmeBlock
	var body []string
	prev := ""
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case cur == nil && (strings.TrimSpace(line) == "```sh" || strings.TrimSpace(line) == "```console"):
			cur = &readmeBlock{line: n, console: strings.TrimSpace(line) == "```console"}
			if m, ok := strings.CutPrefix(strings.TrimSpace(prev), "<!-- readme: "); ok {
				for _, word := range strings.Split(strings.TrimSuffix(m, " -->"), ", ") {
					switch {
					case word == "root":
						cur.root = true
					case word == "skip":
						cur.skip = true
						break // the rest is the reason
					case strings.HasPrefix(word, "exit "):
						fmt.Sscanf(word, "exit %d", &cur.exit)
					case cur.skip:
					default:
						return nil, fmt.Errorf("%s:%d: unknown readme marker %q", path, n-1, word)
					}
				}
			}
			body = nil
		case cur != nil && strings.TrimSpace(line) == "```":
			cur.text = strings.Join(body, "\n")
			if cur.console {
				cur.text = consoleCommands(body)
			}
			blocks = append(blocks, *cur)
			cur = nil
		case cur != nil:
			body = append(body, line)
		}
		prev = line
	}
	return blocks, sc.Err()
}
