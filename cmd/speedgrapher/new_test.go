package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/speedgrapher/speedgrapher/prompts"
)

// new writes a starter that passes check with no diagnostic at all, renders,
// namespaces by folder, and never overwrites.
func TestNewTemplate(t *testing.T) {
	root := t.TempDir()
	other := filepath.Join(t.TempDir(), "team")
	tests := []struct {
		args     []string
		dir      string // --dir
		wantCode int
		wantFile string // relative to root, or absolute
		wantErr  string
	}{
		{args: []string{"standup"}, wantFile: ".speedgrapher/prompts/standup.md"},
		{args: []string{"/git:commit"}, wantFile: ".speedgrapher/prompts/git/commit.md"},
		{args: []string{"standup"}, wantCode: 1, wantErr: "already exists; edit it, or pick another name"},
		{args: []string{"standup"}, dir: other, wantFile: filepath.Join(other, "standup.md")},
		{args: []string{"Stand Up"}, wantCode: exitUsage, wantErr: `"Stand Up" cannot be typed as a slash command`},
		{args: nil, wantCode: exitUsage, wantErr: "new needs one command name"},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		c := &cli{stdout: &stdout, stderr: &stderr, roots: stringList{root}}
		args := tt.args
		if tt.dir != "" {
			args = append([]string{"--dir", tt.dir}, args...)
		}
		code := c.newTemplate(args)
		if code != tt.wantCode || !strings.Contains(stderr.String(), tt.wantErr) {
			t.Errorf("new %q: exit %d, stderr %q; want exit %d and %q", tt.args, code, stderr.String(), tt.wantCode, tt.wantErr)
		}
		if tt.wantFile == "" {
			continue
		}
		path := tt.wantFile
		if !filepath.IsAbs(path) {
			path = filepath.Join(root, filepath.FromSlash(path))
		}
		if _, err := os.Stat(path); err != nil {
			t.Errorf("new %q: %v", tt.args, err)
		}
	}

	// Every file written checks clean and renders.
	for _, dir := range []string{filepath.Join(root, ".speedgrapher", "prompts"), other} {
		lib, diags := prompts.Load(prompts.Source{FS: os.DirFS(dir), Label: dir})
		if len(diags) != 0 {
			t.Errorf("check %s: %v", dir, diags)
		}
		for _, tmpl := range lib.Templates() {
			msgs, err := tmpl.Render(map[string]string{"topic": "flaky tests"}, prompts.Env{})
			if err != nil {
				t.Fatal(err)
			}
			want := []prompts.Message{{Role: "user", Text: "Write a short piece about flaky tests."}}
			if diff := cmp.Diff(want, msgs); diff != "" {
				t.Errorf("/%s (-want +got):\n%s", tmpl.Name, diff)
			}
		}
	}
}
