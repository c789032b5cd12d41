//go:build unix

package lineartest

import (
	"syscall"
	"time"
)

// cpuTime is the user and system CPU time the process has used. Unlike wall
// time it does not grow when other processes take the CPU.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		panic("lineartest: getrusage: " + err.Error())
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
