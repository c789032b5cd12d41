package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/speedgrapher/speedgrapher/internal/lint"
	"github.com/speedgrapher/speedgrapher/internal/markdown"
	"github.com/speedgrapher/speedgrapher/internal/style"
)

// ValeConfigNames are the file names Vale looks for, in each directory
// from the workspace upwards.
var ValeConfigNames = []string{".vale.ini", "_vale.ini"}

// ValeConfigEnv names the environment variable that points at a Vale
// configuration, as it does for Vale.
const ValeConfigEnv = "VALE_CONFIG_PATH"

// HouseSource says where to look for house styles.
type HouseSource struct {
	// Root is the workspace root: a .vale.ini is looked for there and in
	// the directories above it, and styles_path is relative to it.
	Root string
	// ValeConfig is a .vale.ini given by the user (--vale-config); it wins.
	ValeConfig string
	// Getenv reads the environment (os.Getenv); nil reads none.
	Getenv func(string) string
}

// FindValeConfig returns the Vale configuration that applies, found the way
// Vale finds it: the given file, else $VALE_CONFIG_PATH, else .vale.ini or
// _vale.ini in the workspace root or a directory above it. "" when there is
// none.
func FindValeConfig(src HouseSource) (string, error) {
	if src.ValeConfig != "" {
		if _, err := os.Stat(src.ValeConfig); err != nil {
			return "", fmt.Errorf("read Vale configuration %q: %w; pass an existing .vale.ini", src.ValeConfig, err)
		}
		return src.ValeConfig, nil
	}
	if src.Getenv != nil {
		if p := src.Getenv(ValeConfigEnv); p != "" {
			if _, err := os.Stat(p); err != nil {
				return "", fmt.Errorf("read Vale configuration %q from %s: %w; fix or unset %s", p, ValeConfigEnv, err, ValeConfigEnv)
			}
			return p, nil
		}
	}
	if src.Root == "" {
		return "", nil
	}
	dir, err := filepath.Abs(src.Root)
	if err != nil {
		return "", err
	}
	for {
		for _, n := range ValeConfigNames {
			p := filepath.Join(dir, n)
			if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
				return p, nil
			}
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", nil
		}
		dir = up
	}
}

// LoadHouse loads the house styles that apply to the workspace into base
// (which may be nil): the Vale configuration FindValeConfig finds, with
// the styles .speedgrapher.yaml names added to its BasedOnStyles; or, with
// no Vale configuration, the styles .speedgrapher.yaml names, from its
// styles_path. It returns base with House set (nil House when there are no
// styles) and the problems of the files that did not load, which the
// caller reports; the rest load. An error means the configuration itself
// cannot be read.
func LoadHouse(base *Config, src HouseSource) (*Config, []error, error) {
	if base == nil {
		base = &Config{}
	}
	path, err := FindValeConfig(src)
	if err != nil {
		return base, nil, err
	}
	var cfg *style.Config
	var dir, stylesPath string
	switch {
	case path != "":
		data, err := os.ReadFile(path)
		if err != nil {
			return base, nil, fmt.Errorf("read Vale configuration: %w", err)
		}
		if cfg, err = style.ParseConfig(path, data); err != nil {
			return base, nil, err
		}
		dir = filepath.Dir(path)
		stylesPath = cfg.StylesPath
		if stylesPath == "" {
			stylesPath = "styles"
		}
		if !filepath.IsAbs(stylesPath) {
			stylesPath = filepath.Join(dir, stylesPath)
		}
		for _, s := range base.Styles {
			cfg.Global.BasedOnStyles = appendNew(cfg.Global.BasedOnStyles, s)
		}
	case len(base.Styles) > 0:
		dir = src.Root
		stylesPath = base.StylesPath
		if stylesPath == "" {
			stylesPath = "styles"
		}
		if !filepath.IsAbs(stylesPath) {
			stylesPath = filepath.Join(src.Root, stylesPath)
		}
		cfg = &style.Config{File: filepath.Join(src.Root, FileName), StylesPath: stylesPath, MinAlertLevel: lint.Suggestion}
		cfg.Global.BasedOnStyles = base.Styles
		cfg.Global.Rules = map[string]string{}
	default:
		return base, nil, nil
	}
	if cfg.StylesPath == "" || !filepath.IsAbs(cfg.StylesPath) {
		cfg.StylesPath = stylesPath
	}
	house := loadCached(path, stylesPath, cfg)
	out := *base
	out.House, out.HouseDir = house, dir
	return &out, house.Problems, nil
}

func appendNew(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}

// houses caches loaded styles by configuration file and styles folder, so
// a server does not re-read them on every call; an edited configuration
// (a new modification time) is read again. Edited style files are read
// again only when the configuration changes: live reload can come later.
var houses sync.Map // key -> *style.House

func loadCached(path, stylesPath string, cfg *style.Config) *style.House {
	// Without a Vale file, the styles .speedgrapher.yaml names are the key.
	key := fmt.Sprintf("\x00%s\x00%s", stylesPath, strings.Join(cfg.Global.BasedOnStyles, ","))
	if path != "" {
		key = ""
		if fi, err := os.Stat(path); err == nil {
			key = fmt.Sprintf("%s\x00%s\x00%d", path, stylesPath, fi.ModTime().UnixNano())
		}
	}
	if key != "" {
		if h, ok := houses.Load(key); ok {
			return h.(*style.House)
		}
	}
	h := style.Load(os.DirFS(stylesPath), cfg)
	if key != "" {
		houses.Store(key, h)
	}
	return h
}

// houseName is a draft's path as the configuration's section globs read
// it: relative to the configuration's directory, slash-separated.
func houseName(dir, name string) string {
	if dir != "" && filepath.IsAbs(name) {
		if rel, err := filepath.Rel(dir, name); err == nil && !strings.HasPrefix(rel, "..") {
			name = rel
		}
	}
	return filepath.ToSlash(name)
}

// applyHouse adds the house styles' findings to opts and applies the
// configuration's switches for our own rules (the Speedgrapher style).
func applyHouse(opts *lint.Options, h *style.House, name string) {
	set := h.For(name)
	if len(set.Rules) > 0 {
		opts.Extra = func(doc *markdown.Document) []lint.Finding { return set.Check(doc) }
	}
	on, rules := h.Speedgrapher(name)
	if !on {
		for _, id := range lint.IDs(lint.Style) {
			if rules[id] == "" || rules[id] == "no" {
				opts.Disable = appendNew(opts.Disable, id)
			}
		}
	}
	for id, v := range rules {
		switch v {
		case "no":
			opts.Disable = appendNew(opts.Disable, id)
		case "yes":
		default:
			if s, err := lint.ParseSeverity(v); err == nil {
				if opts.Severity == nil {
					opts.Severity = map[string]lint.Severity{}
				}
				opts.Severity[id] = s
			}
		}
	}
}

// CheckHouse validates the house styles and vocabularies that apply to the
// workspace: every problem, as file:line: message. It reads every style
// on the styles path, not only the ones the configuration names.
func CheckHouse(src HouseSource, base *Config) ([]error, error) {
	cfgd, problems, err := LoadHouse(base, src)
	if err != nil || cfgd.House == nil {
		return problems, err
	}
	h := cfgd.House
	entries, err := os.ReadDir(h.Config.StylesPath)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return problems, fmt.Errorf("read styles path: %w", err)
	}
	for _, e := range entries {
		if !e.IsDir() || e.Name() == "config" || e.Name() == "Vocab" || h.Styles[e.Name()] != nil {
			continue
		}
		extra := *h.Config
		extra.Global.BasedOnStyles = []string{e.Name()}
		extra.Sections, extra.Vocab = nil, nil
		problems = append(problems, style.Load(os.DirFS(h.Config.StylesPath), &extra).Problems...)
	}
	return problems, nil
}
