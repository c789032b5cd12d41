// Command gen rewrites the generated parts of the documentation from the
// rule registry (internal/lint/rules.yaml). Run it as go generate
// ./internal/lint; it takes the module root as its argument.
package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/speedgrapher/speedgrapher/internal/lint/ruledoc"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: gen MODULE_ROOT")
		os.Exit(2)
	}
	registry, err := os.ReadFile(filepath.Join(os.Args[1], ruledoc.Registry))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	g, err := ruledoc.NewGenerator(registry)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for _, name := range ruledoc.Files {
		path := filepath.Join(os.Args[1], name)
		if err := regenerate(g, path, name); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}

func regenerate(g *ruledoc.Generator, path, name string) error {
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
