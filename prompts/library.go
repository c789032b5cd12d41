package prompts

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/template"
)

// Source is a tree of template files: the embedded templates or a directory.
type Source struct {
	FS    fs.FS
	Label string // names the origin in messages: "embedded", a directory path
}

// Library holds the templates of several sources by name. A later source's
// template replaces an earlier one of the same name. It is immutable: reload
// by calling Load again.
type Library struct {
	byName map[string]*Template
	sorted []*Template
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
	var diags []Diagnostic
	files := make([][]file, len(sources))
	for i, src := range sources {
		var d []Diagnostic
		files[i], d = readSource(src)
		diags = append(diags, d...)
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
			if p == nil {
				continue
			}
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

	l := &Library{byName: map[string]*Template{}}
	for _, fl := range files {
		inSource := map[string]*Template{}
		for _, f := range fl {
			if f.partial {
				continue
			}
			t, d := parseTemplate(f.display, f.name, f.data, partials)
			diags = append(diags, d...)
			if t == nil {
				continue
			}
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

func readSource(src Source) ([]file, []Diagnostic) {
	if src.FS == nil {
		return nil, []Diagnostic{{File: src.Label, Message: "no file system to read templates from"}}
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
			if p == "guidelines" {
				return fs.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(base, ".md") || strings.EqualFold(base, "README.md") || !d.Type().IsRegular() && d.Type()&fs.ModeSymlink == 0 {
			return nil
		}
		data, err := fs.ReadFile(src.FS, p)
		if err != nil {
			diags = append(diags, Diagnostic{File: display(src.Label, p), Message: fmt.Sprintf("read template: %v", err)})
			return nil
		}
		stem := strings.TrimSuffix(p, ".md")
		f := file{display: display(src.Label, p), data: data, partial: strings.HasPrefix(base, "_")}
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
	return files, diags
}

// display joins a source label and a slash path within it.
func display(label, p string) string {
	if label == "" {
		return p
	}
	return filepath.Join(label, filepath.FromSlash(p))
}

// parsePartial parses a partial file: all of it is template text.
func parsePartial(f file) (*partial, []Diagnostic) {
	tmpl, err := template.New(f.name).Funcs(parseFuncs).Option("missingkey=error").Parse(string(f.data))
	if err != nil {
		line, msg := 1, err.Error()
		if m := parseError.FindStringSubmatch(msg); m != nil {
			line, _ = strconv.Atoi(m[1])
			msg = m[2]
		}
		return nil, []Diagnostic{{File: f.display, Line: line, Message: "partial: " + msg}}
	}
	return &partial{name: f.name, file: f.display, tmpl: tmpl}, nil
}
