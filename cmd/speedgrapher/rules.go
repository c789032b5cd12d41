package main

import (
	"github.com/speedgrapher/speedgrapher/internal/lint"
	"github.com/speedgrapher/speedgrapher/internal/lint/ruledoc"
	"github.com/speedgrapher/speedgrapher/internal/typo"
)

// rules lists the lint rules, or explains the one it is given.
func (c *cli) rules(args []string) int {
	switch len(args) {
	case 0:
		if err := ruledoc.List(c.stdout); err != nil {
			return c.fail("list rules: %v", err)
		}
		return 0
	case 1:
	default:
		return c.usageError("rules takes at most one rule, got %q", args)
	}
	r, ok := lint.Lookup(args[0])
	if !ok {
		if near := typo.Closest(args[0], lint.IDs(0)); near != "" {
			return c.usageError("unknown rule %q; did you mean %q?", args[0], near)
		}
		return c.usageError("unknown rule %q; run speedgrapher rules to list them", args[0])
	}
	if err := ruledoc.Explain(c.stdout, r); err != nil {
		return c.fail("explain rule %s: %v", r.ID, err)
	}
	return 0
}
