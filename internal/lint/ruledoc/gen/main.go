// Command gen writes what is generated from the rule registry
// (internal/lint/rules.yaml): rules_gen.go, the rules tables of the READMEs
// and the rule list of package lint's doc comment. Run it as go generate
// ./internal/lint; it takes the module root as its argument.
// TestGeneratedUpToDate regenerates in memory and fails while a file is
// stale. It lives apart from package ruledoc so that the program does not
// link go/format.
package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: gen MODULE_ROOT")
		os.Exit(2)
	}
	registry, err := os.ReadFile(filepath.Join(os.Args[1], Registry))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	g, err := NewGenerator(registry)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for _, name := range Files {
		path := filepath.Join(os.Args[1], name)
		if err := regenerate(g, path, name); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}

func regenerate(g *Generator, path, name string) error {
	old, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("regenerate %s: %w", name, err)
	}
	src, err := g.Regenerate(name, old)
	if err != nil {
		return err
	}
	if string(src) == string(old) {
		return nil
	}
	return os.WriteFile(path, src, 0o644)
}
