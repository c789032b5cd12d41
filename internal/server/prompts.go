package server

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/url"
	"path/filepath"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/speedgrapher/speedgrapher/internal/workspace"
	"github.com/speedgrapher/speedgrapher/prompts"
	"github.com/speedgrapher/speedgrapher/templates"
)

// maxCompletions is the most values one completion answer carries (the MCP limit).
const maxCompletions = 100

// promptSet adapts the template library to MCP prompts.
type promptSet struct {
	lib *prompts.Library
	ws  *workspace.Workspace
	log *slog.Logger
}

func (p *promptSet) register(s *mcp.Server) {
	for _, t := range p.lib.Templates() {
		s.AddPrompt(mcpPrompt(t), p.get)
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
	t, ok := p.lib.Lookup(name)
	if !ok {
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: fmt.Sprintf("unknown prompt %q", name)}
	}
	msgs, err := t.Render(req.Params.Arguments, p.env())
	if err != nil {
		var argErr *prompts.ArgumentError
		if errors.As(err, &argErr) {
			return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: err.Error()}
		}
		p.log.Error("rendering prompt", "prompt", name, "error", err)
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: fmt.Sprintf("rendering prompt %q: %v", name, err)}
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
	if ref := req.Params.Ref; ref != nil && ref.Type == "ref/prompt" && p.lib != nil {
		if t, ok := p.lib.Lookup(ref.Name); ok {
			values = append(values, t.Complete(req.Params.Argument.Name, req.Params.Argument.Value, p.env())...)
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

// env gives templates what they may read: workspace drafts and guidelines.
func (p *promptSet) env() prompts.Env {
	return prompts.Env{
		ReadFile: func(path string) (string, string, error) {
			abs, data, err := p.ws.ReadFile(path)
			if err != nil {
				return "", "", err
			}
			return fileURI(abs), string(data), nil
		},
		Guideline: p.guideline,
		ListFiles: func(prefix string) []string { return p.ws.MarkdownFiles(prefix, maxCompletions+1) },
	}
}

// guidelineFiles maps a guideline name to the workspace file that replaces
// the shipped default.
var guidelineFiles = map[string]string{
	"editorial":    "EDITORIAL.md",
	"localization": "LOCALIZATION.md",
}

// guideline returns the workspace's own guideline file when it has one, read
// now so that edits apply at once, else the shipped default.
func (p *promptSet) guideline(name string) (string, error) {
	file, ok := guidelineFiles[name]
	if !ok {
		return "", fmt.Errorf("unknown guideline %q; known: editorial, localization", name)
	}
	if _, data, err := p.ws.ReadFile(file); err == nil {
		return string(data), nil
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
