// Command speedgrapher is a writing assistant that speaks the Model Context
// Protocol. Run with no arguments, it serves MCP over stdio, which is how an
// agent launches it; its subcommands give a writer, a CI job or a template
// author the same engine on the command line.
//
// Usage:
//
//	speedgrapher [flags]                      serve MCP over stdio
//	speedgrapher prompts [flags]              list the prompts, their arguments and files
//	speedgrapher prompt NAME [key=value...]   render a prompt to stdout
//	speedgrapher check [DIR...]               validate template files
//	speedgrapher new NAME                     write a commented starter template
//	speedgrapher call TOOL [JSON|-]           run a tool and print its result as JSON
//	speedgrapher lint FILE...                 style and structure findings, like a compiler
//	speedgrapher version                      print the version
//
// Flags accepted by every subcommand:
//
//	--root DIR      the workspace (repeatable; default the current directory)
//	--prompts DIR   more templates, overriding shipped ones by name (repeatable)
//	--log-level L   debug, info, warn or error (default warn); logs go to stderr
//	--http ADDR     serve MCP over streamable HTTP at ADDR/mcp instead of stdio
//	--stateless     with --http: keep no state between requests (for replicas)
//
// With --http, the environment variable SPEEDGRAPHER_TOKEN, when set, is the
// bearer token every request must carry.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

func main() {
	tuneGC()
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// tuneGC trades memory for latency unless the user chose GC settings. Each
// analysis allocates several times the draft's size over a small live heap,
// so the default GOGC=100 collects on nearly every call: with 400,
// tools/call on a 64 KiB draft went from p50 4.0 to 2.4 ms (scripts/toolcalltime).
// The soft memory limit makes the collector work harder before a large
// draft can push the process past 1 GiB.
func tuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(1 << 30)
	}
}

// exitUsage is the exit status for a command line that cannot be run.
const exitUsage = 2

// command is one subcommand: its usage line, what it does, and how it runs.
type command struct {
	usage string
	short string
	run   func(c *cli, args []string) int
	// ownFlags commands parse their arguments themselves, with flags of their own.
	ownFlags bool
}

var commands = map[string]command{
	"serve":   {"serve [flags]", "serve MCP over stdio (the default)", (*cli).serve, false},
	"prompts": {"prompts [flags]", "list the prompts, their arguments and the file each comes from", (*cli).listPrompts, false},
	"prompt":  {"prompt [flags] NAME [key=value...]", "render a prompt to stdout, as an agent would receive it", (*cli).renderPrompt, false},
	"check":   {"check [flags] [DIR...]", "validate template files (default: every source the server loads); exit 1 on errors", (*cli).check, false},
	"call":    {"call [flags] TOOL [JSON|-]", "run a tool and print its structured result as JSON; exit 1 when the tool reports an error", (*cli).call, false},
	"lint":    {"lint [flags] FILE...", "check the style and structure of markdown drafts; exit 1 on findings at or above --fail-on", (*cli).lint, true},
	"new":     {"new [flags] NAME", "write a commented starter template for /NAME into .speedgrapher/prompts (or --dir DIR); never overwrites", (*cli).newTemplate, true},
	"version": {"version", "print the version", (*cli).version, false},
}

var commandOrder = []string{"serve", "prompts", "prompt", "check", "new", "call", "lint", "version"}

// cli holds what every subcommand shares: streams and common flags.
type cli struct {
	stdin          io.Reader
	stdout, stderr io.Writer

	roots, promptDirs stringList
	logLevel          string
	maxLineBytes      int
	drainTimeout      time.Duration
	httpAddr          string
	stateless         bool
	maxToolCalls      int
	sessionTimeout    time.Duration
	log               *slog.Logger
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := &cli{stdin: stdin, stdout: stdout, stderr: stderr, logLevel: "warn"}
	name := "serve"
	// Common flags may come before the subcommand name.
	top := c.flagSet("speedgrapher")
	top.Usage = func() {} // the flag package has said what is wrong; the full usage would bury it
	if err := top.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			c.usage(stdout)
			return 0
		}
		fmt.Fprintln(stderr, "run speedgrapher --help for the commands and flags")
		return exitUsage
	}
	args = top.Args()
	if len(args) > 0 {
		name, args = args[0], args[1:]
	}
	if name == "help" {
		c.usage(stdout)
		return 0
	}
	cmd, ok := commands[name]
	if !ok {
		fmt.Fprintf(stderr, "speedgrapher: unknown command %q; run speedgrapher --help for the list\n", name)
		return exitUsage
	}
	if cmd.ownFlags {
		c.log = slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
		return cmd.run(c, args)
	}
	fs := c.flagSet("speedgrapher " + name)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: speedgrapher %s\n\n%s.\n\nFlags:\n", cmd.usage, capitalize(cmd.short))
		fs.PrintDefaults()
	}
	positional, err := parseInterleaved(fs, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return exitUsage
	}
	lvl, err := parseLevel(c.logLevel)
	if err != nil {
		fmt.Fprintf(stderr, "speedgrapher: %v\n", err)
		return exitUsage
	}
	c.log = slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: lvl}))
	return cmd.run(c, positional)
}

// parseInterleaved parses flags wherever they appear among the positional
// arguments, so "prompt review path=x --root DIR" works as a writer expects.
// A lone "-" (stdin) is positional; after "--" everything is.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	if i := slices.Index(args, "--"); i >= 0 {
		args, rest = args[:i], args[i+1:]
	}
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		i := 0
		for i < len(args) && (args[i] == "-" || !strings.HasPrefix(args[i], "-")) {
			i++
		}
		positional = append(positional, args[:i]...)
		if i == len(args) {
			return append(positional, rest...), nil
		}
		args = args[i:]
	}
}

// flagSet returns a flag set with the flags every subcommand accepts, bound
// to c so that values given before and after the subcommand name add up.
func (c *cli) flagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(c.stderr)
	fs.Var(&c.roots, "root", "workspace `directory` (repeatable; default the current directory)")
	fs.Var(&c.promptDirs, "prompts", "`directory` of more templates, overriding shipped ones by name (repeatable)")
	// Func flags, unlike StringVar, do not reset the value to a default when
	// the second flag set is made.
	fs.Func("log-level", "log `level` on stderr: debug, info, warn or error (default warn)", func(v string) error {
		c.logLevel = v
		return nil
	})
	fs.Func("max-line-bytes", "longest stdio message accepted, in `bytes` (default 16 MiB)", func(v string) error {
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 {
			return fmt.Errorf("want a positive number of bytes")
		}
		c.maxLineBytes = n
		return nil
	})
	fs.Func("drain-timeout", "after stdin closes, wait this `long` for requests still running, e.g. 1m, then answer them with an error and exit 1 (default 30s)", func(v string) error {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return fmt.Errorf("want a positive duration such as 30s or 2m")
		}
		c.drainTimeout = d
		return nil
	})
	fs.Func("max-tool-calls", "at most this many tool `calls` run at once, across sessions; more wait their turn (default two per CPU)", func(v string) error {
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 {
			return fmt.Errorf("want a positive number")
		}
		c.maxToolCalls = n
		return nil
	})
	fs.Func("session-timeout", "with --http: close a session idle this `long`, e.g. 10m; 0 never (default 30m)", func(v string) error {
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 {
			return fmt.Errorf("want a duration such as 10m or 1h, or 0 for never")
		}
		if d == 0 {
			d = -1 // server.HTTPOptions: negative means never
		}
		c.sessionTimeout = d
		return nil
	})
	fs.StringVar(&c.httpAddr, "http", c.httpAddr, "serve MCP over streamable HTTP at `ADDR`/mcp instead of stdio (a bare port binds 127.0.0.1)")
	fs.BoolVar(&c.stateless, "stateless", c.stateless, "with --http: keep no session state, for replicas behind a load balancer")
	return fs
}

func (c *cli) usage(w io.Writer) {
	fmt.Fprintf(w, "Speedgrapher is a writing assistant that speaks MCP.\n\nUsage:\n")
	for _, name := range commandOrder {
		cmd := commands[name]
		fmt.Fprintf(w, "  speedgrapher %-36s %s\n", cmd.usage, cmd.short)
	}
	fmt.Fprintf(w, "\nFlags accepted by every command:\n")
	fs := c.flagSet("speedgrapher")
	fs.SetOutput(w)
	fs.PrintDefaults()
	fmt.Fprintf(w, "\nRun speedgrapher COMMAND --help for a command's own help.\n")
}

func parseLevel(s string) (slog.Level, error) {
	var l slog.Level
	if err := l.UnmarshalText([]byte(s)); err != nil {
		return 0, fmt.Errorf("--log-level %q: want debug, info, warn or error", s)
	}
	return l, nil
}

// signalContext is cancelled on SIGINT or SIGTERM.
func signalContext() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}

// stringList is a repeatable string flag.
type stringList []string

func (l *stringList) String() string     { return strings.Join(*l, ",") }
func (l *stringList) Set(v string) error { *l = append(*l, v); return nil }

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
