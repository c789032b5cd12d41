package main

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"

	"github.com/speedgrapher/speedgrapher/internal/lsp"
	"github.com/speedgrapher/speedgrapher/internal/server"
	"github.com/speedgrapher/speedgrapher/internal/workspace"
)

// lsp serves the Language Server Protocol on stdin and stdout for an editor.
// The workspace is --root when given, else the editor's workspace folders.
// Exit status: 0 after the editor's shutdown and exit, 1 after exit without
// shutdown (as the protocol asks), 2 on a usage error.
func (c *cli) lsp(args []string) int {
	if len(args) > 0 {
		return c.usageError("lsp takes no arguments, got %q; an editor starts it as \"speedgrapher lsp\"", args[0])
	}
	s := lsp.New()
	s.Version = server.Version
	s.Log = c.log
	for _, r := range c.roots {
		abs, err := filepath.Abs(r)
		if err != nil {
			return c.usageError("--root %q: %v", r, err)
		}
		s.Roots = append(s.Roots, abs)
	}
	if len(s.Roots) > 0 {
		if _, err := workspace.New(s.Roots...); err != nil {
			return c.usageError("%v", err)
		}
	}
	err := s.Serve(context.Background(), c.stdin, c.stdout)
	switch {
	case errors.Is(err, lsp.ErrNoShutdown):
		return 1
	case err != nil:
		fmt.Fprintf(c.stderr, "speedgrapher: %v\n", err)
		return 1
	}
	return 0
}
