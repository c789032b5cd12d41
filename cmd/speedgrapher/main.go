// Command speedgrapher is a writing assistant that speaks the Model Context
// Protocol. Run with no arguments, it serves MCP over stdio, which is how an
// agent launches it; its subcommands give a writer, a CI job or a template
// author the same engine on the command line.
//
// Usage:
//
//	speedgrapher [flags]                        serve MCP over stdio (what agents run)
//	speedgrapher --http ADDR [flags]            serve MCP over streamable HTTP
//	speedgrapher readability FILE...            how hard each draft is to read
//	speedgrapher structure FILE...              each draft's outline and structure problems
//	speedgrapher lint FILE...                   style and structure findings, like a compiler
//	speedgrapher prompts                        list the prompts, their arguments and files
//	speedgrapher prompt NAME [VALUE|key=value]  render a prompt to stdout
//	speedgrapher check [DIR|FILE...]            validate template files
//	speedgrapher new NAME                       write a commented starter template
//	speedgrapher call TOOL [JSON|-]             run a tool and print its result as JSON
//	speedgrapher rules [RULE]                   list the lint rules, or explain one
//	speedgrapher lsp                            serve the Language Server Protocol for an editor
//	speedgrapher version                        print the version
//
// Each command takes only the flags that mean something to it; run
// speedgrapher help COMMAND for them. The server's flags (--http,
// --stateless, --session-timeout, --max-sessions, --max-tool-calls,
// --max-line-bytes, --drain-timeout, --require-token) go with serve, the
// default command.
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
	"sync"
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

// flagGroup is a set of flags that some commands take.
type flagGroup int

const (
	workspaceFlags flagGroup = 1 << iota // --root
	promptFlags                          // --prompts
	logFlags                             // --log-level, -v
	serverFlags                          // --http and the server's limits
)

// command is one subcommand: its usage line, what it does, the common flags
// it takes, and how it runs.
type command struct {
	name  string
	usage string
	short string
	flags flagGroup
	run   func(c *cli, args []string) int
	// ownFlags commands parse their arguments themselves, with flags of their own.
	ownFlags bool
}

// commands in the order --help lists them (set in init: the commands refer
// to the list for their help).
var commands []command

func init() {
	commands = []command{
		{"serve", "serve [flags]", "serve MCP over stdio (the default), or over HTTP with --http",
			workspaceFlags | promptFlags | logFlags | serverFlags, (*cli).serve, false},
		{"readability", "readability [flags] FILE...", "how hard each draft is to read: grade, hardest sentences, sections",
			workspaceFlags | logFlags, (*cli).readability, true},
		{"structure", "structure [flags] FILE...", "each draft's outline, counts and structure problems",
			workspaceFlags | logFlags, (*cli).structure, true},
		{"lint", "lint [flags] FILE...", "style and structure findings, like a compiler; exit 1 on findings at or above --fail-on",
			workspaceFlags | logFlags, (*cli).lint, true},
		{"prompts", "prompts [flags]", "list the prompts, their arguments and the file each comes from",
			workspaceFlags | promptFlags | logFlags, (*cli).listPrompts, false},
		{"prompt", "prompt [flags] NAME [VALUE... | key=value...]", "render a prompt to stdout, as an agent would receive it",
			workspaceFlags | promptFlags | logFlags, (*cli).renderPrompt, true},
		{"check", "check [flags] [DIR|FILE...]", "validate template files and house styles (default: every source the server loads, and the workspace's styles); exit 1 on errors",
			workspaceFlags | promptFlags | logFlags, (*cli).check, false},
		{"new", "new [flags] NAME", "write a commented starter template for /NAME into .speedgrapher/prompts (or --dir DIR)",
			workspaceFlags | promptFlags | logFlags, (*cli).newTemplate, true},
		{"call", "call [flags] TOOL [JSON|-]", "run a tool and print its structured result as JSON, as an agent receives it",
			workspaceFlags | logFlags, (*cli).call, false},
		{"rules", "rules [flags] [RULE]", "list the lint rules, or explain one: what it flags, why, its fix, how to turn it off",
			logFlags, (*cli).rules, false},
		{"lsp", "lsp [flags]", "serve the Language Server Protocol on stdio, for an editor: diagnostics, quick fixes, hover, outline",
			workspaceFlags | logFlags, (*cli).lsp, false},
		{"version", "version", "print the version", 0, (*cli).version, false},
	}
}

func lookupCommand(name string) (command, bool) {
	for _, c := range commands {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

func commandNames() []string {
	names := make([]string, len(commands))
	for i, c := range commands {
		names[i] = c.name
	}
	return names
}

// cli holds what every subcommand shares: streams and common flags.
type cli struct {
	stdin          io.Reader
	stdout, stderr io.Writer

	roots, promptDirs stringList
	logLevel          string
	verbose           bool
	maxLineBytes      int
	drainTimeout      time.Duration
	httpAddr          string
	stateless         bool
	requireToken      bool
	maxToolCalls      int
	sessionTimeout    time.Duration
	maxSessions       int
	log               *slog.Logger
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := &cli{stdin: stdin, stdout: stdout, stderr: stderr}
	// Common flags may come before the subcommand name; each command then
	// checks that it takes the ones given.
	top := c.flagSet("speedgrapher", workspaceFlags|promptFlags|logFlags|serverFlags)
	showVersion := top.Bool("version", false, "print the version and exit")
	top.Usage = func() {} // the flag package has said what is wrong; the full usage would bury it
	if err := top.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			c.usage(stdout)
			return 0
		}
		fmt.Fprintln(stderr, "run speedgrapher --help for the commands and flags")
		return exitUsage
	}
	if *showVersion {
		return c.version(nil)
	}
	args = top.Args()
	name := "serve"
	if len(args) > 0 {
		name, args = args[0], args[1:]
	}
	if name == "help" {
		if len(args) == 0 {
			c.usage(stdout)
			return 0
		}
		name, args = args[0], []string{"--help"}
	}
	cmd, ok := lookupCommand(name)
	if !ok {
		return c.usageError("unknown command %q%s", name, hint(name, commandNames(), "run speedgrapher --help for the list"))
	}
	var wrong []string
	top.Visit(func(f *flag.Flag) {
		if f.Name != "version" && flagGroupOf(f.Name)&cmd.flags == 0 {
			wrong = append(wrong, "--"+f.Name)
		}
	})
	if len(wrong) > 0 {
		return c.usageError("%s does not take %s; run speedgrapher %s --help for its flags", name, strings.Join(wrong, ", "), name)
	}
	if cmd.ownFlags {
		return cmd.run(c, args) // it parses its flags, then calls setLogger
	}
	fs := c.flagSet("speedgrapher "+name, cmd.flags)
	positional, status, ok := c.parseCommandLine(fs, args, cmd.name == "serve", func(w io.Writer) { c.commandUsage(w, fs, cmd) })
	if !ok {
		return status
	}
	return cmd.run(c, positional)
}

// parseCommandLine parses a command's flags wherever they stand among its
// arguments and sets up logging. On --help it prints usage to stdout; on a
// bad flag, the flag package's one-line error and a hint, never the whole
// usage. ok is false when the command must stop with status.
func (c *cli) parseCommandLine(fs *flag.FlagSet, args []string, serving bool, usage func(io.Writer)) (positional []string, status int, ok bool) {
	fs.Usage = func() {}
	positional, err := parseInterleaved(fs, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		usage(c.stdout)
		return nil, 0, false
	case err != nil:
		fmt.Fprintf(c.stderr, "run speedgrapher help %s for its flags\n", strings.TrimPrefix(fs.Name(), "speedgrapher "))
		return nil, exitUsage, false
	}
	if err := c.setLogger(serving); err != nil {
		return nil, c.usageError("%v", err), false
	}
	return positional, 0, true
}

// commandUsage prints a command's help: usage line, what it does, its flags,
// and what the command itself adds (the prompts for prompt, the tools for call).
func (c *cli) commandUsage(w io.Writer, fs *flag.FlagSet, cmd command) {
	fmt.Fprintf(w, "Usage: speedgrapher %s\n\n%s.\n", cmd.usage, capitalize(cmd.short))
	if hasFlags(fs) {
		fmt.Fprintf(w, "\nFlags:\n")
		fs.SetOutput(w)
		fs.PrintDefaults()
	}
	switch cmd.name {
	case "prompt":
		c.listPromptNames(w)
	case "call":
		c.listTools(w)
	}
}

func hasFlags(fs *flag.FlagSet) bool {
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	return n > 0
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

// flagGroupOf says which group a common flag belongs to.
func flagGroupOf(name string) flagGroup {
	switch name {
	case "root":
		return workspaceFlags
	case "prompts":
		return promptFlags
	case "log-level", "v":
		return logFlags
	}
	return serverFlags
}

// flagSet returns a flag set with the common flags of groups, bound to c so
// that values given before and after the subcommand name add up.
func (c *cli) flagSet(name string, groups flagGroup) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(c.stderr)
	if groups&workspaceFlags != 0 {
		fs.Var(&c.roots, "root", "workspace `directory` (repeatable; default the current directory)")
	}
	if groups&promptFlags != 0 {
		fs.Var(&c.promptDirs, "prompts", "`directory` of more templates, overriding shipped ones by name (repeatable)")
	}
	if groups&logFlags != 0 {
		// Func flags, unlike StringVar, do not reset the value to a default
		// when the second flag set is made.
		fs.Func("log-level", "log `level` on stderr: debug, info, warn or error (default: warn for the server, error for other commands)", func(v string) error {
			c.logLevel = v
			return nil
		})
		fs.BoolFunc("v", "verbose: log what the command does on stderr (--log-level info)", func(string) error {
			c.verbose = true
			return nil
		})
	}
	if groups&serverFlags != 0 {
		c.serverFlags(fs)
	}
	return fs
}

// serverFlags adds the flags that only the server takes.
func (c *cli) serverFlags(fs *flag.FlagSet) {
	fs.Func("max-line-bytes", "longest stdio message accepted, in `bytes` (default 16 MiB)", positive(&c.maxLineBytes, "a positive number of bytes"))
	fs.Func("drain-timeout", "after stdin closes, wait this `long` for requests still running, e.g. 1m, then answer them with an error and exit 1 (default 30s)", func(v string) error {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return fmt.Errorf("want a positive duration such as 30s or 2m")
		}
		c.drainTimeout = d
		return nil
	})
	fs.Func("max-tool-calls", "at most this many tool `calls` run at once, across sessions; more wait their turn (default two per CPU)", positive(&c.maxToolCalls, "a positive number"))
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
	fs.Func("max-sessions", "with --http: keep at most this many `sessions` at once; more get 503 (default 500)", positive(&c.maxSessions, "a positive number"))
	fs.Func("http", "serve MCP over streamable HTTP at `ADDR`/mcp instead of stdio (a bare port binds 127.0.0.1)", func(v string) error {
		c.httpAddr = v
		return nil
	})
	fs.BoolFunc("stateless", "with --http: keep no session state, for replicas behind a load balancer", func(v string) error {
		b, err := strconv.ParseBool(v)
		c.stateless = b
		return err
	})
	fs.BoolFunc("require-token", "with --http: refuse to start unless SPEEDGRAPHER_TOKEN is set", func(v string) error {
		b, err := strconv.ParseBool(v)
		c.requireToken = b
		return err
	})
}

// positive is a flag function that sets dst to a positive integer, or says
// it wants one (what names it: "a positive number of bytes").
func positive(dst *int, what string) func(string) error {
	return func(v string) error {
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 {
			return fmt.Errorf("want %s", what)
		}
		*dst = n
		return nil
	}
}

// setLogger makes the logger for the command: the server logs as structured
// lines at --log-level (default warn). Every other command prints what the
// writer must act on itself, once, as its own message, so its log is silent
// unless -v (info) or --log-level asks, and then one plain line a record.
func (c *cli) setLogger(serving bool) error {
	level, plain := slog.LevelError+4, true // nothing: the command says it
	if serving {
		level, plain = slog.LevelWarn, false
	}
	if c.verbose {
		level = slog.LevelInfo
	}
	if c.logLevel != "" {
		l, err := parseLevel(c.logLevel)
		if err != nil {
			return err
		}
		level = l
	}
	if plain {
		c.log = slog.New(&plainHandler{w: c.stderr, level: level, mu: new(sync.Mutex)})
	} else {
		c.log = slog.New(slog.NewTextHandler(c.stderr, &slog.HandlerOptions{Level: level}))
	}
	return nil
}

func (c *cli) usage(w io.Writer) {
	fmt.Fprintf(w, "Speedgrapher is a writing assistant that speaks MCP.\n\nUsage:\n")
	for _, cmd := range commands {
		fmt.Fprintf(w, "  speedgrapher %-46s %s\n", cmd.usage, cmd.short)
	}
	fmt.Fprintf(w, "  speedgrapher %-46s %s\n", "help COMMAND", "a command's flags and what it takes")
	fmt.Fprintf(w, "\nRun with no command, speedgrapher serves MCP over stdio: that is how agents start it.\n")
	fmt.Fprintf(w, "Run speedgrapher help COMMAND (or COMMAND --help) for the flags each command takes.\n")
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
