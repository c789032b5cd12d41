package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/speedgrapher/speedgrapher/internal/server"
	"github.com/speedgrapher/speedgrapher/prompts"
)

func (c *cli) options() server.Options {
	return server.Options{Roots: c.roots, PromptDirs: c.promptDirs, Logger: c.log, NoTools: bare, NoPrompts: bare, MaxToolCalls: c.maxToolCalls}
}

func (c *cli) httpOptions() server.HTTPOptions {
	return server.HTTPOptions{Addr: c.httpAddr, Stateless: c.stateless, Token: os.Getenv("SPEEDGRAPHER_TOKEN"),
		Logger: c.log, SessionTimeout: c.sessionTimeout}
}

func (c *cli) fail(format string, args ...any) int {
	fmt.Fprintf(c.stderr, "speedgrapher: "+format+"\n", args...)
	return 1
}

// serve runs the MCP server over stdin and stdout until stdin closes.
func (c *cli) serve(args []string) int {
	if len(args) > 0 {
		return c.usageError("serve takes no arguments, got %q", args[0])
	}
	ctx, stop := signalContext()
	defer stop()
	opts := c.options()
	opts.Watch = ctx                          // reload prompts when their files change, until the server stops
	opts.FollowClientRoots = c.httpAddr == "" // one client: its roots may name the project
	srv, err := server.NewServer(opts)
	if err != nil {
		return c.fail("%v", err)
	}
	if c.httpAddr != "" {
		opts := c.httpOptions()
		ready := func(addr string) { fmt.Fprintf(c.stderr, "speedgrapher: serving MCP at http://%s/mcp\n", addr) }
		if err := server.ServeHTTP(ctx, srv, opts, ready); err != nil {
			return c.fail("%v", err)
		}
		return 0
	}
	t := &server.LineTransport{In: c.stdin, Out: c.stdout, MaxLineBytes: c.maxLineBytes, DrainTimeout: c.drainTimeout, Logger: c.log}
	abandoned, err := server.ServeStdio(ctx, srv, t)
	if err != nil && !errors.Is(err, context.Canceled) {
		return c.fail("%v", err)
	}
	if abandoned > 0 {
		return c.fail("stdin closed; abandoned %s still running after the drain (each was answered with an error); raise --drain-timeout to wait longer",
			plural(abandoned, "request"))
	}
	return 0
}

func (c *cli) usageError(format string, args ...any) int {
	fmt.Fprintf(c.stderr, "speedgrapher: "+format+"\n", args...)
	return exitUsage
}

// listPrompts prints every prompt with its arguments and the file it comes from.
func (c *cli) listPrompts(args []string) int {
	if len(args) > 0 {
		return c.usageError("prompts takes no arguments, got %q", args[0])
	}
	srcs, err := server.PromptSources(c.roots, c.promptDirs)
	if err != nil {
		return c.fail("%v", err)
	}
	lib, diags := prompts.Load(srcs...)
	for _, d := range diags {
		fmt.Fprintln(c.stderr, d.String())
	}
	for i, t := range lib.Templates() {
		if i > 0 {
			fmt.Fprintln(c.stdout)
		}
		fmt.Fprintf(c.stdout, "/%s", t.Name)
		if t.Title != "" {
			fmt.Fprintf(c.stdout, " — %s", t.Title)
		}
		fmt.Fprintf(c.stdout, "\n    %s\n    file: %s (%s)\n", t.Description, t.File, t.Origin)
		for _, o := range t.Overrides {
			fmt.Fprintf(c.stdout, "    overrides: %s\n", o)
		}
		for _, a := range t.Arguments {
			fmt.Fprintf(c.stdout, "    %s (%s): %s\n", a.Name, argumentKind(a), a.Description)
		}
	}
	return 0
}

// argumentKind says in a few words what an argument accepts.
func argumentKind(a prompts.Argument) string {
	var parts []string
	if a.Required {
		parts = append(parts, "required")
	} else {
		parts = append(parts, "optional")
	}
	if a.Default != "" {
		parts = append(parts, "default "+a.Default)
	}
	if len(a.Values) > 0 {
		parts = append(parts, "one of "+strings.Join(a.Values, ", "))
	}
	if a.Complete != "" {
		parts = append(parts, "completes "+a.Complete)
	}
	return strings.Join(parts, "; ")
}

// renderPrompt renders a prompt through the same server an agent talks to and
// prints its messages, with role markers when there are several.
func (c *cli) renderPrompt(args []string) int {
	if len(args) == 0 {
		return c.usageError("prompt needs a prompt name; run speedgrapher prompts for the list")
	}
	name, pairs := args[0], args[1:]
	values := map[string]string{}
	for _, p := range pairs {
		k, v, ok := strings.Cut(p, "=")
		if !ok || k == "" {
			return c.usageError("argument %q is not key=value; quote a value that has spaces, as in topic=\"code review\"", p)
		}
		values[k] = v
	}
	return c.withSession(func(ctx context.Context, s *mcp.ClientSession) int {
		res, err := s.GetPrompt(ctx, &mcp.GetPromptParams{Name: name, Arguments: values})
		if err != nil {
			return c.fail("%s", protocolMessage(err))
		}
		several := len(res.Messages) > 1
		for i, m := range res.Messages {
			if i > 0 {
				fmt.Fprintln(c.stdout)
			}
			if several {
				fmt.Fprintf(c.stdout, "<!-- %s -->\n", m.Role)
			}
			switch content := m.Content.(type) {
			case *mcp.TextContent:
				fmt.Fprintln(c.stdout, content.Text)
			case *mcp.EmbeddedResource:
				r := content.Resource
				fmt.Fprintf(c.stdout, "<!-- resource %s (%s) -->\n%s\n", r.URI, r.MIMEType, strings.TrimRight(r.Text, "\n"))
			}
		}
		return 0
	})
}

// check validates template files and prints each problem as file:line: message.
func (c *cli) check(args []string) int {
	var srcs []prompts.Source
	if len(args) == 0 {
		var err error
		if srcs, err = server.PromptSources(c.roots, c.promptDirs); err != nil {
			return c.fail("%v", err)
		}
	}
	for _, dir := range args {
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
			return c.usageError("check: %q is not a directory of templates", dir)
		}
		srcs = append(srcs, checkSource(dir))
	}
	errs, warns := 0, 0
	for _, d := range prompts.Check(srcs...) {
		fmt.Fprintln(c.stdout, d.String())
		if d.Warning {
			warns++
		} else {
			errs++
		}
	}
	if errs > 0 || warns > 0 {
		fmt.Fprintf(c.stderr, "%s, %s\n", plural(errs, "error"), plural(warns, "warning"))
	}
	if errs > 0 {
		return 1
	}
	return 0
}

// checkSource reads dir as the format its path says: a .claude/commands or
// .gemini/commands directory (or one inside them) holds commands written for
// those agents; anything else holds speedgrapher templates.
func checkSource(dir string) prompts.Source {
	src := prompts.Source{FS: os.DirFS(dir), Label: dir, Kind: "checked directory"}
	abs, _ := filepath.Abs(dir)
	slash := filepath.ToSlash(abs) + "/"
	switch {
	case strings.Contains(slash, "/.claude/commands/"):
		src.Format = prompts.FormatClaude
	case strings.Contains(slash, "/.gemini/commands/"):
		src.Format = prompts.FormatGemini
	}
	return src
}

// call runs one tool through the server and prints its structured result.
func (c *cli) call(args []string) int {
	if len(args) == 0 || len(args) > 2 {
		return c.usageError("call needs a tool name and, optionally, JSON arguments (or - to read them from stdin)")
	}
	raw := []byte("{}")
	if len(args) == 2 {
		raw = []byte(args[1])
		if args[1] == "-" {
			var err error
			if raw, err = io.ReadAll(c.stdin); err != nil {
				return c.fail("reading arguments from stdin: %v", err)
			}
		}
	}
	var arguments map[string]any
	if err := json.Unmarshal(raw, &arguments); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) {
			return c.usageError(`tool arguments must be a JSON object such as '{"path":"post.md"}', not a JSON %s`, typeErr.Value)
		}
		return c.usageError(`tool arguments must be a JSON object such as '{"path":"post.md"}': %v`, err)
	}
	return c.withSession(func(ctx context.Context, s *mcp.ClientSession) int {
		res, err := s.CallTool(ctx, &mcp.CallToolParams{Name: args[0], Arguments: arguments})
		if err != nil {
			return c.fail("%s", protocolMessage(err))
		}
		if res.IsError {
			return c.fail("%s", textOf(res.Content))
		}
		out := res.StructuredContent
		if out == nil {
			fmt.Fprintln(c.stdout, textOf(res.Content))
			return 0
		}
		data, err := json.MarshalIndent(out, "", "  ")
		if err != nil {
			return c.fail("printing the result: %v", err)
		}
		fmt.Fprintf(c.stdout, "%s\n", data)
		return 0
	})
}

// withSession starts the server in memory, connects a client to it, and
// runs f with the client session: the CLI sees exactly what an agent sees.
func (c *cli) withSession(f func(context.Context, *mcp.ClientSession) int) int {
	ctx, stop := signalContext()
	defer stop()
	srv, err := server.NewServer(c.options())
	if err != nil {
		return c.fail("%v", err)
	}
	st, ct := inMemoryTransports()
	ss, err := srv.Connect(ctx, st, nil)
	if err != nil {
		return c.fail("starting the server: %v", err)
	}
	defer ss.Close()
	client := mcp.NewClient(&mcp.Implementation{Name: "speedgrapher-cli", Version: server.Version}, nil)
	cs, err := client.Connect(ctx, ct, nil)
	if err != nil {
		return c.fail("connecting to the server: %v", err)
	}
	defer cs.Close()
	return f(ctx, cs)
}

// inMemoryTransports is [mcp.NewInMemoryTransports] without its 16 MiB cap on
// one message: a lint result with 100,000 findings is larger than that, and the
// CLI must print any result its own server can produce.
func inMemoryTransports() (serverSide, clientSide mcp.Transport) {
	a, b := net.Pipe()
	return &mcp.IOTransport{Reader: a, Writer: a, MaxLineLength: -1},
		&mcp.IOTransport{Reader: b, Writer: b, MaxLineLength: -1}
}

// protocolMessage drops the SDK's "calling ...:" prefix from a JSON-RPC error.
func protocolMessage(err error) string {
	msg := err.Error()
	if _, after, ok := strings.Cut(msg, ": "); ok && strings.HasPrefix(msg, "calling ") {
		return after
	}
	return msg
}

func textOf(content []mcp.Content) string {
	var parts []string
	for _, c := range content {
		if t, ok := c.(*mcp.TextContent); ok {
			parts = append(parts, t.Text)
		}
	}
	return strings.Join(parts, "\n")
}

func (c *cli) version(args []string) int {
	sdk := "unknown"
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, d := range info.Deps {
			if d.Path == "github.com/modelcontextprotocol/go-sdk" {
				sdk = d.Version
			}
		}
	}
	fmt.Fprintf(c.stdout, "speedgrapher %s (MCP go-sdk %s)\n", server.Version, sdk)
	return 0
}

// plural says "1 error" or "2 errors".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
