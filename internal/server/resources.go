package server

import (
	"context"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Resource URIs: what a command will say, readable before it is used.
const (
	guidelineURIPrefix = "speedgrapher://guidelines/"
	promptURIPrefix    = "speedgrapher://prompts/"
)

// registerResources exposes the guidelines and every template's source as
// MCP resources, so an agent or an author can read exactly what a command
// will send.
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
	for _, t := range p.lib.Templates() {
		s.AddResource(&mcp.Resource{
			URI:         promptURIPrefix + t.Name,
			Name:        "prompt-" + t.Name,
			Title:       "Template of /" + t.Name,
			Description: "The template file behind /" + t.Name + " (" + t.File + "): front matter and body, as loaded.",
			MIMEType:    "text/markdown",
		}, p.readPromptSource)
	}
}

func (p *promptSet) readGuideline(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	uri := req.Params.URI
	text, err := p.guideline(strings.TrimPrefix(uri, guidelineURIPrefix))
	if err != nil {
		return nil, mcp.ResourceNotFoundError(uri)
	}
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, MIMEType: "text/markdown", Text: text}}}, nil
}

func (p *promptSet) readPromptSource(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	uri := req.Params.URI
	t, ok := p.lib.Lookup(strings.TrimPrefix(uri, promptURIPrefix))
	if !ok {
		return nil, mcp.ResourceNotFoundError(uri)
	}
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, MIMEType: "text/markdown", Text: t.Source}}}, nil
}
