// Package ctxtest has a context for tests of cancellation: one that is
// cancelled after the work has looked at it a given number of times, so a
// test shows that the work looks often and stops when told, wherever it is.
package ctxtest

import "context"

// Countdown is a context whose Err is context.Canceled from the N+1st call
// on. Asked counts the calls, AfterCancel those that answered Canceled.
// It is not safe for concurrent use: the work under test is sequential.
type Countdown struct {
	context.Context
	N, Asked, AfterCancel int
}

// New returns a Countdown over the background context.
func New(n int) *Countdown {
	return &Countdown{Context: context.Background(), N: n}
}

// Err is nil for the first N calls, then context.Canceled.
func (c *Countdown) Err() error {
	c.Asked++
	if c.Asked > c.N {
		c.AfterCancel++
		return context.Canceled
	}
	return nil
}
