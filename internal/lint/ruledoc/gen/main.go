// Command gen rewrites the generated parts of the documentation from the
// rule registry (internal/lint/rules.yaml). Run it as go generate
// ./internal/lint; it takes the module root as its argument.
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/speedgrapher/speedgrapher/internal/lint/ruledoc"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: gen MODULE_ROOT")
		os.Exit(2)
	}
	for _, name := range ruledoc.Files {
		path := filepath.Join(os.Args[1], name)
		if err := regenerate(path, name); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}

func regenerate(path, name string) error {
	old, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("regenerate %s: %w", name, err)
	}
	src, err := ruledoc.Regenerate(name, old)
	if err != nil {
		return err
	}
	if string(src) == string(old) {
		return nil
	}
	return os.WriteFile(path, src, 0o644)
}
