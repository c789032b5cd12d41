package main

import (
	"io"
	"testing"
	"time"
)

func TestDrainTimeoutFlag(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want time.Duration
		ok   bool
	}{
		{nil, 0, true}, // 0: server.DefaultDrainTimeout
		{[]string{"--drain-timeout", "2m"}, 2 * time.Minute, true},
		{[]string{"--drain-timeout=0"}, 0, false},
		{[]string{"--drain-timeout", "soon"}, 0, false},
	} {
		c := &cli{stderr: io.Discard}
		fs := c.flagSet("test", serverFlags)
		fs.SetOutput(io.Discard)
		_, err := parseInterleaved(fs, tc.args)
		if (err == nil) != tc.ok || c.drainTimeout != tc.want {
			t.Errorf("%q: drainTimeout %v, error %v; want %v, ok %v", tc.args, c.drainTimeout, err, tc.want, tc.ok)
		}
	}
}
