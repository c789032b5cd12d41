package prompts

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/template"
	"time"
)

// Source is a tree of template files: the embedded templates or a directory.
// A source whose root does not exist is empty, so that a directory may be
// created later and picked up by a reload.
type Source struct {
	FS     fs.FS
	Label  string // names the origin in messages: "embedded", a directory path
	Format Format // what kind of files the source holds
	Kind   string // what the source is, for people: "shipped", "project directory", ...
	Dir    string // the directory FS reads, when it is one on disk; empty otherwise
	// Confine, when set, is a directory every file of Dir must really be in,
	// symlinks resolved: the workspace, for the sources a repository brings.
	Confine string
}

// Format is the kind of command files a source holds.
type Format int

const (
	// FormatTemplate is speedgrapher's own: *.md with front matter, partials.
	FormatTemplate Format = iota
	// FormatClaude is Claude Code's .claude/commands: *.md, optional front
	// matter (description, argument-hint), $ARGUMENTS and $1...$9 in the body.
	FormatClaude
	// FormatGemini is Gemini CLI's .gemini/commands: *.toml with description
	// and prompt, {{args}} and @{file} in the prompt.
	FormatGemini
)

// Library holds the templates of several sources by name. A later source's
// template replaces an earlier one of the same name. It is immutable: reload
// by calling Load or Reload again.
type Library struct {
	byName map[string]*Template
	sorted []*Template
	// byFile and partials let Reload keep the last good version of a file.
	byFile   map[string]*Template
	partials map[string]*partial
	// stamps say what each file and folder looked like when loaded, for Stale.
	stamps []stamp
}

// stamp is the state of one path of a source at load time.
type stamp struct {
	fsys    fs.FS
	path    string
	exists  bool
	dir     bool
	modTime time.Time
	size    int64
}

func stampOf(fsys fs.FS, p string) stamp {
	st := stamp{fsys: fsys, path: p}
	if fi, err := fs.Stat(fsys, p); err == nil {
		st.exists, st.dir, st.modTime = true, fi.IsDir(), fi.ModTime()
		if !st.dir {
			st.size = fi.Size()
		}
	}
	return st
}

// Stale reports whether any file or folder of the library's sources changed
// on disk since it was loaded: a file edited, added, removed or renamed, or a
// missing source directory created. It only stats, so it is cheap enough to
// call before every render.
func (l *Library) Stale() bool {
	for _, st := range l.stamps {
		if !stampOf(st.fsys, st.path).same(st) {
			return true
		}
	}
	return false
}

// same compares the stat fields only: file systems such as fstest.MapFS are
// maps, which == cannot compare.
func (st stamp) same(o stamp) bool {
	return st.path == o.path && st.exists == o.exists && st.dir == o.dir && st.size == o.size && st.modTime.Equal(o.modTime)
}

// Load parses every template in sources. A broken file is reported and
// skipped; the others load. Diagnostics include warnings.
//
// In each source, *.md files are read recursively: a folder namespaces its
// commands ("git/commit.md" is "git:commit"). Files whose base name starts
// with "_" are partials, available to every template by their path without
// ".md" ({{ template "_tone" . }}); a later source's partial replaces an
// earlier one. README.md files, hidden files and folders, and the top-level
// "guidelines" folder (guideline texts, not commands) are skipped.
func Load(sources ...Source) (*Library, []Diagnostic) {
	return load(nil, sources)
}

// Reload loads sources again, like Load, but a file that no longer loads
// keeps the template (or partial) l had from it, with a warning, so that a
// command being edited keeps working until its file is fixed. A file that
// was removed takes its command with it.
func (l *Library) Reload(sources ...Source) (*Library, []Diagnostic) {
	return load(l, sources)
}

func load(prev *Library, sources []Source) (*Library, []Diagnostic) {
	var diags []Diagnostic
	l := &Library{byName: map[string]*Template{}, byFile: map[string]*Template{}, partials: map[string]*partial{}}
	files := make([][]file, len(sources))
	for i, src := range sources {
		var d []Diagnostic
		var stamps []stamp
		files[i], stamps, d = readSource(src)
		l.stamps = append(l.stamps, stamps...)
		diags = append(diags, d...)
	}
	// keep reports that a broken file's last good version stays in use.
	keep := func(f file, what string) {
		diags = append(diags, Diagnostic{File: f.display, Warning: true,
			Message: fmt.Sprintf("keeping the last good version of %s until this file is fixed", what)})
	}

	// Partials first: every template's set holds all of them.
	partialsByName := map[string]*partial{}
	var partialOrder []string
	for _, fl := range files {
		for _, f := range fl {
			if !f.partial {
				continue
			}
			p, d := parsePartial(f)
			diags = append(diags, d...)
			if p == nil && prev != nil && prev.partials[f.display] != nil {
				p = prev.partials[f.display]
				keep(f, fmt.Sprintf("partial %q", p.name))
			}
			if p == nil {
				continue
			}
			l.partials[f.display] = p
			if _, ok := partialsByName[p.name]; !ok {
				partialOrder = append(partialOrder, p.name)
			}
			partialsByName[p.name] = p
		}
	}
	partials := make([]*partial, len(partialOrder))
	for i, name := range partialOrder {
		partials[i] = partialsByName[name]
	}

	for i, fl := range files {
		inSource := map[string]*Template{}
		for _, f := range fl {
			if f.partial {
				continue
			}
			t, d := parseFile(sources[i], f, partials)
			diags = append(diags, d...)
			if t == nil && prev != nil && prev.byFile[f.display] != nil {
				kept := *prev.byFile[f.display] // a copy: Overrides may differ now
				kept.Overrides = nil
				t = &kept
				keep(f, "/"+t.Name)
			}
			if t == nil {
				continue
			}
			l.byFile[f.display] = t
			if first, ok := inSource[t.Name]; ok {
				diags = append(diags, Diagnostic{File: f.display, Line: t.nameLine,
					Message: fmt.Sprintf("duplicate template name %q, already used by %s; rename one of them", t.Name, first.File)})
				continue
			}
			inSource[t.Name] = t
			if prev, ok := l.byName[t.Name]; ok {
				t.Overrides = append(slices.Clone(prev.Overrides), prev.File)
			}
			l.byName[t.Name] = t
		}
	}
	for _, t := range l.byName {
		l.sorted = append(l.sorted, t)
	}
	slices.SortFunc(l.sorted, func(a, b *Template) int { return strings.Compare(a.Name, b.Name) })
	return l, diags
}

// parseFile parses f as the format of its source says.
func parseFile(src Source, f file, partials []*partial) (*Template, []Diagnostic) {
	var t *Template
	var diags []Diagnostic
	switch src.Format {
	case FormatClaude:
		t, diags = parseClaude(f)
	case FormatGemini:
		t, diags = parseGemini(f)
	default:
		t, diags = parseTemplate(f.display, f.name, f.data, partials)
	}
	if t != nil {
		t.Origin = src.Kind
	}
	return t, diags
}

// Check loads sources and returns what Load reports, for `speedgrapher check`.
func Check(sources ...Source) []Diagnostic {
	_, diags := Load(sources...)
	return diags
}

// Templates returns every template, sorted by name.
func (l *Library) Templates() []*Template { return slices.Clone(l.sorted) }

// Lookup returns the template called name.
func (l *Library) Lookup(name string) (*Template, bool) {
	t, ok := l.byName[name]
	return t, ok
}

// file is a template or partial file read from a source.
type file struct {
	display string // label joined with the path, for messages
	name    string // command name from the path, or partial name
	partial bool
	data    []byte
}

func readSource(src Source) ([]file, []stamp, []Diagnostic) {
	if src.FS == nil {
		return nil, nil, []Diagnostic{{File: src.Label, Message: "no file system to read templates from"}}
	}
	root := stampOf(src.FS, ".")
	stamps := []stamp{root}
	if !root.exists {
		if _, err := fs.Stat(src.FS, "."); errors.Is(err, fs.ErrNotExist) {
			return nil, stamps, nil // not created yet: nothing to load
		}
	}
	ext := ".md"
	if src.Format == FormatGemini {
		ext = ".toml"
	}
	var files []file
	var diags []Diagnostic
	err := fs.WalkDir(src.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			diags = append(diags, Diagnostic{File: display(src.Label, p), Message: fmt.Sprintf("read templates: %v", err)})
			return nil
		}
		base := d.Name()
		if p != "." && strings.HasPrefix(base, ".") {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			if p == "guidelines" && src.Format == FormatTemplate {
				return fs.SkipDir
			}
			if p != "." {
				stamps = append(stamps, stampOf(src.FS, p))
			}
			return nil
		}
		if !strings.HasSuffix(base, ext) || strings.EqualFold(base, "README.md") {
			return nil
		}
		stamps = append(stamps, stampOf(src.FS, p))
		if problem := unreadable(src, p); problem != "" {
			diags = append(diags, Diagnostic{File: display(src.Label, p), Message: problem})
			return nil
		}
		data, err := fs.ReadFile(src.FS, p)
		if err != nil {
			diags = append(diags, Diagnostic{File: display(src.Label, p), Message: fmt.Sprintf("read template: %v", err)})
			return nil
		}
		stem := strings.TrimSuffix(p, ext)
		f := file{display: display(src.Label, p), data: data, partial: src.Format == FormatTemplate && strings.HasPrefix(base, "_")}
		if f.partial {
			f.name = stem
		} else {
			f.name = strings.ReplaceAll(stem, "/", ":")
		}
		files = append(files, f)
		return nil
	})
	if err != nil {
		diags = append(diags, Diagnostic{File: src.Label, Message: fmt.Sprintf("read templates: %v", err)})
	}
	return files, stamps, diags
}

// display joins a source label and a slash path within it.
// MaxFileBytes bounds a command file: far above any real one, low enough
// that a stray large file cannot fill the server's memory.
const MaxFileBytes = 1 << 20

// unreadable says why the file p of src must not be read, or "" if it may.
// It must be a regular file, symlinks followed (a FIFO would hang the
// loader, /dev/zero never end), of at most MaxFileBytes; and in a confined
// source it must not lead out of src.Confine, or a cloned repository's
// .claude/commands/key.md -> ~/.ssh/id_rsa would become a command.
func unreadable(src Source, p string) string {
	fi, err := fs.Stat(src.FS, p)
	switch {
	case err != nil:
		return fmt.Sprintf("read template: %v", err)
	case !fi.Mode().IsRegular():
		return "not a regular file (a device, a pipe or a link to one); skipped"
	case fi.Size() > MaxFileBytes:
		return fmt.Sprintf("%d bytes, over the limit of %d for a command file; skipped", fi.Size(), MaxFileBytes)
	}
	if src.Confine == "" || src.Dir == "" {
		return ""
	}
	real, err := filepath.EvalSymlinks(filepath.Join(src.Dir, filepath.FromSlash(p)))
	if err != nil {
		return fmt.Sprintf("read template: %v", err)
	}
	if rel, err := filepath.Rel(src.Confine, real); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "a link to a file outside the workspace; skipped (put shared commands in the user directory or pass --prompts)"
	}
	return ""
}

func display(label, p string) string {
	if label == "" {
		return p
	}
	return filepath.Join(label, filepath.FromSlash(p))
}

// parsePartial parses a partial file: all of it is template text.
func parsePartial(f file) (*partial, []Diagnostic) {
	if lerr := checkBodyShape(string(f.data), 1); lerr != nil {
		return nil, []Diagnostic{{File: f.display, Line: lerr.line, Message: "partial: " + lerr.msg}}
	}
	tmpl, err := template.New(f.name).Funcs(parseFuncs).Option("missingkey=error").Parse(string(f.data))
	if err != nil {
		line, msg := 1, err.Error()
		if m := parseError.FindStringSubmatch(msg); m != nil {
			line, _ = strconv.Atoi(m[1])
			msg = m[2]
		}
		return nil, []Diagnostic{{File: f.display, Line: line, Message: "partial: " + msg}}
	}
	lines := newLineIndex()
	lines.texts[f.name] = string(f.data)
	for _, d := range tmpl.Templates() {
		instrument(d.Tree, f.display, lines)
	}
	return &partial{name: f.name, file: f.display, tmpl: tmpl, text: string(f.data)}, nil
}
