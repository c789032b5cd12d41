package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/speedgrapher/speedgrapher/internal/config"
	"github.com/speedgrapher/speedgrapher/internal/server"
	"github.com/speedgrapher/speedgrapher/internal/style"
	"github.com/speedgrapher/speedgrapher/internal/typo"
	"github.com/speedgrapher/speedgrapher/prompts"
)

func (c *cli) options() (server.Options, error) {
	loc, err := c.locations()
	if err != nil {
		return server.Options{}, err
	}
	return server.Options{Roots: loc.Roots, PromptDirs: loc.PromptDirs, Home: loc.Home, ConfigHome: loc.ConfigHome, WorkDir: loc.WorkDir,
		Logger: c.log, NoTools: bare, NoPrompts: bare, MaxToolCalls: c.maxToolCalls}, nil
}

func (c *cli) httpOptions() server.HTTPOptions {
	// The token is read from the environment, never a flag, so it does not show in ps.
	return server.HTTPOptions{Addr: c.httpAddr, Stateless: c.stateless, Token: os.Getenv("SPEEDGRAPHER_TOKEN"),
		Logger: c.log, SessionTimeout: c.sessionTimeout, MaxSessions: c.maxSessions}
}

func (c *cli) fail(format string, args ...any) int {
	fmt.Fprintf(c.stderr, "speedgrapher: "+format+"\n", args...)
	return 1
}

// serve runs the MCP server over stdin and stdout until stdin closes, or
// over HTTP with --http.
func (c *cli) serve(args []string) int {
	if len(args) > 0 {
		return c.usageError("serve takes no arguments, got %q%s", args[0], hint(args[0], commandNames(), "run speedgrapher --help for the commands"))
	}
	token := os.Getenv("SPEEDGRAPHER_TOKEN")
	if c.httpAddr != "" && token == "" {
		if c.requireToken {
			return c.usageError("--require-token: SPEEDGRAPHER_TOKEN is not set; set it to the bearer token clients must send")
		}
		if !isLoopback(server.ListenAddr(c.httpAddr)) {
			fmt.Fprintf(c.stderr, "speedgrapher: warning: serving %s to the network with no token: anyone who can reach it can read the workspace; set SPEEDGRAPHER_TOKEN (and --require-token to make this an error)\n", c.httpAddr)
		}
	}
	ctx, stop := signalContext()
	defer stop()
	opts, err := c.options()
	if err != nil {
		return c.fail("%v", err)
	}
	opts.Watch = ctx // reload prompts when their files change, until the server stops
	// Over stdio the one client is the writer's own editor: its roots may
	// name the project. Over HTTP any process that reaches the port is a
	// client: its roots may only narrow --root or the current directory.
	opts.FollowClientRoots = c.httpAddr == ""
	opts.TrustClientRoots = c.httpAddr == ""
	srv, err := server.NewServer(opts)
	if err != nil {
		return c.fail("%v", err)
	}
	if c.httpAddr != "" {
		opts := c.httpOptions()
		ready := func(addr string) {
			fmt.Fprintf(c.stderr, "speedgrapher: serving MCP at http://%s/mcp\n", shownAddr(server.ListenAddr(c.httpAddr), addr))
		}
		if err := server.ServeHTTP(ctx, srv, opts, ready); err != nil {
			return c.fail("%v", err)
		}
		return 0
	}
	if isTerminal(c.stdin) {
		fmt.Fprintf(c.stderr, "speedgrapher: serving MCP over stdio: waiting for JSON-RPC messages from an agent on stdin (Ctrl-D ends).\n"+
			"speedgrapher: to use it yourself, try: speedgrapher readability FILE, speedgrapher lint FILE, speedgrapher --help\n")
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

// shownAddr is the address to print: the host as typed (0.0.0.0 stays
// 0.0.0.0, not [::]) with the port the listener got (a typed :0 becomes the
// real port).
func shownAddr(typed, bound string) string {
	host, _, err := net.SplitHostPort(typed)
	_, port, err2 := net.SplitHostPort(bound)
	if err != nil || err2 != nil {
		return bound
	}
	return net.JoinHostPort(host, port)
}

// isLoopback reports whether addr (host:port) listens on this machine only.
func isLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// isTerminal reports whether r is a terminal (a character device), where a
// person, not an agent, is typing.
func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
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
	srcs, err := c.promptSources()
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
// prints its messages, with role markers when there are several. Arguments
// come as name=value, --name=value or --name value, or as bare values bound
// in the order the prompt declares them; a prompt with one argument takes
// the rest of the line as its value.
func (c *cli) renderPrompt(args []string) int {
	fs := c.flagSet("speedgrapher prompt", workspaceFlags|promptFlags|logFlags)
	cmd, _ := lookupCommand("prompt")
	// Our own flags are parsed; any other --name=value is a prompt argument.
	ours, args := splitFlags(fs, args)
	if _, status, ok := c.parseCommandLine(fs, ours, false, func(w io.Writer) { c.commandUsage(w, fs, cmd) }); !ok {
		return status
	}
	if len(args) == 0 {
		return c.usageError("prompt needs a prompt name; run speedgrapher prompts for the list")
	}
	name, words := strings.TrimPrefix(args[0], "/"), args[1:]
	return c.withSession(func(ctx context.Context, s *mcp.ClientSession) int {
		p, status := c.findPrompt(ctx, s, name)
		if p == nil {
			return status
		}
		values, err := bindArguments(p, words)
		if err != nil {
			return c.usageError("%v", err)
		}
		res, err := s.GetPrompt(ctx, &mcp.GetPromptParams{Name: name, Arguments: values})
		if err != nil {
			return c.usageError("%s", protocolMessage(err))
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

// splitFlags separates the flags fs defines (with their values) from the
// other words, keeping each side in order. "--" ends the flags.
func splitFlags(fs *flag.FlagSet, args []string) (flags, rest []string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return flags, append(rest, args[i+1:]...)
		}
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		f := fs.Lookup(name)
		if !strings.HasPrefix(a, "-") || a == "-" || (f == nil && name != "help" && name != "h") {
			rest = append(rest, a)
			continue
		}
		flags = append(flags, a)
		if f == nil || hasValue {
			continue
		}
		if bf, ok := f.Value.(interface{ IsBoolFlag() bool }); !(ok && bf.IsBoolFlag()) && i+1 < len(args) {
			i++
			flags = append(flags, args[i])
		}
	}
	return flags, rest
}

// findPrompt returns the prompt called name from the server's list, or
// reports it unknown (with the nearest name, and the load error of a file of
// that name when it is broken) and returns the exit status.
func (c *cli) findPrompt(ctx context.Context, s *mcp.ClientSession, name string) (*mcp.Prompt, int) {
	var names []string
	for p, err := range s.Prompts(ctx, nil) {
		if err != nil {
			return nil, c.fail("listing prompts: %s", protocolMessage(err))
		}
		if p.Name == name {
			return p, 0
		}
		names = append(names, p.Name)
	}
	if srcs, err := c.promptSources(); err == nil {
		_, diags := prompts.Load(srcs...)
		for _, d := range diags {
			base := strings.TrimSuffix(filepath.Base(d.File), filepath.Ext(d.File))
			if base == name && !d.Warning {
				return nil, c.usageError("prompt %q is not loaded: %s", name, d)
			}
		}
	}
	return nil, c.usageError("unknown prompt %q%s", name, hint(name, names, "run speedgrapher prompts for the list"))
}

// bindArguments turns the words after a prompt's name into its arguments.
func bindArguments(p *mcp.Prompt, words []string) (map[string]string, error) {
	declared := make([]string, len(p.Arguments))
	for i, a := range p.Arguments {
		declared[i] = a.Name
	}
	values := map[string]string{}
	var bare []string
	for i := 0; i < len(words); i++ {
		w := words[i]
		dashed := strings.HasPrefix(w, "-") && w != "-"
		key, value, hasValue := strings.Cut(strings.TrimLeft(w, "-"), "=")
		switch {
		case dashed && !hasValue && slices.Contains(declared, key) && i+1 < len(words):
			i++
			values[key] = words[i]
		case dashed && !hasValue:
			return nil, fmt.Errorf("%s needs a value: --%s=VALUE or %s=VALUE", w, key, key)
		case hasValue && slices.Contains(declared, key):
			values[key] = value
		case dashed || hasValue && isIdentifier(key):
			hint := typo.DidYouMean(key, declared)
			if hint == "" {
				hint = fmt.Sprintf("; /%s takes %s", p.Name, takes(declared))
			}
			return nil, fmt.Errorf("unknown argument %q%s", key, hint)
		default:
			bare = append(bare, w)
		}
	}
	if len(bare) == 0 {
		return values, nil
	}
	var free []string // declared arguments not given by name, in order
	for _, d := range declared {
		if _, ok := values[d]; !ok {
			free = append(free, d)
		}
	}
	switch {
	case len(free) == 0:
		return nil, fmt.Errorf("%q has no argument left to bind to; /%s takes %s", bare[0], p.Name, takes(declared))
	case len(declared) == 1:
		values[free[0]] = strings.Join(bare, " ") // the one argument takes the rest of the line
	case len(bare) > len(free):
		return nil, fmt.Errorf("too many values: /%s takes %s; quote a value that has spaces", p.Name, takes(declared))
	default:
		for i, v := range bare {
			values[free[i]] = v
		}
	}
	return values, nil
}

// hint ends an "unknown X" message: the nearest name, or else what to run.
func hint(word string, names []string, otherwise string) string {
	if h := typo.DidYouMean(word, names); h != "" {
		return h
	}
	return "; " + otherwise
}

func takes(declared []string) string {
	if len(declared) == 0 {
		return "no arguments"
	}
	return strings.Join(declared, ", ") + ", in that order"
}

func isIdentifier(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// listPromptNames is the part of prompt --help that lists the prompts.
func (c *cli) listPromptNames(w io.Writer) {
	srcs, err := c.promptSources()
	if err != nil {
		return
	}
	lib, _ := prompts.Load(srcs...)
	fmt.Fprintf(w, "\nPrompts (speedgrapher prompts describes each):\n")
	for _, t := range lib.Templates() {
		var args []string
		for _, a := range t.Arguments {
			args = append(args, a.Name)
		}
		fmt.Fprintf(w, "  %-20s %s\n", t.Name, strings.Join(args, " "))
	}
}

// listTools is the part of call --help that lists the tools and their keys.
func (c *cli) listTools(w io.Writer) {
	c.withSession(func(ctx context.Context, s *mcp.ClientSession) int {
		fmt.Fprintf(w, "\nTools and their argument keys:\n")
		for t, err := range s.Tools(ctx, nil) {
			if err != nil {
				return 1
			}
			fmt.Fprintf(w, "  %s\n", t.Name)
			var schema struct {
				Properties map[string]struct {
					Description string `json:"description"`
				} `json:"properties"`
			}
			raw, _ := json.Marshal(t.InputSchema)
			_ = json.Unmarshal(raw, &schema)
			keys := make([]string, 0, len(schema.Properties))
			for k := range schema.Properties {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			for _, k := range keys {
				fmt.Fprintf(w, "    %-10s %s\n", k, schema.Properties[k].Description)
			}
		}
		fmt.Fprintf(w, "\nExample: speedgrapher call readability '{\"path\":\"post.md\"}'\n")
		return 0
	})
}

// check validates template files and prints each problem as file:line:
// message. An argument may be a directory or one template file (its
// directory is read, for partials, and only its problems are shown).
func (c *cli) check(args []string) int {
	var srcs []prompts.Source
	var styleProblems []error
	if len(args) == 0 {
		var err error
		if srcs, err = c.promptSources(); err != nil {
			return c.usageError("%v", err)
		}
		if styleProblems, err = c.checkHouse(""); err != nil {
			return c.usageError("check: %v", err)
		}
	}
	only := map[string]bool{}
	var templateArgs []string
	for _, arg := range args {
		switch strings.ToLower(filepath.Ext(arg)) {
		case ".ini":
			problems, err := c.checkHouse(arg)
			if err != nil {
				return c.usageError("check: %v", err)
			}
			styleProblems = append(styleProblems, problems...)
			continue
		case ".yml", ".yaml":
			data, err := os.ReadFile(arg)
			if err != nil {
				return c.usageError("check: %v", err)
			}
			name := filepath.Base(filepath.Dir(arg)) + "." + strings.TrimSuffix(filepath.Base(arg), filepath.Ext(arg))
			if _, err := style.ParseRule(name, arg, data, nil); err != nil {
				styleProblems = append(styleProblems, err)
			}
			continue
		}
		templateArgs = append(templateArgs, arg)
	}
	if len(args) > 0 && len(templateArgs) == 0 {
		srcs = nil
	}
	for _, arg := range templateArgs {
		fi, err := os.Stat(arg)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return c.usageError("check: %q does not exist; pass a directory of templates or a template file", arg)
		case err != nil:
			return c.usageError("check: %v", err)
		case fi.IsDir():
			srcs = append(srcs, checkSource(arg))
		default:
			srcs = append(srcs, checkSource(filepath.Dir(arg)))
			only[filepath.Clean(arg)] = true
		}
	}
	errs, warns := 0, 0
	for _, p := range styleProblems {
		fmt.Fprintln(c.stdout, p.Error())
		errs++
	}
	for _, d := range prompts.Check(srcs...) {
		if len(only) > 0 && !only[filepath.Clean(d.File)] {
			continue
		}
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

// checkHouse validates the house styles and vocabularies: those of the
// Vale configuration ini, or, for "", those the workspace finds (its
// .vale.ini, $VALE_CONFIG_PATH, or the styles .speedgrapher.yaml names).
func (c *cli) checkHouse(ini string) ([]error, error) {
	root := "."
	if len(c.roots) > 0 {
		root = c.roots[0]
	}
	var base *config.Config
	if ini == "" {
		data, err := os.ReadFile(filepath.Join(root, config.FileName))
		if err == nil {
			if base, err = config.Parse(filepath.Join(root, config.FileName), data); err != nil {
				return []error{err}, nil
			}
		}
	}
	return config.CheckHouse(config.HouseSource{Root: root, ValeConfig: ini, Getenv: os.Getenv}, base)
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
		var names []string
		for t, err := range s.Tools(ctx, nil) {
			if err != nil {
				return c.fail("listing tools: %s", protocolMessage(err))
			}
			names = append(names, t.Name)
		}
		if !slices.Contains(names, args[0]) {
			return c.usageError("unknown tool %q%s", args[0], hint(args[0], names, "run speedgrapher help call for the tools"))
		}
		res, err := s.CallTool(ctx, &mcp.CallToolParams{Name: args[0], Arguments: arguments})
		if err != nil {
			return c.usageError("%s", protocolMessage(err))
		}
		if res.IsError {
			return c.usageError("%s", textOf(res.Content))
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
	opts, err := c.options()
	if err != nil {
		return c.fail("%v", err)
	}
	srv, err := server.NewServer(opts)
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
