package server

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/speedgrapher/speedgrapher/internal/mcptest"
)

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

const (
	standupV1     = "---\ndescription: Stand-up, first version.\n---\nStand-up v1.\n"
	standupV2     = "---\ndescription: Stand-up, second version.\n---\nStand-up v2.\n"
	standupBroken = "---\ndescription: Stand-up, broken.\n---\nStand-up {{ .nope }}.\n"
	notes         = "---\ndescription: Notes.\n---\nNotes.\n"
)

// In a running session, a command file added, edited, broken and removed
// in the project directory (which does not exist when the server starts) is
// reflected in the lists, with one list-changed notification per change:
// here each change is found by prompts/get, as it is when the watcher missed
// it (library.TestWatch covers the watcher). The broken file
// hides nothing and its last good version stays.
func TestPublishFollowsFiles(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		root := t.TempDir()
		project := filepath.Join(root, ".speedgrapher", "prompts")
		standup := filepath.Join(project, "standup.md")
		var logs mcptest.Buffer
		srv, err := NewServer(Options{Roots: []string{root}, Logger: slogTo(&logs)})
		if err != nil {
			t.Fatal(err)
		}
		client, notified := countingClient("test")
		cs, ss := connectClient(t, srv, client)
		ctx := context.Background()
		type state struct {
			Notifications int
			Standup       string // its description in prompts/list, "" when absent
			Resource      bool   // speedgrapher://prompts/standup is listed
			Notes         bool
		}
		// check waits out the SDK's 10ms batching of notifications, then
		// compares what the client sees with want.
		check := func(step string, want state) {
			t.Helper()
			time.Sleep(time.Second)
			synctest.Wait()
			list, err := cs.ListPrompts(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			got := state{Notifications: notified()}
			for _, p := range list.Prompts {
				switch p.Name {
				case "standup":
					got.Standup = p.Description
				case "notes":
					got.Notes = true
				}
			}
			res, err := cs.ListResources(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			got.Resource = slices.ContainsFunc(res.Resources, func(r *mcp.Resource) bool { return r.URI == promptURIPrefix+"standup" })
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s (-want +got):\n%s", step, diff)
			}
		}
		check("start", state{})

		// Added: the directory and two files appear at once.
		writeFile(t, filepath.Join(project, "notes.md"), notes)
		writeFile(t, standup, standupV1)
		renderText(t, cs, "reflect", nil) // prompts/get finds only listed commands: use a shipped one
		if got := renderText(t, cs, "standup", nil); !slices.Equal(got, []string{"user: Stand-up v1."}) {
			t.Errorf("new standup renders %q, want its first version", got)
		}
		check("added", state{Notifications: 1, Standup: "Stand-up, first version.", Resource: true, Notes: true})

		writeFile(t, standup, standupV2)
		renderText(t, cs, "notes", nil)
		check("edited", state{Notifications: 2, Standup: "Stand-up, second version.", Resource: true, Notes: true})

		// Broken: logged with file:line; the last good version stays and
		// nothing else goes. The list does not change, so no notification.
		writeFile(t, standup, standupBroken)
		if got := renderText(t, cs, "standup", nil); !slices.Equal(got, []string{"user: Stand-up v2."}) {
			t.Errorf("broken standup renders %q, want the last good version", got)
		}
		check("broken", state{Notifications: 2, Standup: "Stand-up, second version.", Resource: true, Notes: true})
		if want := filepath.Join(".speedgrapher", "prompts", "standup.md") + ":4: .nope is not an argument"; !strings.Contains(logs.String(), want) {
			t.Errorf("log lacks %q:\n%s", want, logs.String())
		}

		// Removed: the command and its resource go.
		if err := os.Remove(standup); err != nil {
			t.Fatal(err)
		}
		if _, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "standup"}); err == nil || !strings.Contains(err.Error(), `unknown prompt "standup"`) {
			t.Errorf("prompts/get of the removed standup: error %v, want unknown prompt", err)
		}
		check("removed", state{Notifications: 3, Notes: true})

		cs.Close()
		ss.Close()
	})
}

// countingClient returns a client that counts the prompt list-changed
// notifications it hears, and how to read the count.
func countingClient(name string) (*mcp.Client, func() int) {
	var n atomic.Int64
	client := mcp.NewClient(&mcp.Implementation{Name: name, Version: "0"}, &mcp.ClientOptions{
		PromptListChangedHandler: func(context.Context, *mcp.PromptListChangedRequest) { n.Add(1) },
	})
	return client, func() int { return int(n.Load()) }
}

func slogTo(w *mcptest.Buffer) *slog.Logger {
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelDebug}))
}
