package style

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/speedgrapher/speedgrapher/internal/lint"
)

// SpeedgrapherStyle is the name of our own rules as a style: a Vale
// configuration switches them as it switches any style
// ("Speedgrapher = NO", "Speedgrapher.passive-voice = NO").
const SpeedgrapherStyle = "Speedgrapher"

// Set is the rules that run on one draft.
type Set struct {
	Rules []*Rule

	once sync.Once
	pf   *prefilter
}

// House is a team's styles loaded from their files: the configuration, the
// rules of every style it names, and its vocabulary.
type House struct {
	Config *Config
	// Styles holds the rules of each loaded style, by name, sorted.
	Styles map[string][]*Rule
	// Unsupported are rules whose kind is read but not run (sequence,
	// script, spelling).
	Unsupported []*Rule
	// Accept and Reject are the vocabulary's entries.
	Accept, Reject []string
	// Problems are the files that did not load; the rest did.
	Problems []error
}

// Load reads, from fsys (the configuration's StylesPath), the
// vocabularies and the styles cfg names. A style or vocabulary that is
// missing, and a rule file that is broken, is a problem; the other rules
// load.
func Load(fsys fs.FS, cfg *Config) *House {
	h := &House{Config: cfg, Styles: map[string][]*Rule{}}
	for _, v := range cfg.Vocab {
		h.loadVocab(fsys, v)
	}
	for _, name := range cfg.styleNames() {
		if name == SpeedgrapherStyle || name == "Vale" {
			continue
		}
		h.loadStyle(fsys, name)
	}
	h.vocabRules()
	if slices.Contains(cfg.styleNames(), "Vale") {
		sp := &Rule{Name: "Vale.Spelling", File: "internal", Extends: "spelling", Level: lint.Error, Scope: []string{"text"}}
		sp.scope = newScopeSet(sp.Scope)
		h.Styles["Vale"] = append(h.Styles["Vale"], sp)
		h.Unsupported = append(h.Unsupported, sp)
	}
	return h
}

// valeRepetition is Vale's built-in Vale.Repetition ("the the").
func valeRepetition() *Rule {
	r := &Rule{Name: "Vale.Repetition", File: "internal", Extends: "repetition", Level: lint.Error,
		Message: "'%s' is repeated!", Scope: []string{"text"}, IgnoreCase: true, Alpha: true,
		Tokens: []string{`[^\s.!?]+`}, Action: Action{Name: "edit", Params: []string{"truncate", " "}}}
	r.scope = newScopeSet(r.Scope)
	c, _, err := newRepetition(r, nil)
	if err != nil {
		panic(err)
	}
	r.check = c
	return r
}

// styleNames lists every style the configuration names, in order.
func (c *Config) styleNames() []string {
	var out []string
	add := func(s string) {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	secs := append([]Section{c.Global}, c.Sections...)
	for _, s := range secs {
		for _, st := range s.BasedOnStyles {
			add(st)
		}
	}
	for _, s := range secs {
		for _, k := range sortedKeys(s.Rules) {
			if st, _, ok := strings.Cut(k, "."); ok && s.Rules[k] != "no" {
				add(st)
			}
		}
	}
	return out
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func (h *House) loadStyle(fsys fs.FS, name string) {
	entries, err := fs.ReadDir(fsys, name)
	if err != nil {
		h.Problems = append(h.Problems, &Error{h.Config.File, 1, fmt.Sprintf("style %q is not in the styles path %q; add the style's folder there or remove it from BasedOnStyles", name, h.Config.StylesPath)})
		return
	}
	var rules []*Rule
	for _, e := range entries {
		ext := path.Ext(e.Name())
		if e.IsDir() || (ext != ".yml" && ext != ".yaml") {
			continue
		}
		file := path.Join(name, e.Name())
		data, err := fs.ReadFile(fsys, file)
		if err != nil {
			h.Problems = append(h.Problems, fmt.Errorf("read rule %q: %w", file, err))
			continue
		}
		r, err := ParseRule(ruleName(name, file), h.displayPath(file), data, h.Accept)
		if err != nil {
			h.Problems = append(h.Problems, err)
			continue
		}
		if r.Unsupported() {
			h.Unsupported = append(h.Unsupported, r)
		}
		rules = append(rules, r)
	}
	h.Styles[name] = rules
}

func (h *House) displayPath(file string) string {
	if h.Config.StylesPath == "" {
		return file
	}
	return path.Join(h.Config.StylesPath, file)
}

// loadVocab reads config/vocabularies/NAME/{accept,reject}.txt (or the
// older Vocab/NAME/).
func (h *House) loadVocab(fsys fs.FS, name string) {
	found := false
	for _, dir := range []string{path.Join("config", "vocabularies", name), path.Join("Vocab", name)} {
		for _, f := range []struct {
			file string
			into *[]string
		}{{"accept.txt", &h.Accept}, {"reject.txt", &h.Reject}} {
			file := path.Join(dir, f.file)
			data, err := fs.ReadFile(fsys, file)
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			if err != nil {
				h.Problems = append(h.Problems, fmt.Errorf("read vocabulary %q: %w", file, err))
				continue
			}
			found = true
			terms, errs := ParseVocab(h.displayPath(file), data)
			h.Problems = append(h.Problems, errs...)
			*f.into = append(*f.into, terms...)
		}
		if found {
			return
		}
	}
	h.Problems = append(h.Problems, &Error{h.Config.File, 1, fmt.Sprintf("vocabulary %q is not in %q; create config/vocabularies/%s/accept.txt there or remove it from Vocab", name, h.Config.StylesPath, name)})
}

// ParseVocab reads a vocabulary file: one term a line, a regular
// expression allowed, "#" starting a comment line. A term is
// case-sensitive unless it starts with "(?i)". A term that does not
// compile is an error at its line and left out.
func ParseVocab(name string, data []byte) ([]string, []error) {
	var terms []string
	var errs []error
	sc := bufio.NewScanner(bytes.NewReader(data))
	n := 0
	for sc.Scan() {
		n++
		t := strings.TrimSpace(sc.Text())
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		if _, err := compilePattern(termPattern(t)); err != nil {
			errs = append(errs, &Error{name, n, fmt.Sprintf("term %q is not a valid regular expression: %v; escape it or fix the pattern", t, err)})
			continue
		}
		terms = append(terms, t)
	}
	return terms, errs
}

// vocabRules makes Vale's built-in style: Vale.Repetition, Vale.Terms
// (accepted terms in the wrong case) and Vale.Avoid (rejected terms). As in
// Vale, they run when "Vale" is among the BasedOnStyles (or a rule is
// switched on by name).
func (h *House) vocabRules() {
	h.Styles["Vale"] = []*Rule{valeRepetition()}
	if len(h.Accept) > 0 {
		r := &Rule{Name: "Vale.Terms", File: "internal", Extends: "substitution", Level: lint.Error,
			Message: "Use '%s' instead of '%s'.", Scope: []string{"text"}, IgnoreCase: true}
		for _, t := range h.Accept {
			r.Swap = append(r.Swap, [2]string{termPattern(strings.ToLower(t)), t})
		}
		r.scope = newScopeSet(r.Scope)
		if c, _, err := newSubstitution(r, nil); err == nil {
			c.(*substitution).vocabTerms = true
			r.check = c
			h.Styles["Vale"] = append(h.Styles["Vale"], r)
		} else {
			h.Problems = append(h.Problems, fmt.Errorf("vocabulary: %w", err))
		}
	}
	if len(h.Reject) > 0 {
		r := &Rule{Name: "Vale.Avoid", File: "internal", Extends: "existence", Level: lint.Error,
			Message: "Avoid using '%s'.", Scope: []string{"text"}}
		for _, t := range h.Reject {
			r.Tokens = append(r.Tokens, termPattern(t))
		}
		r.scope = newScopeSet(r.Scope)
		if c, _, err := newExistence(r, nil); err == nil {
			r.check = c
			h.Styles["Vale"] = append(h.Styles["Vale"], r)
		} else {
			h.Problems = append(h.Problems, fmt.Errorf("vocabulary: %w", err))
		}
	}
}

// settings returns the styles and rule settings for the file at p.
func (h *House) settings(p string) ([]string, map[string]string) {
	c := h.Config
	styles := slices.Clone(c.Global.BasedOnStyles)
	rules := map[string]string{}
	for k, v := range c.Global.Rules {
		rules[k] = v
	}
	for i := range c.Sections {
		s := &c.Sections[i]
		if !s.Matches(p) {
			continue
		}
		for _, st := range s.BasedOnStyles {
			if !slices.Contains(styles, st) {
				styles = append(styles, st)
			}
		}
		for k, v := range s.Rules {
			rules[k] = v
		}
	}
	return styles, rules
}

// For returns the rules that run on the file at p (slash-separated,
// relative to the configuration's directory).
func (h *House) For(p string) *Set {
	styles, settings := h.settings(p)
	set := &Set{}
	add := func(r *Rule) {
		level := r.Level
		if v, ok := settings[r.Name]; ok {
			switch v {
			case "no":
				return
			case "suggestion", "warning", "error":
				level, _ = lint.ParseSeverity(v)
			}
		}
		if level < h.Config.MinAlertLevel || r.check == nil {
			return
		}
		if level != r.Level {
			c := *r
			c.Level = level
			r = &c
		}
		set.Rules = append(set.Rules, r)
	}
	for _, name := range sortedStyleNames(h.Styles) {
		on := slices.Contains(styles, name) && settings[name] != "no"
		for _, r := range h.Styles[name] {
			v, named := settings[r.Name]
			if on || named && v != "no" {
				add(r)
			}
		}
	}
	return set
}

func sortedStyleNames(m map[string][]*Rule) []string {
	names := make([]string, 0, len(m))
	for k := range m {
		names = append(names, k)
	}
	sort.Strings(names)
	return names
}

// Speedgrapher returns how the configuration switches our own rules for
// the file at p: off when it says "Speedgrapher = NO", and per rule
// ("Speedgrapher.passive-voice = NO" or a level).
func (h *House) Speedgrapher(p string) (on bool, rules map[string]string) {
	_, settings := h.settings(p)
	rules = map[string]string{}
	for k, v := range settings {
		if id, ok := strings.CutPrefix(k, SpeedgrapherStyle+"."); ok {
			rules[id] = v
		}
	}
	return settings[SpeedgrapherStyle] != "no", rules
}

// UnsupportedNote says, once, which loaded rules do not run.
func (h *House) UnsupportedNote() string {
	if len(h.Unsupported) == 0 {
		return ""
	}
	var names []string
	for _, r := range h.Unsupported {
		names = append(names, r.Name+" ("+r.Extends+")")
	}
	return fmt.Sprintf("%d style rules are not supported yet and do not run: %s", len(names), strings.Join(names, ", "))
}
