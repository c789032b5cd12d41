package server

import (
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// DefaultMaxSessions is how many HTTP sessions a server keeps at once unless
// told otherwise. A session costs about 35 KB of memory while it lives (RSS,
// measured over 5,000), and one that its client forgets lives until the idle
// timeout (30 minutes): 500 is room for a team of fifty writers with several
// editors or agents each, and their reconnections, in under 20 MB.
const DefaultMaxSessions = 500

// sessionRetryAfter is what a client refused for lack of room is told to
// wait (Retry-After): places free as clients end their sessions, or at the
// idle timeout; asking again sooner would only add load.
const sessionRetryAfter = time.Minute

// sessionLimit bounds the live sessions of a server. The live ones are the
// server's own list, which a session leaves as it closes (DELETE, idle
// timeout, failed initialize), so nothing here has to notice closings.
// Requests that may open a session count while they run, so that many
// arriving at once cannot all pass.
type sessionLimit struct {
	srv *mcp.Server
	max int

	mu      sync.Mutex
	opening int // POSTs without a session, in the SDK now
}

// enter reports whether a request may open a session; if so, it must call
// leave when the SDK is done with it.
func (l *sessionLimit) enter() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	live := 0
	for range l.srv.Sessions() {
		live++
	}
	// A session opened by a request still counted in opening is counted
	// twice for a moment: the limit errs on the side of refusing.
	if live+l.opening >= l.max {
		return false
	}
	l.opening++
	return true
}

func (l *sessionLimit) leave() {
	l.mu.Lock()
	l.opening--
	l.mu.Unlock()
}
