package library

import (
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/speedgrapher/speedgrapher/internal/workspace"
	"github.com/speedgrapher/speedgrapher/prompts"
	"github.com/speedgrapher/speedgrapher/templates"
)

// Guideline returns the text of the guideline called name for the workspace
// ws: its own file (prompts.Guideline.File) when it has one, read now so
// that edits apply at once, else the shipped default.
func Guideline(ws *workspace.Workspace, name string, log *slog.Logger) (string, error) {
	g, ok := prompts.LookupGuideline(name)
	if !ok {
		return "", fmt.Errorf("unknown guideline %q; known: %s", name, strings.Join(prompts.Guidelines, ", "))
	}
	if _, data, err := ws.ReadFile(g.File); err == nil {
		if strings.TrimSpace(string(data)) != "" {
			return string(data), nil
		}
		// An empty file is more likely a mistake (a shell redirection made
		// it) than a wish for no guidelines: say so and use the default.
		log.Warn("guideline file is empty; using the shipped default", "file", g.File)
	} else if !errors.Is(err, workspace.ErrNotFound) {
		return "", fmt.Errorf("reading guideline %s: %w", g.File, err)
	}
	data, err := fs.ReadFile(templates.FS, g.Shipped)
	if err != nil {
		return "", fmt.Errorf("reading shipped guideline %q: %w", name, err)
	}
	return string(data), nil
}

// Env gives templates what they may read from the workspace ws: drafts,
// guidelines, and for completion at most maxFiles markdown file names.
func Env(ws *workspace.Workspace, maxFiles int, log *slog.Logger) prompts.Env {
	return prompts.Env{
		ReadFile: func(path string) (string, string, error) {
			abs, data, err := ws.ReadFile(path)
			if err != nil {
				return "", "", err
			}
			return FileURI(abs), string(data), nil
		},
		Guideline: func(name string) (string, error) { return Guideline(ws, name, log) },
		ListFiles: func(prefix string) []string { return ws.MarkdownFiles(prefix, maxFiles) },
		Exists: func(path string) error {
			_, err := ws.Stat(path)
			return err
		},
	}
}

// FileURI is the file:// URI of the absolute path abs.
func FileURI(abs string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String()
}
