//go:build !unix

package lineartest

import "time"

var epoch = time.Now()

// cpuTime falls back to wall time where getrusage is missing.
func cpuTime() time.Duration { return time.Since(epoch) }
