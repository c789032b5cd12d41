package server

import (
	"context"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/speedgrapher/speedgrapher/prompts"
)

// Resource URIs: what a command will say, readable before it is used.
const (
	guidelineURIPrefix = "speedgrapher://guidelines/"
	promptURIPrefix    = "speedgrapher://prompts/"
)

// registerResources exposes the guidelines as MCP resources. Every
// template's source is one too, added and removed with its prompt (publish),
// so an agent or an author can read exactly what a command will send.
func (p *promptSet) registerResources(s *mcp.Server) {
	for _, name := range []string{"editorial", "localization"} {
		s.AddResource(&mcp.Resource{
			URI:         guidelineURIPrefix + name,
			Name:        name + "-guidelines",
			Title:       strings.ToUpper(name[:1]) + name[1:] + " guidelines",
			Description: "The " + name + " guidelines commands apply: the workspace's " + guidelineFiles[name] + " when it has one, else the shipped default.",
			MIMEType:    "text/markdown",
		}, p.readGuideline)
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

func (p *promptSet) readGuideline(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	uri := req.Params.URI
	text, err := p.guideline(ctx, strings.TrimPrefix(uri, guidelineURIPrefix))
	if err != nil {
		return nil, mcp.ResourceNotFoundError(uri)
	}
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, MIMEType: "text/markdown", Text: text}}}, nil
}

func (p *promptSet) readPromptSource(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	uri := req.Params.URI
	t, ok := p.current().Lookup(strings.TrimPrefix(uri, promptURIPrefix))
	if !ok {
		return nil, mcp.ResourceNotFoundError(uri)
	}
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, MIMEType: sourceMIMEType(t), Text: t.Source}}}, nil
}
