package templates_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/speedgrapher/speedgrapher/internal/server"
	"github.com/speedgrapher/speedgrapher/templates"
)

// TestWorkspaceGuidelines checks that a guideline file at the workspace root
// replaces the shipped guideline in the commands that use it, and that an
// edit applies to the next request without a restart.
func TestWorkspaceGuidelines(t *testing.T) {
	t.Parallel()
	tests := []struct {
		file, shipped, prompt string
		args                  map[string]string
		rule, edited          string
	}{
		{
			file: "EDITORIAL.md", shipped: "guidelines/editorial.md", prompt: "review",
			args:   map[string]string{"path": "drafts/post.md", "focus": "tone"},
			rule:   "Every heading ends with a haiku about penguins.",
			edited: "Never mention penguins.",
		},
		{
			file: "EDITORIAL.md", shipped: "guidelines/editorial.md", prompt: "proofread",
			args:   map[string]string{"path": "drafts/post.md"},
			rule:   "Spell it colour, never color.",
			edited: "Spell it color, never colour.",
		},
		{
			file: "EDITORIAL.md", shipped: "guidelines/editorial.md", prompt: "context",
			args:   nil,
			rule:   "Our readers are lighthouse keepers.",
			edited: "Our readers are astronauts.",
		},
		{
			file: "LOCALIZATION.md", shipped: "guidelines/localization.md", prompt: "localize",
			args:   map[string]string{"target_language": "pt-BR", "path": "drafts/post.md"},
			rule:   "Translate \"deploy\" as \"implantar\", never \"deployar\".",
			edited: "Keep \"deploy\" in English.",
		},
	}
	for _, tt := range tests {
		t.Run(tt.prompt, func(t *testing.T) {
			shippedText, err := fs.ReadFile(templates.FS, tt.shipped)
			if err != nil {
				t.Fatal(err)
			}
			shipped := strings.TrimSpace(string(shippedText))
			root := t.TempDir()
			writeFile(t, filepath.Join(root, "drafts", "post.md"), "# Deploying on Fridays\n\nWe deploy on Fridays.\n")
			cs := connect(t, server.Options{Roots: []string{root}})

			got := render(cs, tt.prompt, tt.args)
			if !strings.Contains(got, shipped) {
				t.Errorf("without %s, %s does not carry the whole of %s:\n%s", tt.file, tt.prompt, tt.shipped, got)
			}

			writeFile(t, filepath.Join(root, tt.file), "# House rules\n\n- "+tt.rule+"\n")
			got = render(cs, tt.prompt, tt.args)
			if !strings.Contains(got, tt.rule) {
				t.Errorf("with %s, %s does not carry its rule %q:\n%s", tt.file, tt.prompt, tt.rule, got)
			}
			if strings.Contains(got, firstRule(shipped)) {
				t.Errorf("with %s, %s still carries the shipped %s (%q)", tt.file, tt.prompt, tt.shipped, firstRule(shipped))
			}

			writeFile(t, filepath.Join(root, tt.file), "# House rules\n\n- "+tt.edited+"\n")
			got = render(cs, tt.prompt, tt.args)
			if !strings.Contains(got, tt.edited) || strings.Contains(got, tt.rule) {
				t.Errorf("after editing %s, %s does not carry the edit %q alone:\n%s", tt.file, tt.prompt, tt.edited, got)
			}
		})
	}
}

// firstRule returns the first bullet of a guideline, a line the shipped text
// has and a replacement does not.
func firstRule(guideline string) string {
	for _, line := range strings.Split(guideline, "\n") {
		if strings.HasPrefix(line, "- ") {
			return line
		}
	}
	return guideline
}

func writeFile(t *testing.T, name, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
