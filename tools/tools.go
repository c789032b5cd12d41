// Package tools exposes speedgrapher's analysis of markdown drafts as MCP
// tools, one file per tool, each thin over the analysis packages.
//
// Every tool takes a draft as "path" (a file in the workspace) or "text" (the
// draft itself), exactly one of them. Bad input and unreadable files come back
// as tool results with isError set and a sentence a writer can act on, never
// as protocol errors. Results carry structuredContent and a short text summary.
package tools

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/speedgrapher/speedgrapher/internal/markdown"
)

// Files is what tools need from the server to read a draft. The context
// carries the request, so the server can answer from the workspace of the
// session that asked (its client's roots).
type Files interface {
	// ReadFile reads a workspace file, refusing what the workspace refuses.
	ReadFile(ctx context.Context, path string) (abs string, data []byte, err error)
	// Resolve returns the absolute path of a workspace path without reading it.
	Resolve(ctx context.Context, path string) (string, error)
}

// Register adds every tool to s. files may be nil, in which case tools accept
// only "text".
func Register(s *mcp.Server, files Files) {
	registerReadability(s, files)
	registerLint(s, files)
	registerStructure(s, files)
	registerFix(s, files)
}

// draftSchema is the input schema shared by tools that read one draft; the
// tools decode arguments themselves (see decodeDraft), which is several times
// faster than the SDK's generic validation on large drafts.
const draftSchema = `{
  "type": "object",
  "properties": {
    "path": {"type": "string", "description": "A markdown draft in the workspace, relative to the workspace root. Give path or text, not both."},
    "text": {"type": "string", "description": "The markdown draft itself. Give path or text, not both."}
  },
  "additionalProperties": false
}`

// draftInput is a tool's draft argument.
type draftInput struct {
	Path *string `json:"path"`
	Text *string `json:"text"`
}

// inputError is a problem with a tool's arguments, worded for the writer.
type inputError struct{ msg string }

func (e *inputError) Error() string { return e.msg }

// decodeDraft decodes a tool's raw arguments into a draftInput, refusing
// unknown fields and anything but exactly one of path and text.
func decodeDraft(raw json.RawMessage) (draftInput, error) {
	var in draftInput
	if t := bytes.TrimSpace(raw); len(t) > 0 && !bytes.Equal(t, []byte("null")) {
		fields, err := decodeArgs(raw, &in)
		if err != nil {
			return in, &inputError{fmt.Sprintf("read the arguments: %v; pass an object with \"path\" or \"text\"", err)}
		}
		for k, v := range fields {
			switch k {
			case "path":
				in.Path = v
			case "text":
				in.Text = v
			default:
				return in, &inputError{fmt.Sprintf("read the arguments: unknown field %q; pass an object with \"path\" or \"text\"", k)}
			}
		}
	}
	return in, in.check()
}

// check refuses anything but exactly one of path and text.
func (in draftInput) check() error {
	switch {
	case in.Path == nil && in.Text == nil:
		return &inputError{`give the draft as "path" (a file in the workspace) or "text" (the markdown itself)`}
	case in.Path != nil && in.Text != nil:
		return &inputError{`give either "path" or "text", not both`}
	case in.Path != nil && *in.Path == "":
		return &inputError{`"path" is empty; pass a markdown file in the workspace, such as "drafts/post.md"`}
	}
	return nil
}

// loadDraft returns the bytes of the draft in and a label for messages.
func loadDraft(ctx context.Context, files Files, in draftInput) ([]byte, string, error) {
	if in.Text != nil {
		if !utf8.ValidString(*in.Text) {
			return nil, "", &inputError{`"text" is not valid UTF-8; send the draft as UTF-8 text`}
		}
		return []byte(*in.Text), "text", nil
	}
	if files == nil {
		return nil, "", &inputError{`this server has no workspace to read "path" from; pass the draft as "text"`}
	}
	_, data, err := files.ReadFile(ctx, *in.Path)
	if err != nil {
		return nil, "", err
	}
	return data, *in.Path, nil
}

// parse parses a draft, or returns ctx's error once ctx is done, or the
// limit a hostile shape passed (*markdown.LimitError, which says the line
// and what to do).
func parse(ctx context.Context, src []byte) (*markdown.Document, error) {
	return markdown.ParseContext(ctx, src)
}

// failed answers a call whose work failed: with the context's error when
// the call was cancelled or timed out, since no one waits for a result
// then, else with a tool result that tells the writer what went wrong.
func failed(ctx context.Context, err error) (*mcp.CallToolResult, error) {
	if ctxErr := ctx.Err(); ctxErr != nil {
		return nil, ctxErr
	}
	return errorResult(err), nil
}

// errorResult is a tool result that tells the writer what went wrong.
func errorResult(err error) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}
}

// structuredResult is a successful result: structured content and a summary.
func structuredResult(v any, summary string) *mcp.CallToolResult {
	return &mcp.CallToolResult{
		Content:           []mcp.Content{&mcp.TextContent{Text: summary}},
		StructuredContent: v,
	}
}
