package server

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/speedgrapher/speedgrapher/internal/typo"
	"github.com/speedgrapher/speedgrapher/internal/workspace"
	"github.com/speedgrapher/speedgrapher/prompts"
	"github.com/speedgrapher/speedgrapher/templates"
)

// maxCompletions is the most values one completion answer carries (the MCP limit).
const maxCompletions = 100

// PromptSources returns every source of commands, lowest precedence first; a
// later source's command replaces an earlier one of the same name:
//
//  1. the shipped templates;
//  2. Claude Code and Gemini CLI commands in the home directory
//     (~/.claude/commands, ~/.gemini/commands);
//  3. the user directory, $XDG_CONFIG_HOME/speedgrapher/prompts
//     (~/.config/speedgrapher/prompts when XDG_CONFIG_HOME is unset);
//  4. Claude Code and Gemini CLI commands in each workspace root;
//  5. the project directory, .speedgrapher/prompts in each workspace root;
//  6. each --prompts directory, in the order given.
//
// Imports sit just above what they would otherwise override least: a
// writer's personal commands from other agents above the shipped ones, a
// project's below its own speedgrapher directory. Directories that do not
// exist are kept as empty sources, so that creating one later is seen by a
// reload; a --prompts directory must exist. Empty roots mean the current
// directory. A directory reached twice (a root that is also the home
// directory) keeps its higher place only. Sources 4 and 5 come with the
// repository, so they are confined to their root: a symlink out of it is
// not read (prompts.Source.Confine).
func PromptSources(roots, promptDirs []string) ([]prompts.Source, error) {
	wd, err := os.Getwd()
	if err != nil {
		return nil, fmt.Errorf("find the current directory: %w", err)
	}
	if len(roots) == 0 {
		roots = []string{wd}
	}
	home, _ := os.UserHomeDir() // none: no home sources
	config := os.Getenv("XDG_CONFIG_HOME")
	if !filepath.IsAbs(config) && home != "" {
		config = filepath.Join(home, ".config")
	}

	srcs := []prompts.Source{{FS: templates.FS, Label: "templates", Kind: "shipped"}}
	// dir adds a directory source; personal ones are labelled from "~".
	// Those of a workspace root are confined to it.
	confine := ""
	dir := func(path, label string, format prompts.Format, kind string, personal bool) {
		abs, err := filepath.Abs(path)
		if err != nil {
			return
		}
		switch {
		case label != "":
		case personal && home != "":
			label = displayDir(abs, home, "~")
		default:
			label = displayDir(abs, wd, "")
		}
		srcs = append(srcs, prompts.Source{FS: os.DirFS(abs), Label: label, Format: format, Kind: kind, Dir: abs, Confine: confine})
	}
	imports := func(base, where string, personal bool) {
		dir(filepath.Join(base, ".claude", "commands"), "", prompts.FormatClaude, "Claude Code commands ("+where+")", personal)
		dir(filepath.Join(base, ".gemini", "commands"), "", prompts.FormatGemini, "Gemini CLI commands ("+where+")", personal)
	}
	if home != "" {
		imports(home, "home", true)
	}
	if config != "" {
		dir(filepath.Join(config, "speedgrapher", "prompts"), "", prompts.FormatTemplate, "user directory", true)
	}
	for _, r := range roots {
		confine = realDir(r)
		imports(r, "workspace", false)
	}
	for _, r := range roots {
		confine = realDir(r)
		dir(filepath.Join(r, ".speedgrapher", "prompts"), "", prompts.FormatTemplate, "project directory", false)
	}
	confine = ""
	for _, d := range promptDirs {
		if fi, err := os.Stat(d); err != nil || !fi.IsDir() {
			return nil, fmt.Errorf("prompts directory %q is not a directory; pass a directory of templates to --prompts", d)
		}
		dir(d, d, prompts.FormatTemplate, "--prompts", false)
	}

	// Keep the last of any directory listed twice.
	last := map[string]int{}
	for i, s := range srcs {
		if s.Dir != "" {
			last[s.Dir] = i
		}
	}
	out := srcs[:0]
	for i, s := range srcs {
		if s.Dir == "" || last[s.Dir] == i {
			out = append(out, s)
		}
	}
	return out, nil
}

// realDir is dir made absolute with its symlinks resolved, or as given
// when it cannot be (it does not exist: nothing will be read from it).
func realDir(dir string) string {
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		return real
	}
	return dir
}

// displayDir names a directory for messages: relative to base, after
// prefix, when inside base ("~/.claude/commands", ".speedgrapher/prompts"),
// else absolute.
func displayDir(abs, base, prefix string) string {
	rel, err := filepath.Rel(base, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return abs
	}
	return filepath.Join(prefix, rel)
}

// promptSet adapts the template library to MCP prompts and keeps the
// server's prompt list in step with the files.
type promptSet struct {
	ws         *workspace.Workspace
	log        *slog.Logger
	srv        *mcp.Server
	promptDirs []string // --prompts, the last sources whatever the roots

	sources atomic.Pointer[[]prompts.Source] // replaced whole when the roots change
	roots   []string                         // the roots sources was made for; guarded by mu
	resync  chan struct{}                    // tells the watcher that sources changed

	lib    atomic.Pointer[prompts.Library] // the library in use; replaced whole on reload
	edited atomic.Bool                     // a reload has changed the lists since the first load
	mu     sync.Mutex                      // serialises reloads
	logged map[string]bool                 // what the last load logged, so that a reload logs only news
}

// load reads the sources and publishes the result: at start every command,
// on reload what changed. A file that no longer loads keeps its last good
// version (prompts.Library.Reload). It returns the library now in use.
func (p *promptSet) load() *prompts.Library {
	p.mu.Lock()
	defer p.mu.Unlock()
	prev := p.lib.Load()
	var next *prompts.Library
	var diags []prompts.Diagnostic
	if prev == nil {
		next, diags = prompts.Load(p.sourceList()...)
	} else {
		next, diags = prev.Reload(p.sourceList()...)
	}
	p.report(diags, next)
	p.lib.Store(next) // before publishing: a client told of a change must find it
	p.publish(prev, next)
	return next
}

func newPromptSet(ws *workspace.Workspace, promptDirs []string, log *slog.Logger) (*promptSet, error) {
	p := &promptSet{ws: ws, log: log, promptDirs: promptDirs, roots: ws.Roots(), resync: make(chan struct{}, 1)}
	srcs, err := PromptSources(p.roots, promptDirs)
	if err != nil {
		return nil, err
	}
	p.sources.Store(&srcs)
	return p, nil
}

func (p *promptSet) sourceList() []prompts.Source { return *p.sources.Load() }

// useRoots makes the workspace sources (the project directory and imported
// commands) those of roots, the workspace a client named, and reloads the
// commands if that changed them. Before the first load it only sets them.
func (p *promptSet) useRoots(roots []string) {
	p.mu.Lock()
	if slices.Equal(roots, p.roots) {
		p.mu.Unlock()
		return
	}
	srcs, err := PromptSources(roots, p.promptDirs)
	if err != nil {
		p.mu.Unlock()
		p.log.Warn("prompt directories not changed to the client's roots", "roots", roots, "error", err)
		return
	}
	p.roots = roots
	p.sources.Store(&srcs)
	loaded := p.lib.Load() != nil
	p.mu.Unlock()
	p.log.Info("project prompt directories follow the client's roots", "roots", roots)
	select {
	case p.resync <- struct{}{}:
	default: // a resync is pending already
	}
	if loaded {
		p.load()
	}
}

// current returns the library, reloaded first when a file changed on disk
// since it was loaded: clients often ignore list-changed notifications, so a
// command is always rendered as its file is now.
func (p *promptSet) current() *prompts.Library {
	lib := p.lib.Load()
	if lib == nil || !lib.Stale() {
		return lib
	}
	p.mu.Lock()
	again := p.lib.Load() != lib || !lib.Stale() // another caller reloaded meanwhile
	p.mu.Unlock()
	if again {
		return p.lib.Load()
	}
	p.log.Debug("prompt files changed; reloading before use")
	return p.load()
}

// report logs each diagnostic and override that the previous load did not.
func (p *promptSet) report(diags []prompts.Diagnostic, lib *prompts.Library) {
	seen := map[string]bool{}
	for _, d := range diags {
		msg := d.String()
		seen[msg] = true
		switch {
		case p.logged[msg]:
		case d.Warning:
			p.log.Warn("template", "diagnostic", msg)
		default:
			p.log.Error("template not loaded", "diagnostic", msg)
		}
	}
	for _, t := range lib.Templates() {
		for _, o := range t.Overrides {
			key := "override\x00" + t.File + "\x00" + o
			seen[key] = true
			if !p.logged[key] {
				p.log.Warn("command overridden", "command", "/"+t.Name, "file", t.File, "overrides", o)
			}
		}
	}
	p.logged = seen
}

// publish updates the server's prompts and their source resources from prev
// to next; the SDK tells clients with notifications/prompts/list_changed.
// A command whose file did not change is left alone.
func (p *promptSet) publish(prev, next *prompts.Library) {
	var gone, goneURIs []string
	if prev != nil {
		for _, t := range prev.Templates() {
			if _, ok := next.Lookup(t.Name); !ok {
				gone = append(gone, t.Name)
				goneURIs = append(goneURIs, promptURIPrefix+t.Name)
			}
		}
	}
	if len(gone) > 0 {
		p.edited.Store(true)
		p.srv.RemovePrompts(gone...)
		p.srv.RemoveResources(goneURIs...)
	}
	for _, t := range next.Templates() {
		if prev != nil {
			if old, ok := prev.Lookup(t.Name); ok && old.File == t.File && old.Source == t.Source &&
				reflect.DeepEqual(mcpPrompt(old), mcpPrompt(t)) {
				continue
			}
		}
		if prev != nil {
			p.edited.Store(true)
		}
		p.srv.AddPrompt(mcpPrompt(t), p.get)
		p.srv.AddResource(promptResource(t), p.readPromptSource)
	}
}

// mcpPrompt describes a template the way prompts/list shows it.
func mcpPrompt(t *prompts.Template) *mcp.Prompt {
	args := make([]*mcp.PromptArgument, 0, len(t.Arguments))
	for _, a := range t.Arguments {
		args = append(args, &mcp.PromptArgument{
			Name:        a.Name,
			Title:       a.Title,
			Description: a.Description,
			Required:    a.Required,
		})
	}
	return &mcp.Prompt{Name: t.Name, Title: t.Title, Description: t.Description, Arguments: args}
}

func (p *promptSet) get(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	name := req.Params.Name
	t, ok := p.current().Lookup(name)
	if !ok {
		var names []string
		for _, t := range p.current().Templates() {
			names = append(names, t.Name)
		}
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: fmt.Sprintf("unknown prompt %q%s", name, typo.DidYouMean(name, names))}
	}
	msgs, err := t.RenderContext(ctx, req.Params.Arguments, p.env(ctx))
	if err != nil {
		var argErr *prompts.ArgumentError
		if errors.As(err, &argErr) {
			return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: err.Error()}
		}
		p.log.Error("rendering prompt", "prompt", name, "error", err)
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: err.Error()}
	}
	return &mcp.GetPromptResult{Description: t.Description, Messages: mcpMessages(msgs)}, nil
}

func mcpMessages(msgs []prompts.Message) []*mcp.PromptMessage {
	out := make([]*mcp.PromptMessage, 0, len(msgs))
	for _, m := range msgs {
		var c mcp.Content = &mcp.TextContent{Text: m.Text}
		if r := m.Resource; r != nil {
			c = &mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: r.URI, MIMEType: r.MIMEType, Text: r.Text}}
		}
		out = append(out, &mcp.PromptMessage{Role: mcp.Role(m.Role), Content: c})
	}
	return out
}

func (p *promptSet) complete(ctx context.Context, req *mcp.CompleteRequest) (*mcp.CompleteResult, error) {
	values := []string{}
	if ref := req.Params.Ref; ref != nil && ref.Type == "ref/prompt" && p.lib.Load() != nil {
		if t, ok := p.current().Lookup(ref.Name); ok {
			values = append(values, t.Complete(req.Params.Argument.Name, req.Params.Argument.Value, p.env(ctx))...)
		}
	}
	total := len(values)
	if total > maxCompletions {
		values = values[:maxCompletions]
	}
	return &mcp.CompleteResult{Completion: mcp.CompletionResultDetails{
		Values: values, Total: total, HasMore: total > maxCompletions,
	}}, nil
}

// env gives templates what they may read: drafts and guidelines from the
// request's workspace (the session's roots, put in ctx by the roots
// middleware), else the server's.
func (p *promptSet) env(ctx context.Context) prompts.Env {
	ws := p.workspace(ctx)
	return prompts.Env{
		ReadFile: func(path string) (string, string, error) {
			abs, data, err := ws.ReadFile(path)
			if err != nil {
				return "", "", err
			}
			return fileURI(abs), string(data), nil
		},
		Guideline: func(name string) (string, error) { return p.guideline(ctx, name) },
		ListFiles: func(prefix string) []string { return ws.MarkdownFiles(prefix, maxCompletions+1) },
	}
}

func (p *promptSet) workspace(ctx context.Context) *workspace.Workspace {
	return workspace.FromContextOr(ctx, p.ws)
}

// guidelineFiles maps a guideline name to the workspace file that replaces
// the shipped default.
var guidelineFiles = map[string]string{
	"editorial":    "EDITORIAL.md",
	"localization": "LOCALIZATION.md",
}

// guideline returns the workspace's own guideline file when it has one, read
// now so that edits apply at once, else the shipped default.
func (p *promptSet) guideline(ctx context.Context, name string) (string, error) {
	file, ok := guidelineFiles[name]
	if !ok {
		return "", fmt.Errorf("unknown guideline %q; known: editorial, localization", name)
	}
	if _, data, err := p.workspace(ctx).ReadFile(file); err == nil {
		if strings.TrimSpace(string(data)) != "" {
			return string(data), nil
		}
		// An empty file is more likely a mistake (a shell redirection made
		// it) than a wish for no guidelines: say so and use the default.
		p.log.Warn("guideline file is empty; using the shipped default", "file", file)
	} else if !errors.Is(err, workspace.ErrNotFound) {
		return "", fmt.Errorf("reading guideline %s: %w", file, err)
	}
	data, err := fs.ReadFile(templates.FS, "guidelines/"+name+".md")
	if err != nil {
		return "", fmt.Errorf("reading shipped guideline %q: %w", name, err)
	}
	return string(data), nil
}

func fileURI(abs string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String()
}
