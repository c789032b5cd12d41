package library

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/speedgrapher/speedgrapher/prompts"
	"github.com/speedgrapher/speedgrapher/templates"
)

// Locations says where commands come from. cmd/speedgrapher fills it once
// from the environment; tests name temporary directories. Relative Roots and
// PromptDirs are relative to WorkDir.
type Locations struct {
	// Home is the writer's home directory, for ~/.claude/commands and
	// ~/.gemini/commands; empty means none.
	Home string
	// ConfigHome is the writer's configuration directory ($XDG_CONFIG_HOME),
	// for its speedgrapher/prompts; empty means none.
	ConfigHome string
	// WorkDir is the current directory: the root when Roots is empty, and
	// what the names of directories in messages are relative to.
	WorkDir string
	// Roots are the workspace roots, for their .claude/commands,
	// .gemini/commands and .speedgrapher/prompts.
	Roots []string
	// PromptDirs are the --prompts directories, in the order given.
	PromptDirs []string
}

// Sources returns every source of commands, lowest precedence first; a
// later source's command replaces an earlier one of the same name:
//
//  1. the shipped templates;
//  2. Claude Code and Gemini CLI commands in the home directory
//     (~/.claude/commands, ~/.gemini/commands);
//  3. the user directory, ConfigHome/speedgrapher/prompts;
//  4. Claude Code and Gemini CLI commands in each workspace root;
//  5. the project directory, .speedgrapher/prompts in each workspace root;
//  6. each --prompts directory, in the order given.
//
// Imports sit just above what they would otherwise override least: a
// writer's personal commands from other agents above the shipped ones, a
// project's below its own speedgrapher directory. Directories that do not
// exist are kept as empty sources, so that creating one later is seen by a
// reload; a --prompts directory must exist. A directory reached twice (a
// root that is also the home directory) keeps its higher place only.
// Sources 4 and 5 come with the repository, so they are confined to their
// root: a symlink out of it is not read (prompts.Source.Confine).
func (loc Locations) Sources() ([]prompts.Source, error) {
	roots := loc.Roots
	if len(roots) == 0 {
		roots = []string{loc.WorkDir}
	}
	srcs := []prompts.Source{{FS: templates.FS, Label: "templates", Kind: "shipped"}}
	// dir adds a directory source; personal ones are labelled from "~".
	// Those of a workspace root are confined to it.
	confine := ""
	dir := func(path, label string, format prompts.Format, kind string, personal bool) {
		abs := loc.abs(path)
		switch {
		case label != "":
		case personal && loc.Home != "":
			label = displayDir(abs, loc.Home, "~")
		default:
			label = displayDir(abs, loc.WorkDir, "")
		}
		srcs = append(srcs, prompts.Source{FS: os.DirFS(abs), Label: label, Format: format, Kind: kind, Dir: abs, Confine: confine})
	}
	imports := func(base, where string, personal bool) {
		dir(filepath.Join(base, ".claude", "commands"), "", prompts.FormatClaude, "Claude Code commands ("+where+")", personal)
		dir(filepath.Join(base, ".gemini", "commands"), "", prompts.FormatGemini, "Gemini CLI commands ("+where+")", personal)
	}
	if loc.Home != "" {
		imports(loc.Home, "home", true)
	}
	if loc.ConfigHome != "" {
		dir(filepath.Join(loc.ConfigHome, "speedgrapher", "prompts"), "", prompts.FormatTemplate, "user directory", true)
	}
	for _, r := range roots {
		confine = realDir(loc.abs(r))
		imports(r, "workspace", false)
	}
	for _, r := range roots {
		confine = realDir(loc.abs(r))
		dir(filepath.Join(r, ".speedgrapher", "prompts"), "", prompts.FormatTemplate, "project directory", false)
	}
	confine = ""
	for _, d := range loc.PromptDirs {
		if fi, err := os.Stat(loc.abs(d)); err != nil || !fi.IsDir() {
			return nil, fmt.Errorf("prompts directory %q is not a directory; pass a directory of templates to --prompts", d)
		}
		dir(d, d, prompts.FormatTemplate, "--prompts", false)
	}

	// Keep the last of any directory listed twice.
	last := map[string]int{}
	for i, s := range srcs {
		if s.Dir != "" {
			last[s.Dir] = i
		}
	}
	out := srcs[:0]
	for i, s := range srcs {
		if s.Dir == "" || last[s.Dir] == i {
			out = append(out, s)
		}
	}
	return out, nil
}

// abs is path made absolute against WorkDir.
func (loc Locations) abs(path string) string {
	if !filepath.IsAbs(path) {
		path = filepath.Join(loc.WorkDir, path)
	}
	return filepath.Clean(path)
}

// realDir is dir with its symlinks resolved, or as given when it cannot be
// (it does not exist: nothing will be read from it).
func realDir(dir string) string {
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		return real
	}
	return dir
}

// displayDir names a directory for messages: relative to base, after
// prefix, when inside base ("~/.claude/commands", ".speedgrapher/prompts"),
// else absolute.
func displayDir(abs, base, prefix string) string {
	rel, err := filepath.Rel(base, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return abs
	}
	return filepath.Join(prefix, rel)
}
