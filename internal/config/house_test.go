package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/speedgrapher/speedgrapher/internal/lint"
	"github.com/speedgrapher/speedgrapher/internal/markdown"
)

func write(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

const useRule = "extends: existence\nmessage: \"Say 'use', not '%s'.\"\nlevel: warning\ntokens: [frobnicate]\n"

// lintWith lints src as the draft name with the house styles src finds.
func lintWith(t *testing.T, base *Config, src HouseSource, name, draft string) []string {
	t.Helper()
	cfg, problems, err := LoadHouse(base, src)
	if err != nil || len(problems) > 0 {
		t.Fatalf("LoadHouse: %v %v", err, problems)
	}
	doc := markdown.Parse([]byte(draft))
	opts, err := ForDraft(cfg, name, doc)
	if err != nil {
		t.Fatal(err)
	}
	out := []string{}
	for _, f := range lint.Check(doc, opts) {
		out = append(out, f.Rule)
	}
	return out
}

const draft = "We frobnicate it. It was written by me.\n"

func TestValeConfigFoundUpwards(t *testing.T) {
	t.Parallel()
	top := t.TempDir()
	write(t, filepath.Join(top, ".vale.ini"), "StylesPath = styles\n[*.md]\nBasedOnStyles = House\n")
	write(t, filepath.Join(top, "styles/House/Use.yml"), useRule)
	ws := filepath.Join(top, "site", "blog")
	if err := os.MkdirAll(ws, 0o755); err != nil {
		t.Fatal(err)
	}
	got := lintWith(t, nil, HouseSource{Root: ws}, "post.md", draft)
	// Our own rules still run (passive-voice) beside the house rule.
	want := []string{"House.Use", "passive-voice"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestValeConfigFlagAndEnv(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write(t, filepath.Join(dir, "a.ini"), "StylesPath = styles\n[*]\nBasedOnStyles = House\nSpeedgrapher = NO\n")
	write(t, filepath.Join(dir, "styles/House/Use.yml"), useRule)
	ws := t.TempDir()
	write(t, filepath.Join(ws, ".vale.ini"), "[*]\nBasedOnStyles = Missing\n")
	env := func(k string) string {
		if k == ValeConfigEnv {
			return filepath.Join(dir, "a.ini")
		}
		return ""
	}
	// The flag wins over the environment, which wins over the workspace.
	for _, src := range []HouseSource{{Root: ws, ValeConfig: filepath.Join(dir, "a.ini")}, {Root: ws, Getenv: env}} {
		got := lintWith(t, nil, src, "post.md", draft)
		if diff := cmp.Diff([]string{"House.Use"}, got); diff != "" {
			t.Errorf("%+v (-want +got):\n%s", src, diff)
		}
	}
	if _, _, err := LoadHouse(nil, HouseSource{ValeConfig: filepath.Join(dir, "none.ini")}); err == nil {
		t.Error("LoadHouse with a missing --vale-config file: no error")
	}
}

func TestStylesFromSpeedgrapherYAML(t *testing.T) {
	t.Parallel()
	ws := t.TempDir()
	write(t, filepath.Join(ws, "house/House/Use.yml"), useRule)
	base, err := Parse(FileName, []byte("styles: [House]\nstyles_path: house\nrules:\n  passive-voice: off\n"))
	if err != nil {
		t.Fatal(err)
	}
	got := lintWith(t, base, HouseSource{Root: ws}, "post.md", draft+"\n<!-- vale House.Use = NO -->\nWe frobnicate it.\n")
	if diff := cmp.Diff([]string{"House.Use"}, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if _, err := Parse(FileName, []byte("style: [House]\n")); err == nil || !strings.Contains(err.Error(), `did you mean "styles"?`) {
		t.Errorf("misspelt key: error %v, want a suggestion of styles", err)
	}
}
