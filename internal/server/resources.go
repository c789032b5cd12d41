package server

import (
	"context"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/speedgrapher/speedgrapher/internal/library"
	"github.com/speedgrapher/speedgrapher/prompts"
)

// Resource URIs: what a command will say, readable before it is used.
const (
	guidelineURIPrefix = "speedgrapher://guidelines/"
	promptURIPrefix    = "speedgrapher://prompts/"
)

// registerGuidelines exposes the guidelines as MCP resources. Every
// template's source is one too, added and removed with its prompt (publish),
// so an agent or an author can read exactly what a command will send.
func (h *promptHandlers) registerGuidelines(s *mcp.Server) {
	for _, g := range prompts.AllGuidelines() {
		s.AddResource(&mcp.Resource{
			URI:         guidelineURIPrefix + g.Name,
			Name:        g.Name + "-guidelines",
			Title:       strings.ToUpper(g.Name[:1]) + g.Name[1:] + " guidelines",
			Description: "The " + g.Name + " guidelines commands apply: the workspace's " + g.File + " when it has one, else the shipped default.",
			MIMEType:    "text/markdown",
		}, h.readGuideline)
	}
}

// promptResource describes the resource holding a template's source.
func promptResource(t *prompts.Template) *mcp.Resource {
	return &mcp.Resource{
		URI:         promptURIPrefix + t.Name,
		Name:        "prompt-" + t.Name,
		Title:       "Template of /" + t.Name,
		Description: "The file behind /" + t.Name + " (" + t.File + "), as loaded.",
		MIMEType:    sourceMIMEType(t),
	}
}

// sourceMIMEType is the type of a template's file: Gemini CLI commands are TOML.
func sourceMIMEType(t *prompts.Template) string {
	if t.Format == prompts.FormatGemini {
		return "application/toml"
	}
	return "text/markdown"
}

func (h *promptHandlers) readGuideline(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	uri := req.Params.URI
	text, err := library.Guideline(h.workspace(ctx), strings.TrimPrefix(uri, guidelineURIPrefix), h.log)
	if err != nil {
		return nil, mcp.ResourceNotFoundError(uri)
	}
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, MIMEType: "text/markdown", Text: text}}}, nil
}

func (h *promptHandlers) readPromptSource(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	uri := req.Params.URI
	t, ok := h.lib.Current().Lookup(strings.TrimPrefix(uri, promptURIPrefix))
	if !ok {
		return nil, mcp.ResourceNotFoundError(uri)
	}
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, MIMEType: sourceMIMEType(t), Text: t.Source}}}, nil
}
