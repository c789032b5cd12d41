//go:build unix

package markdown

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process has used: unlike the wall clock, it
// does not grow when other processes take the machine.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return time.Duration(time.Now().UnixNano())
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
