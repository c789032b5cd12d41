package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/speedgrapher/speedgrapher/internal/library"
	"github.com/speedgrapher/speedgrapher/prompts"
)

// locations says where the prompt library looks for commands: the one place
// that reads HOME, XDG_CONFIG_HOME and the current directory for it.
// XDG_CONFIG_HOME must be absolute to count (the XDG rule); otherwise the
// user directory is ~/.config. Without a home there are no personal sources.
func (c *cli) locations() (library.Locations, error) {
	wd, err := os.Getwd()
	if err != nil {
		return library.Locations{}, fmt.Errorf("find the current directory: %w", err)
	}
	home, _ := os.UserHomeDir() // none: no home sources
	config := os.Getenv("XDG_CONFIG_HOME")
	if !filepath.IsAbs(config) && home != "" {
		config = filepath.Join(home, ".config")
	}
	return library.Locations{Home: home, ConfigHome: config, WorkDir: wd, Roots: c.roots, PromptDirs: c.promptDirs}, nil
}

// promptSources returns every source of commands, as the server reads them.
func (c *cli) promptSources() ([]prompts.Source, error) {
	loc, err := c.locations()
	if err != nil {
		return nil, err
	}
	return loc.Sources()
}
