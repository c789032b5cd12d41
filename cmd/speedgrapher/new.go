package main

import (
	"errors"
	"fmt"
	"io"
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
	flags := c.flagSet("speedgrapher new", workspaceFlags|promptFlags|logFlags)
	flags.StringVar(&dir, "dir", "", "the `directory` to write the template into (default .speedgrapher/prompts in the first --root, else the current directory)")
	cmd, _ := lookupCommand("new")
	args, status, ok := c.parseCommandLine(flags, args, false, func(w io.Writer) { c.commandUsage(w, flags, cmd) })
	if !ok {
		return status
	}
	if len(args) != 1 {
		return c.usageError("new needs one command name, such as: speedgrapher new standup")
	}
	name := strings.TrimPrefix(args[0], "/")
	if !prompts.ValidName(name) {
		return c.usageError("new: %q cannot be typed as a slash command; use lower-case letters, digits, \"-\" and \"_\", with \":\" after a folder name (git:commit)", name)
	}
	projectDir := dir == ""
	if projectDir {
		root := "."
		if len(c.roots) > 0 {
			root = c.roots[0]
		}
		dir = filepath.Join(root, ".speedgrapher", "prompts")
	}
	shadowed := c.existingCommand(name)
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
	// The try-it line must work as printed: a --dir outside the places the
	// server reads needs --prompts, and a --root must be repeated.
	var tryFlags []string
	for _, r := range c.roots {
		tryFlags = append(tryFlags, "--root "+shellQuote(r))
	}
	if !projectDir {
		tryFlags = append(tryFlags, "--prompts "+shellQuote(dir))
	}
	try := strings.Join(append(append([]string{"speedgrapher", "prompt"}, tryFlags...), name, `topic="..."`), " ")
	fmt.Fprintf(c.stdout, "wrote %s\nedit it, then try it: %s\ncheck it: speedgrapher check %s\n", path, try, shellQuote(path))
	if shadowed != "" {
		fmt.Fprintf(c.stderr, "speedgrapher: note: /%s already exists (%s); the new file replaces it wherever %s is read\n", name, shadowed, dir)
	}
	return 0
}

// existingCommand says where a command called name already comes from, or ""
// when there is none.
func (c *cli) existingCommand(name string) string {
	srcs, err := c.promptSources()
	if err != nil {
		return ""
	}
	lib, _ := prompts.Load(srcs...)
	if t, ok := lib.Lookup(name); ok {
		return fmt.Sprintf("%s, %s", t.File, t.Origin)
	}
	return ""
}

// shellQuote quotes s for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r == '/' || r == '.' || r == '-' || r == '_' || r == ':' || r == '~' ||
			r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
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
