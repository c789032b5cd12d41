package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"reflect"
	"sync/atomic"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/speedgrapher/speedgrapher/internal/library"
	"github.com/speedgrapher/speedgrapher/internal/typo"
	"github.com/speedgrapher/speedgrapher/internal/workspace"
	"github.com/speedgrapher/speedgrapher/prompts"
)

// maxCompletions is the most values one completion answer carries (the MCP limit).
const maxCompletions = 100

// promptHandlers answer the MCP requests about the prompt library:
// prompts/get, completion/complete, and the reads of its resources. Each
// uses the library as its files are now (library.Library.Current).
type promptHandlers struct {
	lib *library.Library
	ws  *workspace.Workspace // the server's workspace, for a request without one of its own
	log *slog.Logger
}

func (h *promptHandlers) get(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	name := req.Params.Name
	t, ok := h.lib.Current().Lookup(name)
	if !ok {
		var names []string
		for _, t := range h.lib.Current().Templates() {
			names = append(names, t.Name)
		}
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: fmt.Sprintf("unknown prompt %q%s", name, typo.DidYouMean(name, names))}
	}
	msgs, err := t.RenderContext(ctx, req.Params.Arguments, h.env(ctx))
	if err != nil {
		var argErr *prompts.ArgumentError
		if errors.As(err, &argErr) {
			return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: err.Error()}
		}
		h.log.Error("rendering prompt", "prompt", name, "error", err)
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

func (h *promptHandlers) complete(ctx context.Context, req *mcp.CompleteRequest) (*mcp.CompleteResult, error) {
	values := []string{}
	if ref := req.Params.Ref; ref != nil && ref.Type == "ref/prompt" {
		if lib := h.lib.Current(); lib != nil {
			if t, ok := lib.Lookup(ref.Name); ok {
				values = append(values, t.Complete(req.Params.Argument.Name, req.Params.Argument.Value, h.env(ctx))...)
			}
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
// middleware), else the server's. One file more than a completion carries
// tells whether there are more.
func (h *promptHandlers) env(ctx context.Context) prompts.Env {
	return library.Env(h.workspace(ctx), maxCompletions+1, h.log)
}

func (h *promptHandlers) workspace(ctx context.Context) *workspace.Workspace {
	return workspace.FromContextOr(ctx, h.ws)
}

// promptPublisher keeps the server's prompts, and the resources of their
// files, in step with the library: it is what the library calls after each
// load (library.Library.Start).
type promptPublisher struct {
	srv    *mcp.Server
	h      *promptHandlers
	edited atomic.Bool // a reload has changed the lists since the first load
}

// publish updates the server's prompts and their source resources from prev
// to next; the SDK tells clients with notifications/prompts/list_changed.
// A command whose file did not change is left alone.
func (p *promptPublisher) publish(prev, next *prompts.Library) {
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
		p.srv.AddPrompt(mcpPrompt(t), p.h.get)
		p.srv.AddResource(promptResource(t), p.h.readPromptSource)
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

// followRoots makes the library's workspace sources those of roots, the
// workspace a client named, and reloads the commands if that changed them.
func (h *promptHandlers) followRoots(roots []string) {
	changed, err := h.lib.SetRoots(roots)
	if err != nil {
		h.log.Warn("prompt directories not changed to the client's roots", "roots", roots, "error", err)
		return
	}
	if changed {
		h.log.Info("project prompt directories follow the client's roots", "roots", roots)
		h.lib.Reload()
	}
}
