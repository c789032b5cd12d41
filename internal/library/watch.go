package library

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"
)

// reloadDelay is how long the prompt files must stay quiet before a reload:
// an editor's save is often several events (write, chmod, rename).
const reloadDelay = 200 * time.Millisecond

// dirWatcher is what watching needs from fsnotify; tests use a fake.
type dirWatcher interface {
	Add(dir string) error
	Remove(dir string) error
	Events() <-chan fsnotify.Event
	Errors() <-chan error
	Close() error
}

type fsWatcher struct{ *fsnotify.Watcher }

func (w fsWatcher) Events() <-chan fsnotify.Event { return w.Watcher.Events }
func (w fsWatcher) Errors() <-chan error          { return w.Watcher.Errors }

// newDirWatcher makes the watcher; a variable so that tests can replace it.
var newDirWatcher = func() (dirWatcher, error) {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	return fsWatcher{w}, nil
}

// Watch watches every directory source, with its subdirectories, and
// reloads the commands when files there have been quiet for reloadDelay. A
// source directory that does not exist yet is waited for by watching its
// nearest existing parent; after SetRoots the new roots' directories are
// watched. Each reload is published as Start said. Watching stops, and its
// goroutine ends, when ctx is done.
func (l *Library) Watch(ctx context.Context) error {
	w, err := newDirWatcher()
	if err != nil {
		return err
	}
	watched := map[string]bool{}
	l.syncWatches(w, watched)
	go func() {
		defer w.Close()
		timer := time.NewTimer(reloadDelay)
		timer.Stop()
		defer timer.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case ev, ok := <-w.Events():
				if !ok {
					return
				}
				if l.relevant(ev.Name) {
					timer.Reset(reloadDelay)
				}
			case err, ok := <-w.Errors():
				if !ok {
					return
				}
				l.log.Warn("watching prompt files", "error", err)
			case <-timer.C:
				l.syncWatches(w, watched) // first: a new folder's files are loaded now and watched from now
				l.load()
			case <-l.resync: // the sources follow new roots; SetRoots's caller reloads them
				l.syncWatches(w, watched)
			}
		}
	}()
	return nil
}

// relevant reports whether a change at path can change the prompts: it is
// inside a source directory, or on the way to one that does not exist yet.
func (l *Library) relevant(path string) bool {
	for _, s := range l.Sources() {
		if s.Dir == "" {
			continue
		}
		if within(path, s.Dir) || within(s.Dir, path) {
			return true
		}
	}
	return false
}

// within reports whether path is dir or inside it.
func within(path, dir string) bool {
	return path == dir || strings.HasPrefix(path, dir+string(filepath.Separator))
}

// syncWatches makes the watched set the directories the sources need now:
// each existing source directory and its subdirectories (hidden ones
// excepted, as the loader skips them), and for a missing source directory
// its nearest existing parent.
func (l *Library) syncWatches(w dirWatcher, watched map[string]bool) {
	want := map[string]bool{}
	for _, s := range l.Sources() {
		if s.Dir == "" {
			continue
		}
		if fi, err := os.Stat(s.Dir); err != nil || !fi.IsDir() {
			if parent := existingParent(s.Dir); parent != "" {
				want[parent] = true
			}
			continue
		}
		filepath.WalkDir(s.Dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || !d.IsDir() {
				return nil
			}
			if path != s.Dir && strings.HasPrefix(d.Name(), ".") {
				return fs.SkipDir
			}
			want[path] = true
			return nil
		})
	}
	for dir := range watched {
		if !want[dir] {
			w.Remove(dir) // an error means it is gone already
			delete(watched, dir)
		}
	}
	for dir := range want {
		if watched[dir] {
			continue
		}
		if err := w.Add(dir); err != nil {
			l.log.Warn("watching prompt files", "dir", dir, "error", err)
			continue
		}
		watched[dir] = true
	}
}

// existingParent is the nearest parent of dir that exists, or "".
func existingParent(dir string) string {
	for {
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		if fi, err := os.Stat(parent); err == nil && fi.IsDir() {
			return parent
		}
		dir = parent
	}
}
