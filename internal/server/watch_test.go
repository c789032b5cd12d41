package server

import (
	"bytes"
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/fsnotify/fsnotify"
	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestMain gives the tests an empty home and config directory, so that a
// developer's own ~/.claude/commands or ~/.config/speedgrapher never leak in.
func TestMain(m *testing.M) {
	home, err := os.MkdirTemp("", "speedgrapher-home-")
	if err != nil {
		panic(err)
	}
	os.Setenv("HOME", home)
	os.Unsetenv("XDG_CONFIG_HOME")
	code := m.Run()
	os.RemoveAll(home)
	os.Exit(code)
}

// fakeWatcher stands in for fsnotify inside a synctest bubble, where a
// goroutine blocked in a system call would never count as idle. The test
// sends the events a real watcher would.
type fakeWatcher struct {
	events chan fsnotify.Event
	errors chan error

	mu     sync.Mutex
	dirs   map[string]bool
	closed bool
}

func newFakeWatcher() *fakeWatcher {
	return &fakeWatcher{events: make(chan fsnotify.Event), errors: make(chan error), dirs: map[string]bool{}}
}

func (w *fakeWatcher) Add(dir string) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.dirs[dir] = true
	return nil
}

func (w *fakeWatcher) Remove(dir string) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	delete(w.dirs, dir)
	return nil
}

func (w *fakeWatcher) Events() <-chan fsnotify.Event { return w.events }
func (w *fakeWatcher) Errors() <-chan error          { return w.errors }

func (w *fakeWatcher) Close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.closed = true
	return nil
}

func (w *fakeWatcher) watching(dir string) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.dirs[dir]
}

// logBuffer is a log destination safe for the server's goroutines.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *logBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

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
	standupV3     = "---\ndescription: Stand-up, third version.\n---\nStand-up v3 (never announced).\n"
	notes         = "---\ndescription: Notes.\n---\nNotes.\n"
)

// In a running session, a file added, edited, broken and removed in the
// project directory (which does not exist when the server starts) is
// reflected after the debounce, with one list-changed notification per
// change; the broken file hides nothing and its last good version stays.
func TestWatchProjectDirectory(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		fake := newFakeWatcher()
		defer func(old func() (dirWatcher, error)) { newDirWatcher = old }(newDirWatcher)
		newDirWatcher = func() (dirWatcher, error) { return fake, nil }

		root := t.TempDir()
		project := filepath.Join(root, ".speedgrapher", "prompts")
		standup := filepath.Join(project, "standup.md")
		var logs logBuffer
		ctx, cancel := context.WithCancel(context.Background())
		srv, err := NewServer(Options{Roots: []string{root}, Watch: ctx, Logger: slogTo(&logs)})
		if err != nil {
			t.Fatal(err)
		}
		var mu sync.Mutex
		changes := 0
		client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, &mcp.ClientOptions{
			PromptListChangedHandler: func(context.Context, *mcp.PromptListChangedRequest) {
				mu.Lock()
				changes++
				mu.Unlock()
			},
		})
		st, ct := mcp.NewInMemoryTransports()
		ss, err := srv.Connect(ctx, st, nil)
		if err != nil {
			t.Fatal(err)
		}
		cs, err := client.Connect(ctx, ct, nil)
		if err != nil {
			t.Fatal(err)
		}
		notified := func() int {
			mu.Lock()
			defer mu.Unlock()
			return changes
		}
		// Commands are registered after initialize, without a notification:
		// the "start" check below sees none.
		if _, err := cs.ListPrompts(ctx, nil); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Second)
		synctest.Wait()
		// event sends what fsnotify would, then lets the debounce run out.
		event := func(path string, op fsnotify.Op) {
			fake.events <- fsnotify.Event{Name: path, Op: op}
			time.Sleep(reloadDelay + 50*time.Millisecond)
			synctest.Wait()
		}
		type state struct {
			Notifications int
			Standup       string // its description in prompts/list, "" when absent
			Resource      bool   // speedgrapher://prompts/standup is listed
			Notes         bool
		}
		now := func() state {
			list, err := cs.ListPrompts(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			s := state{Notifications: notified()}
			for _, p := range list.Prompts {
				switch p.Name {
				case "standup":
					s.Standup = p.Description
				case "notes":
					s.Notes = true
				}
			}
			res, err := cs.ListResources(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			s.Resource = slices.ContainsFunc(res.Resources, func(r *mcp.Resource) bool { return r.URI == promptURIPrefix+"standup" })
			return s
		}
		check := func(step string, want state) {
			t.Helper()
			if diff := cmp.Diff(want, now()); diff != "" {
				t.Errorf("%s (-want +got):\n%s", step, diff)
			}
		}

		if !fake.watching(root) || fake.watching(project) {
			t.Fatalf("before the project directory exists, want its nearest parent %s watched", root)
		}
		check("start", state{})

		// Added: the directory and two files appear at once.
		writeFile(t, filepath.Join(project, "notes.md"), notes)
		writeFile(t, standup, standupV1)
		event(filepath.Join(root, ".speedgrapher"), fsnotify.Create)
		check("added", state{Notifications: 1, Standup: "Stand-up, first version.", Resource: true, Notes: true})
		if !fake.watching(project) {
			t.Errorf("the new project directory %s is not watched", project)
		}

		// Edited, with a burst of events: one reload, once quiet.
		writeFile(t, standup, standupV2)
		for range 3 {
			fake.events <- fsnotify.Event{Name: standup, Op: fsnotify.Write}
			time.Sleep(reloadDelay / 2)
		}
		synctest.Wait()
		check("mid-burst", state{Notifications: 1, Standup: "Stand-up, first version.", Resource: true, Notes: true})
		time.Sleep(reloadDelay)
		synctest.Wait()
		check("edited", state{Notifications: 2, Standup: "Stand-up, second version.", Resource: true, Notes: true})

		// Broken: logged with file:line; the last good version stays and
		// nothing else goes. The list does not change, so no notification.
		writeFile(t, standup, standupBroken)
		event(standup, fsnotify.Write)
		check("broken", state{Notifications: 2, Standup: "Stand-up, second version.", Resource: true, Notes: true})
		if want := filepath.Join(".speedgrapher", "prompts", "standup.md") + ":4: .nope is not an argument"; !strings.Contains(logs.String(), want) {
			t.Errorf("log lacks %q:\n%s", want, logs.String())
		}
		if got := renderText(t, cs, "standup", nil); !slices.Equal(got, []string{"user: Stand-up v2."}) {
			t.Errorf("broken standup renders %q, want the last good version", got)
		}

		// Edited with no event at all (a client that ignores list_changed, a
		// watcher that missed it): prompts/get renders the file as it is now.
		writeFile(t, standup, standupV3)
		if got := renderText(t, cs, "standup", nil); !slices.Equal(got, []string{"user: Stand-up v3 (never announced)."}) {
			t.Errorf("prompts/get after an unannounced edit = %q, want the file as on disk", got)
		}
		time.Sleep(50 * time.Millisecond) // the SDK batches notifications for 10ms
		synctest.Wait()
		check("read on get", state{Notifications: 3, Standup: "Stand-up, third version.", Resource: true, Notes: true})

		// Removed: the command and its resource go.
		if err := os.Remove(standup); err != nil {
			t.Fatal(err)
		}
		event(standup, fsnotify.Remove)
		check("removed", state{Notifications: 4, Notes: true})

		// An event elsewhere in the workspace does not reload.
		event(filepath.Join(root, "draft.md"), fsnotify.Write)
		check("unrelated", state{Notifications: 4, Notes: true})

		cs.Close()
		ss.Close()
		cancel()
		synctest.Wait() // the watcher's goroutine has ended, or the bubble would not finish
		if !fake.closed {
			t.Error("the watcher was not closed when the context ended")
		}
	})
}

func slogTo(w *logBuffer) *slog.Logger {
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelDebug}))
}
