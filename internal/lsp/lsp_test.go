package lsp

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/speedgrapher/speedgrapher/internal/lint"
)

const draftURI = "file:///drafts/post.md"

func rng(l1, c1, l2, c2 int) Range { return Range{Position{l1, c1}, Position{l2, c2}} }

// byCode returns the ranges of the diagnostics with the given code.
func byCode(diags []Diagnostic, code string) []Range {
	out := []Range{}
	for _, d := range diags {
		if d.Code == code {
			out = append(out, d.Range)
		}
	}
	return out
}

func TestDiagnosticsCountUTF16(t *testing.T) {
	c := newTestClient(t)
	// Hand counts in UTF-16 code units: each emoji is two units, each CJK
	// character one. Line 2: "😀😀 " is 5 units, "We left " 8 more, so
	// "in order to" (11) spans 13-24. Line 3: "中文 " is 3, "is here, " 9.
	text := "# Notes\n\n😀😀 We left in order to see it.\n中文 is here, in order to help.\n"
	p := c.open(draftURI, text)
	if diff := cmp.Diff([]Range{rng(2, 13, 2, 24), rng(3, 12, 3, 23)}, byCode(p.Diagnostics, "wordy")); diff != "" {
		t.Errorf("wordy ranges (-want +got):\n%s", diff)
	}
	if p.Version == nil || *p.Version != 1 {
		t.Errorf("version = %v, want 1", p.Version)
	}
	for _, d := range p.Diagnostics {
		if d.Code == "wordy" && (d.CodeDescription == nil || d.Source != "speedgrapher") {
			t.Errorf("wordy diagnostic = %+v, want a codeDescription and speedgrapher as its source", d)
		}
	}
	c.shutdown()
}

func TestSeveritiesMapped(t *testing.T) {
	root := t.TempDir()
	cfg := "rules:\n  lexical-illusion: error\n  passive-voice: warning\n  adverb: suggestion\n"
	if err := os.WriteFile(filepath.Join(root, ".speedgrapher.yaml"), []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	c := newTestClient(t, root)
	// "The the" is a lexical illusion, "was quickly written" passive voice,
	// "quickly" an adverb; the configuration gives each its severity.
	p := c.open(fileURI(filepath.Join(root, "post.md")), "The the report was quickly written.\n")
	got := map[string]int{}
	for _, d := range p.Diagnostics {
		got[d.Code] = d.Severity
	}
	want := map[string]int{"lexical-illusion": 1, "passive-voice": 2, "adverb": 3}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("severities (-want +got):\n%s", diff)
	}
	c.shutdown()
}

func (c *testClient) change(uri string, version int, changes ...contentChange) publishDiagnosticsParams {
	c.t.Helper()
	c.notify("textDocument/didChange", didChangeParams{VersionedTextDocumentIdentifier{uri, version}, changes})
	for {
		p := c.diagnostics(uri)
		if p.Version != nil && *p.Version == version {
			return p
		}
	}
}

func (c *testClient) serverText(uri string) string {
	c.s.mu.Lock()
	defer c.s.mu.Unlock()
	return c.s.docs[uri].text
}

func edit(r Range, text string) contentChange { return contentChange{Range: &r, Text: text} }

func TestIncrementalSync(t *testing.T) {
	c := newTestClient(t)
	p := c.open(draftURI, "# T\n\nWe left in order to see it.\n")
	if diff := cmp.Diff([]Range{rng(2, 8, 2, 19)}, byCode(p.Diagnostics, "wordy")); diff != "" {
		t.Fatalf("wordy before (-want +got):\n%s", diff)
	}

	// An emoji and a space typed at the line's start move the finding 3 units.
	p = c.change(draftURI, 2, edit(rng(2, 0, 2, 0), "😀 "))
	if diff := cmp.Diff([]Range{rng(2, 11, 2, 22)}, byCode(p.Diagnostics, "wordy")); diff != "" {
		t.Errorf("wordy after the emoji (-want +got):\n%s", diff)
	}

	// Two changes in one notification, applied in order: "We left " (units
	// 3-11, after the emoji) deleted, then "T" replaced with CJK.
	p = c.change(draftURI, 3, edit(rng(2, 3, 2, 11), ""), edit(rng(0, 2, 0, 3), "Title 中文"))
	if got, want := c.serverText(draftURI), "# Title 中文\n\n😀 in order to see it.\n"; got != want {
		t.Fatalf("text after two edits = %q, want %q", got, want)
	}
	if diff := cmp.Diff([]Range{rng(2, 3, 2, 14)}, byCode(p.Diagnostics, "wordy")); diff != "" {
		t.Errorf("wordy after two edits (-want +got):\n%s", diff)
	}

	// A deletion across lines: the empty line 1 and the emoji.
	p = c.change(draftURI, 4, edit(rng(1, 0, 2, 2), ""))
	if got, want := c.serverText(draftURI), "# Title 中文\n in order to see it.\n"; got != want {
		t.Fatalf("text after deleting across lines = %q, want %q", got, want)
	}
	if diff := cmp.Diff([]Range{rng(1, 1, 1, 12)}, byCode(p.Diagnostics, "wordy")); diff != "" {
		t.Errorf("wordy after deleting across lines (-want +got):\n%s", diff)
	}

	// A full replacement (no range).
	p = c.change(draftURI, 5, contentChange{Text: "Plain words.\n"})
	if len(p.Diagnostics) != 0 {
		t.Errorf("diagnostics after a full replacement = %+v, want none", p.Diagnostics)
	}
	c.shutdown()
}

func TestDebouncedChangesPublishTheLastVersion(t *testing.T) {
	c := startServer(t, func(s *Server) { s.Debounce = 5 * time.Millisecond })
	c.call("initialize", map[string]any{"capabilities": map[string]any{}}, nil)
	c.open(draftURI, "We left.\n")
	// Typing " in order to" one character at a time after "We left".
	typed := " in order to"
	for i, r := range typed {
		c.notify("textDocument/didChange", didChangeParams{VersionedTextDocumentIdentifier{draftURI, i + 2},
			[]contentChange{edit(rng(0, 7+i, 0, 7+i), string(r))}})
	}
	last := len(typed) + 1
	for {
		p := c.diagnostics(draftURI)
		if *p.Version < last {
			continue
		}
		if diff := cmp.Diff([]Range{rng(0, 8, 0, 19)}, byCode(p.Diagnostics, "wordy")); diff != "" {
			t.Errorf("wordy after typing (-want +got):\n%s", diff)
		}
		break
	}
	if got, want := c.serverText(draftURI), "We left in order to.\n"; got != want {
		t.Errorf("text = %q, want %q", got, want)
	}
	c.shutdown()
}

func (c *testClient) actions(uri string, r Range, only ...string) []CodeAction {
	c.t.Helper()
	var out []CodeAction
	params := map[string]any{"textDocument": map[string]string{"uri": uri}, "range": r,
		"context": map[string]any{"diagnostics": []any{}, "only": only}}
	if err := c.call("textDocument/codeAction", params, &out); err != nil {
		c.t.Fatalf("codeAction: %v", err)
	}
	return out
}

func findAction(t *testing.T, actions []CodeAction, title string) CodeAction {
	t.Helper()
	var titles []string
	for _, a := range actions {
		if a.Title == title {
			return a
		}
		titles = append(titles, a.Title)
	}
	t.Fatalf("no code action %q among %q", title, titles)
	return CodeAction{}
}

func TestCodeActions(t *testing.T) {
	text := "# Notes\n\n😀 In order to win, we we went.\n"
	tests := []struct {
		title, kind, want string
	}{
		{`Replace "In order to" with "To"`, kindQuickFix, "# Notes\n\n😀 To win, we we went.\n"},
		{`Replace "we we" with "we"`, kindQuickFix, "# Notes\n\n😀 In order to win, we went.\n"},
		{"Disable wordy on this line", kindQuickFix, "# Notes\n\n😀 In order to win, we we went. <!-- speedgrapher-disable-line wordy -->\n"},
		{"Fix all safe problems in the file (2)", kindFixAll, "# Notes\n\n😀 To win, we went.\n"},
	}
	for _, tt := range tests {
		t.Run(tt.title, func(t *testing.T) {
			c := newTestClient(t)
			c.open(draftURI, text)
			a := findAction(t, c.actions(draftURI, rng(2, 0, 2, 40)), tt.title)
			if a.Kind != tt.kind {
				t.Errorf("kind = %q, want %q", a.Kind, tt.kind)
			}
			got := applyTextEdits(t, text, a.Edit.Changes[draftURI])
			if got != tt.want {
				t.Errorf("after the action:\n got %q\nwant %q", got, tt.want)
			}
			c.shutdown()
		})
	}
}

func TestCodeActionsOnlyFixAll(t *testing.T) {
	c := newTestClient(t)
	c.open(draftURI, "In order to win, we we went.\n")
	got := c.actions(draftURI, rng(0, 0, 0, 0), "source.fixAll")
	if len(got) != 1 || got[0].Kind != kindFixAll {
		t.Errorf("actions for only source.fixAll = %+v, want the one fix-all action", got)
	}
	c.shutdown()
}

// A disable comment silences the rule on its line and changes nothing
// else: other findings stay, headings and hard line breaks keep their
// meaning.
func TestDisableCommentKeepsTheMarkup(t *testing.T) {
	tests := []struct {
		name, text string
		line       int
		want       string
	}{
		{"heading", "# In order to win\n\nText.\n", 0,
			"# In order to win <!-- speedgrapher-disable-line wordy -->\n\nText.\n"},
		{"hard break with spaces", "We left in order to win.  \nThen more.\n", 0,
			"We left in order to win. <!-- speedgrapher-disable-line wordy -->  \nThen more.\n"},
		{"hard break with a backslash", "We left in order to win.\\\nThen more.\n", 0,
			"We left in order to win. <!-- speedgrapher-disable-line wordy -->\\\nThen more.\n"},
		{"list item", "- one\n- We left in order to win.\n- three\n", 1,
			"- one\n- We left in order to win. <!-- speedgrapher-disable-line wordy -->\n- three\n"},
		{"table row", "| a | b |\n|---|---|\n| x | we left in order to go |\n", 2,
			"| a | b |\n|---|---|\n| x | we left in order to go <!-- speedgrapher-disable-line wordy --> |\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newTestClient(t)
			c.open(draftURI, tt.text)
			var before []DocumentSymbol
			c.call("textDocument/documentSymbol", map[string]any{"textDocument": map[string]string{"uri": draftURI}}, &before)
			a := findAction(t, c.actions(draftURI, rng(tt.line, 0, tt.line, 80)), "Disable wordy on this line")
			got := applyTextEdits(t, tt.text, a.Edit.Changes[draftURI])
			if got != tt.want {
				t.Fatalf("after the action:\n got %q\nwant %q", got, tt.want)
			}
			p := c.change(draftURI, 2, contentChange{Text: got})
			if w := byCode(p.Diagnostics, "wordy"); len(w) != 0 {
				t.Errorf("wordy still reported at %v", w)
			}
			var after []DocumentSymbol
			c.call("textDocument/documentSymbol", map[string]any{"textDocument": map[string]string{"uri": draftURI}}, &after)
			if len(before) > 0 && (len(after) != len(before) || after[0].Name != before[0].Name) {
				t.Errorf("outline changed: %+v, was %+v", after, before)
			}
			c.shutdown()
		})
	}
}

func (c *testClient) hover(uri string, line, char int) *Hover {
	c.t.Helper()
	var h *Hover
	if err := c.call("textDocument/hover", textDocumentPositionParams{TextDocumentIdentifier{uri}, Position{line, char}}, &h); err != nil {
		c.t.Fatalf("hover: %v", err)
	}
	return h
}

func TestHover(t *testing.T) {
	c := newTestClient(t)
	text := "# Guide\n\n## Study\n\nUnderstanding documentation requires considerable concentration.\n\n## 😀 Rest\n"
	c.open(draftURI, text)

	// ARI by hand: 59 letters in 5 words, 1 sentence:
	// 4.71*59/5 + 0.5*5 - 21.43 = 36.648. Under 14 words: not marked hard.
	h := c.hover(draftURI, 4, 10)
	if h == nil || !strings.HasPrefix(h.Contents.Value, "Sentence: 5 words, grade 36.6, normal") {
		t.Errorf("hover on the sentence = %+v, want it to start with the sentence's words, grade and difficulty", h)
	} else if diff := cmp.Diff(&Range{Position{4, 0}, Position{4, 64}}, h.Range); diff != "" {
		t.Errorf("sentence range (-want +got):\n%s", diff)
	}

	// 5 words at 238 a minute: 1.26 s, rounded to 1 s.
	h = c.hover(draftURI, 2, 4)
	if h == nil || !strings.Contains(h.Contents.Value, "5 words in 1 sentence, about 1 s to read") || !strings.HasPrefix(h.Contents.Value, "**Study**: grade ") {
		t.Errorf("hover on the heading = %+v, want its section's grade, words and reading time", h)
	}
	h = c.hover(draftURI, 0, 2)
	if h == nil || !strings.HasPrefix(h.Contents.Value, "**Guide**, with its subsections: grade ") {
		t.Errorf("hover on the top heading = %+v, want the whole section's figures", h)
	}
	h = c.hover(draftURI, 6, 3)
	if h == nil || h.Contents.Value != "**😀 Rest**: no prose to measure in this section" {
		t.Errorf("hover on an empty section = %+v", h)
	}
	if h := c.hover(draftURI, 1, 0); h != nil {
		t.Errorf("hover on a blank line = %+v, want null", h)
	}
	c.shutdown()
}

func TestHoverShowsTheRuleDoc(t *testing.T) {
	c := newTestClient(t)
	c.open(draftURI, "We left in order to see it.\n")
	h := c.hover(draftURI, 0, 10)
	r, _ := lint.Lookup("wordy")
	if h == nil || !strings.Contains(h.Contents.Value, "`wordy` ("+r.Severity.String()+"): "+r.Doc) {
		t.Errorf("hover on a finding = %+v, want the rule and its documentation", h)
	}
	c.shutdown()
}

func TestDocumentSymbols(t *testing.T) {
	c := newTestClient(t)
	text := "# Guide\n\nIntro text here.\n\n## Install\n\nRun it.\n\n### On Linux 😀\n\nUse apt.\n\n## Use\n\nOpen it.\n"
	c.open(draftURI, text)
	var got []DocumentSymbol
	if err := c.call("textDocument/documentSymbol", map[string]any{"textDocument": map[string]string{"uri": draftURI}}, &got); err != nil {
		t.Fatal(err)
	}
	// Line 8 "### On Linux 😀" is 4+8+1+2 = 15 units; the text has 15 lines
	// and ends with a newline, so the end of the text is (15, 0).
	want := []DocumentSymbol{{
		Name: "Guide", Detail: "#", Kind: symbolKindString, Range: rng(0, 0, 15, 0), SelectionRange: rng(0, 0, 0, 7),
		Children: []DocumentSymbol{
			{Name: "Install", Detail: "##", Kind: symbolKindString, Range: rng(4, 0, 12, 0), SelectionRange: rng(4, 0, 4, 10),
				Children: []DocumentSymbol{
					{Name: "On Linux 😀", Detail: "###", Kind: symbolKindString, Range: rng(8, 0, 12, 0), SelectionRange: rng(8, 0, 8, 15)},
				}},
			{Name: "Use", Detail: "##", Kind: symbolKindString, Range: rng(12, 0, 15, 0), SelectionRange: rng(12, 0, 12, 6)},
		},
	}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("symbols (-want +got):\n%s", diff)
	}
	c.shutdown()
}

func TestOversizedAndBinaryDocuments(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"oversized", strings.Repeat("a", 16<<20+1), "larger than 16 MiB"},
		{"binary", "PK\x03\x04\x00\x00 not markdown", "looks binary"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newTestClient(t)
			p := c.open(draftURI, tt.text)
			if len(p.Diagnostics) != 1 || !strings.Contains(p.Diagnostics[0].Message, tt.want) {
				t.Fatalf("diagnostics = %+v, want one saying %q", p.Diagnostics, tt.want)
			}
			if h := c.hover(draftURI, 0, 0); h != nil {
				t.Errorf("hover = %+v, want null", h)
			}
			if a := c.actions(draftURI, rng(0, 0, 0, 1)); len(a) != 0 {
				t.Errorf("code actions = %+v, want none", a)
			}
			// The session goes on: an ordinary draft is still checked.
			p = c.change(draftURI, 2, contentChange{Text: "We left in order to see it.\n"})
			if len(byCode(p.Diagnostics, "wordy")) != 1 {
				t.Errorf("diagnostics after replacing the text = %+v, want one wordy", p.Diagnostics)
			}
			c.shutdown()
		})
	}
}

func TestProtocolErrors(t *testing.T) {
	c := startServer(t, nil)
	if err := c.call("textDocument/hover", map[string]any{}, nil); err == nil || err.Code != codeServerNotInitialized {
		t.Errorf("request before initialize: error %+v, want code %d", err, codeServerNotInitialized)
	}
	c.call("initialize", map[string]any{"capabilities": map[string]any{}}, nil)

	raw := func(body string) rpcError {
		fmt.Fprintf(c.toSrv, "Content-Length: %d\r\n\r\n%s", len(body), body)
		m := c.next()
		var e rpcError
		json.Unmarshal(m.Error, &e)
		if string(m.ID) != "null" {
			t.Errorf("error for %q has id %s, want null", body, m.ID)
		}
		return e
	}
	if e := raw(`{"jsonrpc":"2.0","id":1,"method":`); e.Code != codeParseError {
		t.Errorf("malformed JSON: code %d, want %d", e.Code, codeParseError)
	}
	if e := raw(`[{"jsonrpc":"2.0","id":1,"method":"shutdown"}]`); e.Code != codeInvalidRequest {
		t.Errorf("batch: code %d, want %d", e.Code, codeInvalidRequest)
	}
	if e := raw(`{"jsonrpc":"2.0"}`); e.Code != codeInvalidRequest {
		t.Errorf("no method: code %d, want %d", e.Code, codeInvalidRequest)
	}
	fmt.Fprintf(c.toSrv, "Content-Type: application/json\r\n\r\n")
	if m := c.next(); !strings.Contains(string(m.Error), "no Content-Length") {
		t.Errorf("header without Content-Length: %s, want an error naming Content-Length", m.Error)
	}
	if err := c.call("textDocument/rename", map[string]any{}, nil); err == nil || err.Code != codeMethodNotFound {
		t.Errorf("unknown method: %+v, want code %d", err, codeMethodNotFound)
	}
	if err := c.call("textDocument/hover", "not an object", nil); err == nil || err.Code != codeInvalidParams {
		t.Errorf("bad params: %+v, want code %d", err, codeInvalidParams)
	}
	// An unknown notification is ignored and the session goes on.
	c.notify("$/setTrace", map[string]any{"value": "off"})
	if err := c.call("shutdown", nil, nil); err != nil {
		t.Fatal(err)
	}
	if err := c.call("textDocument/hover", map[string]any{}, nil); err == nil || err.Code != codeInvalidRequest {
		t.Errorf("request after shutdown: %+v, want code %d", err, codeInvalidRequest)
	}
	c.notify("exit", nil)
	if err := <-c.done; err != nil {
		t.Errorf("Serve after shutdown and exit = %v, want nil", err)
	}
}

func TestExitWithoutShutdown(t *testing.T) {
	c := newTestClient(t)
	c.notify("exit", nil)
	if err := <-c.done; !errors.Is(err, ErrNoShutdown) {
		t.Errorf("Serve after exit alone = %v, want ErrNoShutdown", err)
	}
}

func TestConfigurationChangesRelint(t *testing.T) {
	root := t.TempDir()
	cfg := filepath.Join(root, ".speedgrapher.yaml")
	write := func(s string) {
		if err := os.WriteFile(cfg, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("rules:\n  wordy: off\n")
	c := newTestClient(t, root)
	uri := fileURI(filepath.Join(root, "post.md"))
	p := c.open(uri, "We left in order to see it.\n")
	if w := byCode(p.Diagnostics, "wordy"); len(w) != 0 {
		t.Fatalf("wordy reported with wordy: off: %v", w)
	}

	write("rules:\n  wordy: error\n")
	c.notify("workspace/didChangeWatchedFiles", didChangeWatchedFilesParams{[]fileEvent{{URI: fileURI(cfg), Type: 2}}})
	p = c.diagnostics(uri)
	if len(p.Diagnostics) != 1 || p.Diagnostics[0].Code != "wordy" || p.Diagnostics[0].Severity != severityError {
		t.Errorf("after wordy: error, diagnostics = %+v, want one wordy error", p.Diagnostics)
	}

	// A broken file is shown on itself and the drafts get the defaults.
	write("rules: [\n")
	c.notify("workspace/didChangeConfiguration", map[string]any{"settings": map[string]any{}})
	cp := c.diagnostics(fileURI(cfg))
	if len(cp.Diagnostics) != 1 || cp.Diagnostics[0].Code != "config" {
		t.Errorf("diagnostics on the broken config = %+v, want one", cp.Diagnostics)
	}
	p = c.diagnostics(uri)
	r, _ := lint.Lookup("wordy")
	lspSeverity := map[lint.Severity]int{lint.Error: 1, lint.Warning: 2, lint.Suggestion: 3}[r.Severity]
	if len(p.Diagnostics) != 1 || p.Diagnostics[0].Severity != lspSeverity {
		t.Errorf("with a broken config, diagnostics = %+v, want wordy at its default (%s)", p.Diagnostics, r.Severity)
	}
	shown := false
	for _, m := range c.seen {
		shown = shown || m.Method == "window/showMessage"
	}
	if !shown {
		t.Error("no window/showMessage about the broken config")
	}

	// Saving the fixed file clears its diagnostic.
	write("rules:\n  wordy: off\n")
	c.notify("textDocument/didSave", didSaveParams{TextDocument: TextDocumentIdentifier{fileURI(cfg)}})
	if cp := c.diagnostics(fileURI(cfg)); len(cp.Diagnostics) != 0 {
		t.Errorf("config diagnostics after the fix = %+v, want none", cp.Diagnostics)
	}
	if p := c.diagnostics(uri); len(p.Diagnostics) != 0 {
		t.Errorf("draft diagnostics after wordy: off again = %+v, want none", p.Diagnostics)
	}
	c.shutdown()
}

// Links are checked against the workspace's files only for drafts inside it.
func TestWorkspaceConfinement(t *testing.T) {
	root, outside := t.TempDir(), t.TempDir()
	c := newTestClient(t, root)
	text := "See [the notes](notes.md).\n"
	inside := c.open(fileURI(filepath.Join(root, "post.md")), text)
	if len(byCode(inside.Diagnostics, "missing-file")) != 1 {
		t.Errorf("draft inside the workspace: %+v, want one missing-file", inside.Diagnostics)
	}
	out := c.open(fileURI(filepath.Join(outside, "post.md")), text)
	if len(out.Diagnostics) != 0 {
		t.Errorf("draft outside the workspace: %+v, want no file checks", out.Diagnostics)
	}
	c.shutdown()
}

func TestCloseClearsDiagnostics(t *testing.T) {
	c := newTestClient(t)
	c.open(draftURI, "We left in order to see it.\n")
	c.notify("textDocument/didClose", didCloseParams{TextDocumentIdentifier{draftURI}})
	if p := c.diagnostics(draftURI); len(p.Diagnostics) != 0 {
		t.Errorf("diagnostics after close = %+v, want none", p.Diagnostics)
	}
	c.shutdown()
}

// A client that can watch files is asked to watch the configuration; its
// answer to that request is taken quietly.
func TestWatcherRegistration(t *testing.T) {
	c := startServer(t, nil)
	caps := map[string]any{"workspace": map[string]any{"didChangeWatchedFiles": map[string]any{"dynamicRegistration": true}}}
	c.call("initialize", map[string]any{"capabilities": caps}, nil)
	c.notify("initialized", map[string]any{})
	m := c.next()
	if m.Method != "client/registerCapability" || !strings.Contains(string(m.Params), `"globPattern":"**/.speedgrapher.yaml"`) {
		t.Fatalf("after initialized: %s %s, want a registration of a watcher for .speedgrapher.yaml", m.Method, m.Params)
	}
	c.w.write(map[string]any{"jsonrpc": "2.0", "id": json.RawMessage(m.ID), "result": nil})
	// The next thing the server writes answers the next request: nothing
	// was said about the response.
	if err := c.call("shutdown", nil, nil); err != nil {
		t.Fatal(err)
	}
	c.notify("exit", nil)
	if err := <-c.done; err != nil {
		t.Fatal(err)
	}
}
