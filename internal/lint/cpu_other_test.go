//go:build !unix

package lint

import "time"

// cpuTime is not measured here.
func cpuTime() time.Duration { return 0 }
