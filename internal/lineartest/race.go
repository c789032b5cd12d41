//go:build race

package lineartest

// raceEnabled is true under the race detector, which grows every
// allocation: heap per byte means nothing there, so Check skips it.
const raceEnabled = true
