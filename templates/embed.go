// Package templates holds the prompt templates and guidelines shipped inside
// the speedgrapher binary. Authors add a command by adding a .md file here.
package templates

import "embed"

// FS holds every shipped template (*.md) and the guidelines they use.
//
//go:embed *.md guidelines
var FS embed.FS
