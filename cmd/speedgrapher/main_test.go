package main

import (
	"os"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"speedgrapher": func() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// TestScripts drives the binary with the txtar scripts in testdata/script.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{Dir: "testdata/script"})
}

// The server's limits reach it from the command line, wherever the flags sit.
func TestLimitFlags(t *testing.T) {
	for _, tc := range []struct {
		args         []string
		maxToolCalls int
		idle         time.Duration
		maxSessions  int
	}{
		{nil, 0, 0, 0}, // 0: the server's own defaults
		{[]string{"--max-tool-calls", "3", "--session-timeout", "90s"}, 3, 90 * time.Second, 0},
		{[]string{"--session-timeout=0"}, 0, -1, 0}, // never: negative for server.HTTPOptions
		{[]string{"--max-sessions", "40"}, 0, 0, 40},
	} {
		c := &cli{}
		if _, err := parseInterleaved(c.flagSet("test", serverFlags), tc.args); err != nil {
			t.Fatal(err)
		}
		opts, err := c.options()
		if err != nil {
			t.Fatal(err)
		}
		if got := opts.MaxToolCalls; got != tc.maxToolCalls {
			t.Errorf("%q: MaxToolCalls = %d, want %d", tc.args, got, tc.maxToolCalls)
		}
		if got := c.httpOptions().SessionTimeout; got != tc.idle {
			t.Errorf("%q: SessionTimeout = %v, want %v", tc.args, got, tc.idle)
		}
		if got := c.httpOptions().MaxSessions; got != tc.maxSessions {
			t.Errorf("%q: MaxSessions = %d, want %d", tc.args, got, tc.maxSessions)
		}
	}
}
