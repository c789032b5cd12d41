package main

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/speedgrapher/speedgrapher/prompts"
)

// newTemplate writes a commented starter template for the command NAME into
// the project directory (.speedgrapher/prompts in the first workspace root),
// or --dir. A folder prefix ("git:commit") becomes a subfolder. It never
// overwrites a file. It parses its own flags (--dir and the common ones).
func (c *cli) newTemplate(args []string) int {
	var dir string
	flags := c.flagSet("speedgrapher new")
	flags.StringVar(&dir, "dir", "", "the `directory` to write the template into (default .speedgrapher/prompts in the first --root, else the current directory)")
	flags.Usage = func() {
		fmt.Fprintf(flags.Output(), "Usage: speedgrapher new [flags] NAME\n\nWrite a commented starter template for the command /NAME; a folder prefix (git:commit) makes a subfolder. Never overwrites.\n\nFlags:\n")
		flags.PrintDefaults()
	}
	args, err := parseInterleaved(flags, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return exitUsage
	}
	if len(args) != 1 {
		return c.usageError("new needs one command name, such as: speedgrapher new standup")
	}
	name := strings.TrimPrefix(args[0], "/")
	if !prompts.ValidName(name) {
		return c.usageError("new: %q cannot be typed as a slash command; use lower-case letters, digits, \"-\" and \"_\", with \":\" after a folder name (git:commit)", name)
	}
	if dir == "" {
		root := "."
		if len(c.roots) > 0 {
			root = c.roots[0]
		}
		dir = filepath.Join(root, ".speedgrapher", "prompts")
	}
	path := filepath.Join(dir, filepath.FromSlash(strings.ReplaceAll(name, ":", "/"))+".md")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return c.fail("new: %v", err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return c.fail("new: %s already exists; edit it, or pick another name", path)
	}
	if err != nil {
		return c.fail("new: %v", err)
	}
	_, err = f.WriteString(starter(name))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return c.fail("new: write %s: %v", path, err)
	}
	fmt.Fprintf(c.stdout, "wrote %s\nedit it, then try it: speedgrapher prompt %s topic=\"...\"\ncheck it: speedgrapher check %s\n", path, name, dir)
	return 0
}

// starter is the text of a new template: a working command whose comments
// say what each part is for.
func starter(name string) string {
	return strings.ReplaceAll(`---
# The command /NAME. Keys: name, title, description, arguments.
# title: A short human title
description: Says what /NAME does, in one sentence; agents show it in their command list.
arguments:
  - name: topic
    description: What to write about. Rename, add or remove arguments as you need.
    # title: Topic
    # required: true              # the writer must give it
    # default: a value for when the writer gives none
    # values: [short, long]       # a closed set, offered by completion
    # complete: files             # offer workspace markdown files (or: languages)
---
{{/*
  The body is a Go text/template. Each argument is a field, as in the line
  below; a field that is not an argument is an error at load.
  {{ draft .path }} embeds a workspace file, {{ guideline "editorial" }} the
  editorial guidelines. A line that is only "<!-- assistant -->" starts an
  assistant turn, "<!-- user -->" a user turn.
*/}}
Write a short piece about {{ if .topic }}{{ .topic }}{{ else }}the draft in context{{ end }}.
`, "NAME", name)
}
