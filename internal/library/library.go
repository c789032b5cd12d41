// Package library keeps the prompt library in use: it finds the directories
// commands come from (Locations.Sources), loads them with package prompts,
// reloads them when their files change (Library.Watch), and reads the
// guidelines commands include. It knows nothing of MCP and reads nothing
// from the environment: its caller says where everything is.
package library

import (
	"log/slog"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/speedgrapher/speedgrapher/prompts"
)

// Library is the prompt library of a running server: the commands loaded
// from its sources, replaced whole on each reload. Safe for concurrent use.
type Library struct {
	log    *slog.Logger
	resync chan struct{} // tells the watcher that the sources changed

	sources atomic.Pointer[[]prompts.Source] // replaced whole when the roots change
	lib     atomic.Pointer[prompts.Library]  // the library in use; nil until Start

	mu      sync.Mutex                        // serialises loads; guards the fields below
	loc     Locations                         // what sources was made from
	publish func(prev, next *prompts.Library) // told of every load, from Start on
	logged  map[string]bool                   // what the last load logged, so that a reload logs only news
}

// New returns the library of the commands found at loc, not loaded yet. It
// fails when a --prompts directory does not exist.
func New(loc Locations, log *slog.Logger) (*Library, error) {
	srcs, err := loc.Sources()
	if err != nil {
		return nil, err
	}
	l := &Library{log: log, resync: make(chan struct{}, 1), loc: loc}
	l.sources.Store(&srcs)
	return l, nil
}

// Start loads the commands and from then on calls publish after every load,
// with the library before (nil the first time) and after, so that the caller
// can show what changed. publish runs with loads held off: calls come in
// order. It returns the library now in use.
func (l *Library) Start(publish func(prev, next *prompts.Library)) *prompts.Library {
	l.mu.Lock()
	l.publish = publish
	l.mu.Unlock()
	return l.load()
}

// Sources returns the sources the library reads now.
func (l *Library) Sources() []prompts.Source { return *l.sources.Load() }

// load reads the sources: at the first load every file, then again after
// changes. A file that no longer loads keeps its last good version
// (prompts.Library.Reload). It returns the library now in use.
func (l *Library) load() *prompts.Library {
	l.mu.Lock()
	defer l.mu.Unlock()
	prev := l.lib.Load()
	var next *prompts.Library
	var diags []prompts.Diagnostic
	if prev == nil {
		next, diags = prompts.Load(l.Sources()...)
	} else {
		next, diags = prev.Reload(l.Sources()...)
	}
	l.report(diags, next)
	l.lib.Store(next) // before publishing: a client told of a change must find it
	if l.publish != nil {
		l.publish(prev, next)
	}
	return next
}

// Reload loads the commands again, if Start has loaded them.
func (l *Library) Reload() {
	if l.lib.Load() != nil {
		l.load()
	}
}

// Current returns the library, reloaded first when a file changed on disk
// since it was loaded: clients often ignore list-changed notifications, so a
// command is always rendered as its file is now. Before Start it is nil.
func (l *Library) Current() *prompts.Library {
	lib := l.lib.Load()
	if lib == nil || !lib.Stale() {
		return lib
	}
	l.mu.Lock()
	again := l.lib.Load() != lib || !lib.Stale() // another caller reloaded meanwhile
	l.mu.Unlock()
	if again {
		return l.lib.Load()
	}
	l.log.Debug("prompt files changed; reloading before use")
	return l.load()
}

// SetRoots makes the workspace sources (the project directory and imported
// commands) those of roots, and reports whether that changed them. It does
// not reload: call Reload.
func (l *Library) SetRoots(roots []string) (bool, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if slices.Equal(roots, l.loc.Roots) {
		return false, nil
	}
	loc := l.loc
	loc.Roots = roots
	srcs, err := loc.Sources()
	if err != nil {
		return false, err
	}
	l.loc = loc
	l.sources.Store(&srcs)
	select {
	case l.resync <- struct{}{}:
	default: // a resync is pending already
	}
	return true, nil
}

// report logs each diagnostic and override that the previous load did not.
func (l *Library) report(diags []prompts.Diagnostic, lib *prompts.Library) {
	seen := map[string]bool{}
	for _, d := range diags {
		msg := d.String()
		seen[msg] = true
		switch {
		case l.logged[msg]:
		case d.Warning:
			l.log.Warn("template", "diagnostic", msg)
		default:
			l.log.Error("template not loaded", "diagnostic", msg)
		}
	}
	for _, t := range lib.Templates() {
		for _, o := range t.Overrides {
			key := "override\x00" + t.File + "\x00" + o
			seen[key] = true
			if !l.logged[key] {
				l.log.Warn("command overridden", "command", "/"+t.Name, "file", t.File, "overrides", o)
			}
		}
	}
	l.logged = seen
}
