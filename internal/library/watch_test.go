package library

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"testing/fstest"
	"testing/synctest"
	"time"

	"github.com/fsnotify/fsnotify"
	"github.com/google/go-cmp/cmp"

	"github.com/speedgrapher/speedgrapher/prompts"
)

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

const (
	standupV1     = "---\ndescription: Stand-up, first version.\n---\nStand-up v1.\n"
	standupV2     = "---\ndescription: Stand-up, second version.\n---\nStand-up v2.\n"
	standupBroken = "---\ndescription: Stand-up, broken.\n---\nStand-up {{ .nope }}.\n"
	notes         = "---\ndescription: Notes.\n---\nNotes.\n"
)

// tree writes files (slash paths under dir) that do not exist yet, with
// their directories.
func tree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	fsys := fstest.MapFS{}
	for name, text := range files {
		fsys[name] = &fstest.MapFile{Data: []byte(text), Mode: 0o644}
	}
	if err := os.CopyFS(dir, fsys); err != nil {
		t.Fatal(err)
	}
}

// edit replaces the text of an existing file.
func edit(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// A file added, edited, broken and removed in a project directory that does
// not exist when watching starts is reloaded once its events have been quiet
// for reloadDelay, each reload published; the broken file keeps its last
// good version; an event elsewhere reloads nothing; new roots are watched;
// the watcher closes when the context ends.
func TestWatch(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		fake := newFakeWatcher()
		defer func(old func() (dirWatcher, error)) { newDirWatcher = old }(newDirWatcher)
		newDirWatcher = func() (dirWatcher, error) { return fake, nil }

		root, other := t.TempDir(), t.TempDir()
		project := filepath.Join(root, ".speedgrapher", "prompts")
		standup := filepath.Join(project, "standup.md")
		lib, err := New(Locations{WorkDir: root, Roots: []string{root}}, slog.New(slog.DiscardHandler))
		if err != nil {
			t.Fatal(err)
		}
		var mu sync.Mutex
		published := 0
		lib.Start(func(prev, next *prompts.Library) {
			mu.Lock()
			published++
			mu.Unlock()
		})
		ctx, cancel := context.WithCancel(context.Background())
		if err := lib.Watch(ctx); err != nil {
			t.Fatal(err)
		}
		synctest.Wait()

		// event sends what fsnotify would, then lets the debounce run out.
		event := func(path string, op fsnotify.Op) {
			fake.events <- fsnotify.Event{Name: path, Op: op}
			time.Sleep(reloadDelay + 50*time.Millisecond)
			synctest.Wait()
		}
		type state struct {
			Published int
			Standup   string // its description, "" when absent
			Notes     bool
		}
		check := func(step string, want state) {
			t.Helper()
			l := lib.lib.Load() // not Current: that would reload by itself
			mu.Lock()
			got := state{Published: published}
			mu.Unlock()
			if s, ok := l.Lookup("standup"); ok {
				got.Standup = s.Description
			}
			_, got.Notes = l.Lookup("notes")
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s (-want +got):\n%s", step, diff)
			}
		}

		if !fake.watching(root) || fake.watching(project) {
			t.Fatalf("before the project directory exists, want its nearest parent %s watched", root)
		}
		check("start", state{Published: 1})

		tree(t, root, map[string]string{".speedgrapher/prompts/notes.md": notes, ".speedgrapher/prompts/standup.md": standupV1})
		event(filepath.Join(root, ".speedgrapher"), fsnotify.Create)
		check("added", state{Published: 2, Standup: "Stand-up, first version.", Notes: true})
		if !fake.watching(project) {
			t.Errorf("the new project directory %s is not watched", project)
		}

		// A burst of events: one reload, once quiet.
		edit(t, standup, standupV2)
		for range 3 {
			fake.events <- fsnotify.Event{Name: standup, Op: fsnotify.Write}
			time.Sleep(reloadDelay / 2)
		}
		synctest.Wait()
		check("mid-burst", state{Published: 2, Standup: "Stand-up, first version.", Notes: true})
		time.Sleep(reloadDelay)
		synctest.Wait()
		check("edited", state{Published: 3, Standup: "Stand-up, second version.", Notes: true})

		edit(t, standup, standupBroken)
		event(standup, fsnotify.Write)
		check("broken", state{Published: 4, Standup: "Stand-up, second version.", Notes: true})

		if err := os.Remove(standup); err != nil {
			t.Fatal(err)
		}
		event(standup, fsnotify.Remove)
		check("removed", state{Published: 5, Notes: true})

		event(filepath.Join(root, "draft.md"), fsnotify.Write)
		check("unrelated", state{Published: 5, Notes: true})

		// New roots: their directories are watched, the old ones no longer.
		if changed, err := lib.SetRoots([]string{other}); !changed || err != nil {
			t.Fatalf("SetRoots(%s) = %v, %v; want a change", other, changed, err)
		}
		synctest.Wait()
		if !fake.watching(other) || fake.watching(project) {
			t.Errorf("after SetRoots, want %s watched and %s not", other, project)
		}

		cancel()
		synctest.Wait() // the watcher's goroutine has ended, or the bubble would not finish
		if !fake.closed {
			t.Error("the watcher was not closed when the context ended")
		}
	})
}
