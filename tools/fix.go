package tools

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/speedgrapher/speedgrapher/internal/fix"
	"github.com/speedgrapher/speedgrapher/internal/lint"
	"github.com/speedgrapher/speedgrapher/internal/markdown"
	"github.com/speedgrapher/speedgrapher/internal/workspace"
)

// FileWriter is what the fix tool needs besides Files: writing a file back.
type FileWriter interface {
	// WriteFile replaces the content of a workspace file, atomically, unless
	// it no longer holds old (workspace.ErrChanged).
	WriteFile(ctx context.Context, path string, old, data []byte) error
}

const fixDescription = `Applies the safe fixes of the lint and structure findings to a markdown file in the workspace ` +
	`(repeated words, wordy phrases, exclusionary wording; never code, URLs, HTML or front matter) and shows what ` +
	`changes as a unified diff with a count per rule. It writes only with the writer's consent: a yes/no question ` +
	`through elicitation when the client supports it, otherwise only when called with "apply": true. "apply": false ` +
	`previews without asking. The file is written atomically, and not at all if it changed since it was read.`

// fixInputSchema is hand-written for the enum of rules that have fixes.
var fixInputSchema = `{
  "type": "object",
  "required": ["path"],
  "properties": {
    "path": {"type": "string", "description": "A markdown file in the workspace, relative to the workspace root."},
    "rules": {"type": "array", "items": {"type": "string", "enum": ` + fixableJSON() + `},
      "description": "Apply only these rules' safe fixes; fence-language, whose fix is never safe (it names the language \"text\"), when named. Default: every safe fix."},
    "apply": {"type": "boolean", "description": "false: preview only. true or absent: write after the writer agrees (asked through elicitation when the client supports it); a client without elicitation must pass true to write."}
  },
  "additionalProperties": false
}`

const fixOutputSchema = `{
  "type": "object",
  "required": ["path", "status", "diff", "fixes", "total", "remaining"],
  "properties": {
    "path": {"type": "string"},
    "status": {"type": "string", "enum": ["written", "preview", "declined", "nothing to fix"],
      "description": "written: the file holds the fixes. preview: nothing written (apply false, or no consent asked). declined: the writer said no."},
    "diff": {"type": "string", "description": "The change as a unified diff (a/PATH, b/PATH); empty when nothing to fix."},
    "fixes": {"type": "object", "additionalProperties": {"type": "integer"}, "description": "Fixes per rule."},
    "total": {"type": "integer", "description": "Fixes in all."},
    "remaining": {"type": "integer", "description": "Findings left once the fixes are applied."}
  }
}`

// FixResult is the fix tool's structured result.
type FixResult struct {
	Path      string         `json:"path"`
	Status    string         `json:"status"`
	Diff      string         `json:"diff"`
	Fixes     map[string]int `json:"fixes"`
	Total     int            `json:"total"`
	Remaining int            `json:"remaining"`
}

// The statuses of a FixResult.
const (
	fixWritten  = "written"
	fixPreview  = "preview"
	fixDeclined = "declined"
	fixNothing  = "nothing to fix"
)

type fixInput struct {
	Path  *string  `json:"path"`
	Rules []string `json:"rules"`
	Apply *bool    `json:"apply"`
}

// registerFix adds the fix tool when the server can write files.
func registerFix(s *mcp.Server, files Files) {
	w, ok := files.(FileWriter)
	if !ok {
		return
	}
	s.AddTool(&mcp.Tool{
		Name:         "fix",
		Title:        "Apply fixes",
		Description:  fixDescription,
		InputSchema:  json.RawMessage(fixInputSchema),
		OutputSchema: json.RawMessage(fixOutputSchema),
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: false, DestructiveHint: new(true),
			IdempotentHint: true, OpenWorldHint: new(false)},
	}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		in, err := decodeFix(req.Params.Arguments)
		if err != nil {
			return errorResult(err), nil
		}
		d, err := readDraft(ctx, files, draftInput{Path: in.Path})
		if err != nil {
			return errorResult(err), nil
		}
		opts, err := d.options(ctx, files)
		if err != nil {
			return errorResult(err), nil
		}
		want := fix.Safe
		if len(in.Rules) > 0 {
			opts.Only = in.Rules
			opts.Disable = slices.DeleteFunc(opts.Disable, func(id string) bool { return slices.Contains(in.Rules, id) })
			want = fix.OnlyRules(in.Rules)
		}
		src := d.doc.Source
		res := fix.Apply(src, func(doc *markdown.Document) []lint.Finding { return lint.Check(doc, opts) }, want)
		out := FixResult{Path: *in.Path, Status: fixPreview, Diff: fix.Diff(*in.Path, src, res.Source),
			Fixes: res.Applied, Total: res.Total(), Remaining: len(res.Remaining)}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		note := ""
		state := fixState(src, res.Source)
		answer, answered := req.Params.InputResponses[confirmID].(*mcp.ElicitResult)
		switch {
		case !res.Changed:
			out.Status = fixNothing
		case in.Apply != nil && !*in.Apply:
			note = "Preview only; call again without \"apply\": false to write."
		case answered && req.Params.RequestState != state:
			// The file, or the configuration, changed while the writer was
			// reading the question: what they agreed to is not what would be written.
			return errorResult(fmt.Errorf("file %q changed on disk since the fixes were shown; nothing was written; run the fix again", *in.Path)), nil
		case answered && !consented(answer):
			out.Status = fixDeclined
			note = "The writer declined; nothing was written."
		case !answered && canElicit(req):
			// Ask the writer. The SDK sends the question to the client (or,
			// on the 2026-07-28 protocol, the client asks and calls again),
			// then this handler runs again with the answer.
			return &mcp.CallToolResult{
				InputRequests: mcp.InputRequestMap{confirmID: question(out)},
				RequestState:  state,
			}, nil
		case !answered && (in.Apply == nil || !*in.Apply):
			note = "Nothing was written: this client cannot ask the writer; show them the diff and, if they agree, call again with \"apply\": true."
		default:
			if err := w.WriteFile(ctx, *in.Path, src, res.Source); err != nil {
				if errors.Is(err, workspace.ErrChanged) {
					return errorResult(fmt.Errorf("%w; the fixes were computed on the old text", err)), nil
				}
				return errorResult(err), nil
			}
			out.Status = fixWritten
		}
		return structuredResult(out, out.text(note)), nil
	})
}

// confirmID names the fix tool's one question to the writer.
const confirmID = "confirm"

// fixState is the request state carried from the question to the answer: the
// hashes of the text and of its fixed form. It is not signed, because it
// grants nothing: it only lets the answer's call see that the file is still
// the one the writer saw (the consent itself comes from the client either way).
func fixState(src, fixed []byte) string {
	a, b := sha256.Sum256(src), sha256.Sum256(fixed)
	return hex.EncodeToString(a[:8]) + hex.EncodeToString(b[:8])
}

// canElicit reports whether the client declared form elicitation.
func canElicit(req *mcp.CallToolRequest) bool {
	c := req.ClientCapabilities()
	if c == nil || c.Elicitation == nil {
		return false
	}
	return c.Elicitation.Form != nil || c.Elicitation.URL == nil // neither means form, for older clients
}

// consented reports whether the writer said yes: accepted the form without
// unticking "apply".
func consented(a *mcp.ElicitResult) bool {
	if a.Action != "accept" {
		return false
	}
	v, ok := a.Content["apply"]
	yes, isBool := v.(bool)
	return !ok || isBool && yes
}

// question is the yes/no form that asks the writer to apply the fixes.
func question(r FixResult) *mcp.ElicitParams {
	diff := r.Diff
	if len(diff) > maxElicitDiff {
		cut := strings.LastIndexByte(diff[:maxElicitDiff], '\n') + 1
		diff = diff[:cut] + "… (the diff goes on; the tool result has all of it)\n"
	}
	return &mcp.ElicitParams{
		Mode:    "form",
		Message: fmt.Sprintf("Apply %s to %s (%s)?\n\n%s", fixes(r.Total), r.Path, perRule(r.Fixes), diff),
		RequestedSchema: json.RawMessage(`{"type": "object", "required": ["apply"], "properties": {
  "apply": {"type": "boolean", "title": "Apply the fixes", "description": "Write these changes to ` + jsonEscape(r.Path) + `.", "default": true}}}`),
	}
}

func fixes(n int) string {
	if n == 1 {
		return "1 fix"
	}
	return fmt.Sprintf("%d fixes", n)
}

// maxElicitDiff bounds the diff shown in the question, in bytes.
const maxElicitDiff = 8 << 10

func jsonEscape(s string) string {
	b, _ := json.Marshal(s)
	return string(b[1 : len(b)-1])
}

// perRule is "wordy 2, lexical-illusion 1", most first.
func perRule(counts map[string]int) string {
	ids := make([]string, 0, len(counts))
	for id := range counts {
		ids = append(ids, id)
	}
	slices.SortFunc(ids, func(a, b string) int {
		if counts[a] != counts[b] {
			return counts[b] - counts[a]
		}
		return strings.Compare(a, b)
	})
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = fmt.Sprintf("%s %d", id, counts[id])
	}
	return strings.Join(parts, ", ")
}

// text is the summary beside the structured result, with the diff.
func (r FixResult) text(note string) string {
	var b strings.Builder
	if r.Status == fixNothing {
		fmt.Fprintf(&b, "Nothing to fix in %s; %s left.", r.Path, plural(r.Remaining, "finding"))
		return b.String()
	}
	fmt.Fprintf(&b, "%s for %s (%s): %s; %s left once applied.", fixes(r.Total), r.Path, perRule(r.Fixes), r.Status, plural(r.Remaining, "finding"))
	if note != "" {
		b.WriteString(" " + note)
	}
	b.WriteString("\n\n" + r.Diff)
	return b.String()
}

// decodeFix decodes and checks the fix tool's arguments.
func decodeFix(raw json.RawMessage) (fixInput, error) {
	var in fixInput
	const want = `pass an object with "path", and optional "rules" (a list) and "apply" (true or false)`
	fields, err := decodeArgs(raw, &in)
	if err != nil {
		return in, &inputError{fmt.Sprintf("read the arguments: %v; %s", err, want)}
	}
	for k, v := range fields {
		switch k {
		case "path":
			in.Path = v
		case "rules":
			return in, &inputError{`"rules" must be a list of rule names, such as ["wordy"]`}
		case "apply":
			return in, &inputError{`"apply" must be true or false, not a string`}
		default:
			return in, &inputError{fmt.Sprintf("read the arguments: unknown field %q; %s", k, want)}
		}
	}
	if in.Path == nil || *in.Path == "" {
		return in, &inputError{`give "path", a markdown file in the workspace, such as "drafts/post.md"`}
	}
	for _, id := range in.Rules {
		if r, ok := lint.Lookup(id); !ok || r.Fix == lint.NoFix {
			return in, &inputError{fmt.Sprintf("rule %q has no fix; the rules with fixes are %s", id, strings.Join(fixable(), ", "))}
		}
	}
	return in, nil
}

// fixable is the IDs of the rules that have fixes.
func fixable() []string {
	var ids []string
	for _, r := range lint.Rules() {
		if r.Fix != lint.NoFix {
			ids = append(ids, r.ID)
		}
	}
	return ids
}

func fixableJSON() string {
	b, _ := json.Marshal(fixable())
	return string(b)
}
