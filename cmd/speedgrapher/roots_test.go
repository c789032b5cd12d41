package main

import (
	"context"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/speedgrapher/speedgrapher/internal/mcptest"
)

// An editor that starts the binary outside the project but offers the
// project as its root gets the project's commands over stdio.
func TestProjectFromClientRootsBinary(t *testing.T) {
	bin, err := exec.LookPath("speedgrapher") // put on PATH by testscript.Main
	if err != nil {
		t.Skip("speedgrapher is not on PATH:", err)
	}
	elsewhere, project, home := t.TempDir(), t.TempDir(), t.TempDir()
	dir := filepath.Join(project, ".speedgrapher", "prompts")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "standup.md"), []byte("---\ndescription: Project stand-up.\n---\nStand-up.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin)
	cmd.Dir = elsewhere
	cmd.Env = append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME=")
	var stderr mcptest.Buffer
	cmd.Stderr = &stderr
	client := mcp.NewClient(&mcp.Implementation{Name: "editor", Version: "0"}, nil)
	client.AddRoots(&mcp.Root{URI: (&url.URL{Scheme: "file", Path: filepath.ToSlash(project)}).String()})
	ctx := context.Background()
	// 2025-11-25, as editors speak today: from 2026-07-28 on, roots are deprecated.
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, &mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	list, err := cs.ListPrompts(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(list.Prompts, func(p *mcp.Prompt) bool { return p.Name == "standup" }) {
		t.Errorf("prompts/list lacks the project's /standup; stderr:\n%s", stderr.String())
	}
}
