//go:build unix

package lint

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time this process has used, user and system: on a
// shared machine it measures the work where wall time measures the queue.
func cpuTime() time.Duration {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
