package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/speedgrapher/speedgrapher/internal/mcptest"
)

// patience bounds each wait: long enough for a loaded 2-core machine, and
// not a speed requirement; the test logs how long each change took.
const patience = 10 * time.Second

// The built binary, serving over stdio, follows a project directory that
// does not exist when it starts: a file added, edited, broken and removed is
// reflected, with a list-changed notification for each change of the list.
func TestReloadBinary(t *testing.T) {
	bin, err := exec.LookPath("speedgrapher") // put on PATH by testscript.Main
	if err != nil {
		t.Skip("speedgrapher is not on PATH:", err)
	}
	root, home := t.TempDir(), t.TempDir()
	project := filepath.Join(root, ".speedgrapher", "prompts")
	standup := filepath.Join(project, "standup.md")
	cmd := exec.Command(bin, "--root", root, "--log-level", "info")
	cmd.Env = append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME=")
	var stderr mcptest.Buffer
	cmd.Stderr = &stderr

	changed := make(chan struct{}, 16)
	client := mcp.NewClient(&mcp.Implementation{Name: "reload-test", Version: "0"}, &mcp.ClientOptions{
		PromptListChangedHandler: func(context.Context, *mcp.PromptListChangedRequest) { changed <- struct{}{} },
	})
	ctx := context.Background()
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()

	describe := func(name string) string {
		list, err := cs.ListPrompts(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		i := slices.IndexFunc(list.Prompts, func(p *mcp.Prompt) bool { return p.Name == name })
		if i < 0 {
			return ""
		}
		return list.Prompts[i].Description
	}
	// settle lets notifications already on their way arrive and drops them.
	settle := func() {
		for {
			select {
			case <-changed:
			case <-time.After(500 * time.Millisecond):
				return
			}
		}
	}
	// change makes a change on disk, waits for a notification, then for the
	// list to show the change (one edit may be seen as several reloads, each
	// notifying), and drops the notifications that trail it.
	change := func(step string, do func(), shows func() bool) {
		t.Helper()
		start := time.Now()
		do()
		select {
		case <-changed:
			t.Logf("%s: notified after %v", step, time.Since(start).Round(time.Millisecond))
		case <-time.After(patience):
			t.Fatalf("%s: no notifications/prompts/list_changed within %v; stderr:\n%s", step, patience, stderr.String())
		}
		for !shows() {
			if time.Since(start) > patience {
				t.Fatalf("%s: the prompt list does not show the change after %v", step, patience)
			}
			time.Sleep(10 * time.Millisecond)
		}
		settle()
	}
	write := func(path, text string) func() {
		return func() {
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}

	// The server registers its commands after answering initialize, and
	// does not announce that: no client can have seen a list before it.
	describe("standup")
	select {
	case <-changed:
		t.Fatal("a list-changed notification before anything changed on disk")
	case <-time.After(500 * time.Millisecond):
	}

	change("added", func() {
		write(filepath.Join(project, "notes.md"), "---\ndescription: Notes.\n---\nNotes.\n")()
		write(standup, "---\ndescription: Stand-up v1.\n---\nStand-up v1.\n")()
	}, func() bool { return describe("standup") == "Stand-up v1." && describe("notes") == "Notes." })

	change("edited", write(standup, "---\ndescription: Stand-up v2.\n---\nStand-up v2.\n"),
		func() bool { return describe("standup") == "Stand-up v2." })

	// Broken: the list does not change, so there is no notification; the
	// log names file:line once the reload ran, and v2 keeps working.
	start := time.Now()
	write(standup, "---\ndescription: Stand-up v3.\n---\nStand-up {{ .nope }}.\n")()
	want := filepath.Join(".speedgrapher", "prompts", "standup.md") + ":4: .nope is not an argument"
	for !strings.Contains(stderr.String(), want) {
		if time.Since(start) > patience {
			t.Fatalf("broken: log lacks %q after %v:\n%s", want, patience, stderr.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Logf("broken: logged after %v", time.Since(start).Round(time.Millisecond))
	res, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "standup"})
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Messages[0].Content.(*mcp.TextContent).Text; got != "Stand-up v2." {
		t.Errorf("broken: standup renders %q, want the last good version", got)
	}
	if got := describe("notes"); got != "Notes." {
		t.Errorf("broken: notes = %q, want it still listed", got)
	}

	change("removed", func() {
		if err := os.Remove(standup); err != nil {
			t.Fatal(err)
		}
	}, func() bool { return describe("standup") == "" })
	if got := describe("notes"); got != "Notes." {
		t.Errorf("after removing: notes = %q", got)
	}
}
