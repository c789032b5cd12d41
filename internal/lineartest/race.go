//go:build race

package lineartest

// raceEnabled is true under the race detector, which grows every
// allocation and slows work unevenly: heap per byte means nothing there, so
// Check skips it, and it allows a larger time ratio.
const raceEnabled = true
