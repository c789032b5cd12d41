package server

import (
	"context"
	"slices"
	"testing"
	"testing/synctest"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// With one client and no --root, the project's prompt directory and imported
// commands come from the client's roots: the first prompts/list shows them
// (with no list-changed notification, as nothing listed before changed), and
// a change of roots brings the new project's commands with a notification.
// A server shared by many clients (FollowClientRoots off) keeps its own.
func TestProjectCommandsFollowClientRoots(t *testing.T) {
	d := dirs(t, "blog", "docs")
	writeFiles(t, d["blog"], map[string]string{
		".speedgrapher/prompts/standup.md": "---\ndescription: Blog stand-up.\n---\nStand-up.\n",
		".claude/commands/ship.md":         "---\ndescription: Ship it.\n---\nShip $ARGUMENTS.\n",
	})
	writeFiles(t, d["docs"], map[string]string{
		".speedgrapher/prompts/release-notes.md": "---\ndescription: Docs release notes.\n---\nNotes.\n",
	})
	for _, follow := range []bool{true, false} {
		synctest.Test(t, func(t *testing.T) {
			srv, err := NewServer(Options{FollowClientRoots: follow, TrustClientRoots: follow, Logger: quiet})
			if err != nil {
				t.Fatal(err)
			}
			client, notified := countingClient("editor")
			client.AddRoots(&mcp.Root{URI: dirURI(d["blog"])})
			cs, ss := connectClient(t, srv, client)
			ctx := context.Background()
			// names lists the project commands present, once notifications have had time to arrive.
			names := func() (got []string, notifications int) {
				list, err := cs.ListPrompts(ctx, nil)
				if err != nil {
					t.Fatal(err)
				}
				for _, p := range list.Prompts {
					if p.Name == "standup" || p.Name == "ship" || p.Name == "release-notes" {
						got = append(got, p.Name)
					}
				}
				slices.Sort(got)
				time.Sleep(time.Second)
				synctest.Wait()
				return got, notified()
			}

			got, n := names()
			want := []string{"ship", "standup"}
			if !follow {
				want = nil
			}
			if !slices.Equal(got, want) || n != 0 {
				t.Errorf("follow=%v, roots blog: commands %q after %d notifications, want %q after 0", follow, got, n, want)
			}

			client.RemoveRoots(dirURI(d["blog"]))
			client.AddRoots(&mcp.Root{URI: dirURI(d["docs"])})
			synctest.Wait() // the server has had notifications/roots/list_changed
			got, n = names()
			want, wantN := []string{"release-notes"}, 1
			if !follow {
				want, wantN = nil, 0
			}
			if !slices.Equal(got, want) || n != wantN {
				t.Errorf("follow=%v, roots docs: commands %q after %d notifications, want %q after %d", follow, got, n, want, wantN)
			}
			cs.Close()
			ss.Close()
		})
	}
}
