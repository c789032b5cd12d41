package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGeneratedUpToDate regenerates every generated file in memory and
// compares it with the file on disk, as cmd/go does for its documentation.
func TestGeneratedUpToDate(t *testing.T) {
	g := generator(t)
	for _, name := range Files {
		old, err := os.ReadFile(filepath.Join("..", "..", "..", "..", name))
		if err != nil {
			t.Fatal(err)
		}
		src, err := g.Regenerate(name, old)
		if err != nil {
			t.Fatal(err)
		}
		if string(src) != string(old) {
			t.Errorf("%s is stale: run go generate ./internal/lint", name)
		}
	}
}

// TestMarkersPresent: each generated file holds the parts it should, so a
// deleted marker cannot make the staleness test pass vacuously.
func TestMarkersPresent(t *testing.T) {
	for name, want := range map[string][]string{
		"README.md":               {"<!-- rules:style -->", "<!-- rules:structure -->", "<!-- rules:fixes -->"},
		"internal/lint/README.md": {"<!-- rules:style -->", "<!-- rules:structure -->"},
		"internal/lint/doc.go":    {"// # Rules\n", "//\tempty-heading       warning     A heading with no text.\n"},
	} {
		b, err := os.ReadFile(filepath.Join("..", "..", "..", "..", name))
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range want {
			if !strings.Contains(string(b), w) {
				t.Errorf("%s has no %q", name, w)
			}
		}
	}
}

func generator(t *testing.T) *Generator {
	t.Helper()
	registry, err := os.ReadFile(filepath.Join("..", "..", "..", "..", Registry))
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewGenerator(registry)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestRegenerateReplacesOnlyMarked(t *testing.T) {
	g := generator(t)
	src := "intro\n<!-- rules:fixes -->\nold table\n<!-- end -->\noutro\n"
	got, err := g.Regenerate("x.md", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := "intro\n<!-- rules:fixes -->\n| rule | fix | safe |\n|---|---|---|\n" +
		"| `lexical-illusion` | deletes the repeated word | yes |\n"
	if !strings.HasPrefix(string(got), want) || !strings.HasSuffix(string(got), "|\n<!-- end -->\noutro\n") {
		t.Errorf("Regenerate =\n%s\nwant it to start\n%s", got, want)
	}
	if _, err := g.Regenerate("x.md", []byte("<!-- rules:style -->\nno end\n")); err == nil {
		t.Error("Regenerate with no end marker: no error")
	}
}
