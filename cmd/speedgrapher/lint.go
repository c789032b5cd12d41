package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/speedgrapher/speedgrapher/internal/config"
	"github.com/speedgrapher/speedgrapher/internal/fix"
	"github.com/speedgrapher/speedgrapher/internal/lint"
	"github.com/speedgrapher/speedgrapher/internal/markdown"
	"github.com/speedgrapher/speedgrapher/internal/workspace"
)

// lintOptions are the lint command's own flags.
type lintOptions struct {
	format     string        // "text", "json" or "github"
	failOn     lint.Severity // the lowest severity that fails the run
	fix        fixMode       // which fixes --fix applies
	diff       bool          // print the fixes as a diff instead of writing them
	valeConfig string        // a .vale.ini naming house styles
}

// fixMode is --fix: off, "safe" (--fix alone) or "all". It is a boolean
// flag that also takes a value, so "--fix FILE" leaves FILE a file.
type fixMode string

func (m *fixMode) String() string   { return string(*m) }
func (m *fixMode) IsBoolFlag() bool { return true }
func (m *fixMode) Set(v string) error {
	switch v {
	case "true", "safe":
		*m = "safe"
	case "all":
		*m = "all"
	case "false":
		*m = ""
	default:
		return fmt.Errorf("want --fix (the safe fixes) or --fix=all")
	}
	return nil
}

// lintFlags adds the lint command's own flags to fs, with the flags every
// command accepts.
func lintFlags(fs *flag.FlagSet, o *lintOptions) {
	o.format, o.failOn = "text", lint.Warning
	fs.Func("format", "output `format`: text (file:line:col: severity: message [rule]), json, or github (GitHub Actions annotations)", func(v string) error {
		if v != "text" && v != "json" && v != "github" {
			return fmt.Errorf("want text, json or github")
		}
		o.format = v
		return nil
	})
	fs.StringVar(&o.valeConfig, "vale-config", "", "house styles from this Vale configuration `file` (default: $VALE_CONFIG_PATH, else .vale.ini in the workspace or above it)")
	fs.Func("fail-on", "exit 1 when a finding is at or above `severity`: error, warning or suggestion (default warning)", func(v string) error {
		s, err := lint.ParseSeverity(v)
		if err != nil {
			return fmt.Errorf("want error, warning or suggestion")
		}
		o.failOn = s
		return nil
	})
	fs.Var(&o.fix, "fix", "apply the safe fixes in place; --fix=all applies every fix (fence-language too); the findings left are printed")
	fs.BoolVar(&o.diff, "diff", false, "with or without --fix: print the fixes as a unified diff and write nothing")
}

// fileFinding is a finding with the file it is in, for --format json.
type fileFinding struct {
	File string `json:"file"`
	lint.Finding
}

// lint runs the style and structure checks on files (- reads stdin) and
// prints the findings like a compiler. Exit status: 0 when nothing is at or
// above --fail-on, 1 when something is, 2 on a usage error, an unreadable
// file or a bad configuration.
//
// It parses its own flags (--format, --fail-on and the common ones) wherever
// they stand among the files.
func (c *cli) lint(args []string) int {
	var o lintOptions
	fs := c.flagSet("speedgrapher lint", workspaceFlags|logFlags)
	lintFlags(fs, &o)
	cmd, _ := lookupCommand("lint")
	files, status, ok := c.parseCommandLine(fs, args, false, func(w io.Writer) { c.commandUsage(w, fs, cmd) })
	if !ok {
		return status
	}
	if len(files) == 0 {
		return c.usageError("lint needs at least one markdown file (or - for stdin)")
	}
	roots := []string(c.roots)
	if len(roots) == 0 {
		roots = []string{"."}
	}
	ws, err := workspace.New(roots...)
	if err != nil {
		return c.usageError("%v", err)
	}
	base, err := config.Load(func(name string) ([]byte, error) {
		_, data, err := ws.ReadFile(name)
		return data, err
	})
	if err != nil {
		return c.usageError("%v", err)
	}
	base, problems, err := config.LoadHouse(base, config.HouseSource{Root: ws.Roots()[0], ValeConfig: o.valeConfig, Getenv: os.Getenv})
	if err != nil {
		return c.usageError("%v", err)
	}
	for _, p := range problems {
		fmt.Fprintf(c.stderr, "speedgrapher: house style skipped: %v\n", p)
	}
	if base.House != nil {
		if note := base.House.UnsupportedNote(); note != "" {
			fmt.Fprintf(c.stderr, "speedgrapher: %s\n", note)
		}
	}

	if o.diff && o.fix == "" {
		o.fix = "safe"
	}
	if o.fix != "" && !o.diff && slices.Contains(files, "-") {
		return c.usageError("lint --fix cannot write back to stdin; pass files, or add --diff to print the changes")
	}

	status = 0
	all := []fileFinding{}
	for _, file := range files {
		name := file
		if file == "-" {
			name = "<stdin>"
		}
		d, err := c.lintFile(ws, base, file, name)
		if err != nil {
			fmt.Fprintf(c.stderr, "speedgrapher: %v\n", err)
			status = exitUsage
			continue
		}
		var findings []lint.Finding
		if o.fix == "" {
			findings = lint.Check(d.doc, d.opts)
		} else if findings, err = c.fixFile(ws, d, file, name, o); err != nil {
			fmt.Fprintf(c.stderr, "speedgrapher: %v\n", err)
			status = exitUsage
		}
		for _, f := range findings {
			all = append(all, fileFinding{name, f})
		}
	}
	failed := false
	for _, f := range all {
		if f.Severity >= o.failOn {
			failed = true
		}
	}
	if o.diff {
		all = all[:0] // stdout holds the diff; the exit status counts what would be left
	}
	switch o.format {
	case "json":
		out, _ := json.MarshalIndent(struct {
			Findings []fileFinding `json:"findings"`
		}{all}, "", "  ")
		fmt.Fprintf(c.stdout, "%s\n", out)
	case "github":
		for _, f := range all {
			fmt.Fprintln(c.stdout, githubAnnotation(f))
		}
	default:
		for _, f := range all {
			fmt.Fprintf(c.stdout, "%s:%d:%d: %s: %s [%s]\n", f.File, f.Line, f.Column, f.Severity, f.Message, f.Rule)
		}
	}
	switch {
	case status != 0:
		return status
	case failed:
		return 1
	}
	return 0
}

// githubAnnotation writes f as a GitHub Actions workflow command, which the
// run's log turns into an annotation on the file's line. GitHub's levels are
// error, warning and notice; a suggestion is a notice.
func githubAnnotation(f fileFinding) string {
	level := map[lint.Severity]string{lint.Error: "error", lint.Warning: "warning", lint.Suggestion: "notice"}[f.Severity]
	// Escapes from GitHub's workflow-command syntax: % and line breaks
	// everywhere, and also : and , in properties.
	data := strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	prop := strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
	// Columns are for one-line annotations only; GitHub's endColumn is the
	// last character, ours the one after it.
	where := fmt.Sprintf("line=%d,endLine=%d", f.Line, f.EndLine)
	if f.EndLine == f.Line {
		where = fmt.Sprintf("line=%d,col=%d,endColumn=%d", f.Line, f.Column, max(f.EndColumn-1, f.Column))
	}
	return fmt.Sprintf("::%s file=%s,%s,title=%s::%s", level, prop.Replace(f.File), where,
		prop.Replace("speedgrapher "+f.Rule), data.Replace(f.Message))
}

// lintDraft is a draft read for lint, with the options that apply to it.
type lintDraft struct {
	src  []byte
	doc  *markdown.Document
	opts lint.Options
}

// lintFile reads one file (or stdin for "-") and the options for it.
// name labels the file in messages.
func (c *cli) lintFile(ws *workspace.Workspace, base *config.Config, file, name string) (lintDraft, error) {
	var src []byte
	var abs string
	var err error
	if file == "-" {
		if src, err = io.ReadAll(c.stdin); err != nil {
			return lintDraft{}, fmt.Errorf("read stdin: %w", err)
		}
	} else if abs, src, err = ws.ReadFile(file); err != nil {
		return lintDraft{}, err
	}
	doc, err := markdown.ParseContext(context.Background(), src)
	var limit *markdown.LimitError
	if errors.As(err, &limit) {
		return lintDraft{}, fmt.Errorf("%s:%d: %s", name, limit.Line, limit.Msg)
	}
	opts, err := config.ForDraft(base, name, doc)
	if err != nil {
		return lintDraft{}, err
	}
	if abs != "" {
		opts.CheckLinksFrom(filepath.Dir(abs), ws.Resolve, func(path string) ([]byte, error) {
			_, data, err := ws.ReadFile(path)
			return data, err
		})
	}
	return lintDraft{src, doc, opts}, nil
}

// fixFile applies the fixes --fix chooses to a draft and writes it back, or
// prints the diff with --diff, and returns the findings left. A file changed
// on disk since it was read is not written.
func (c *cli) fixFile(ws *workspace.Workspace, d lintDraft, file, name string, o lintOptions) ([]lint.Finding, error) {
	want := fix.Safe
	if o.fix == "all" {
		want = fix.All
	}
	res := fix.Apply(d.src, func(doc *markdown.Document) []lint.Finding { return lint.Check(doc, d.opts) }, want)
	if o.diff {
		fmt.Fprint(c.stdout, fix.Diff(name, d.src, res.Source))
		return res.Remaining, nil
	}
	if !res.Changed {
		return res.Remaining, nil
	}
	if err := ws.WriteFile(file, d.src, res.Source); err != nil {
		return lint.Check(d.doc, d.opts), err
	}
	fmt.Fprintf(c.stderr, "speedgrapher: %s: %s\n", name, fixSummary(res))
	return res.Remaining, nil
}

// fixSummary says how many fixes were applied, per rule:
// "3 fixes applied (wordy 2, lexical-illusion 1)".
func fixSummary(res fix.Result) string {
	var parts []string
	for _, id := range res.Rules() {
		parts = append(parts, fmt.Sprintf("%s %d", id, res.Applied[id]))
	}
	n := res.Total()
	noun := "fixes"
	if n == 1 {
		noun = "fix"
	}
	return fmt.Sprintf("%d %s applied (%s)", n, noun, strings.Join(parts, ", "))
}
