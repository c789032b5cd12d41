package prompts

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/pelletier/go-toml/v2"
)

// geminiKeys are the keys of a Gemini CLI command file.
var geminiKeys = []string{"description", "prompt"}

// geminiPromptKey finds the line that sets prompt, for messages.
var geminiPromptKey = regexp.MustCompile(`(?m)^[ \t]*"?prompt"?[ \t]*=`)

// parseGemini converts a Gemini CLI command (.gemini/commands/**/*.toml): a
// TOML file with an optional description and a prompt, where {{args}} is the
// whole argument text and @{path} a workspace file, embedded as a resource.
// Shell commands (!{...}) are never run: they stay in the prompt as text,
// with a warning.
func parseGemini(f file) (*Template, []Diagnostic) {
	var diags []Diagnostic
	var cmd struct {
		Description *string `toml:"description"`
		Prompt      *string `toml:"prompt"`
	}
	if lerr := checkTOMLShape(f.data); lerr != nil {
		return nil, []Diagnostic{{File: f.display, Line: lerr.line, Message: lerr.msg}}
	}
	err := toml.NewDecoder(bytes.NewReader(f.data)).DisallowUnknownFields().Decode(&cmd)
	var strict *toml.StrictMissingError
	var decode *toml.DecodeError
	switch {
	case errors.As(err, &strict):
		for _, e := range strict.Errors {
			row, _ := e.Position()
			key := strings.Join(e.Key(), ".")
			msg := fmt.Sprintf("unknown key %q is ignored; a Gemini CLI command has: %s", key, strings.Join(geminiKeys, ", "))
			if s := closest(key, geminiKeys); s != "" {
				msg = fmt.Sprintf("unknown key %q is ignored; did you mean %q?", key, s)
			}
			diags = append(diags, Diagnostic{File: f.display, Line: row, Warning: true, Message: msg})
		}
	case errors.As(err, &decode):
		row, _ := decode.Position()
		return nil, append(diags, Diagnostic{File: f.display, Line: row, Message: "TOML: " + strings.TrimPrefix(decode.Error(), "toml: ")})
	case err != nil:
		return nil, append(diags, Diagnostic{File: f.display, Line: 1, Message: "TOML: " + strings.TrimPrefix(err.Error(), "toml: ")})
	}
	if cmd.Prompt == nil || strings.TrimSpace(*cmd.Prompt) == "" {
		return nil, append(diags, Diagnostic{File: f.display, Line: 1, Message: `missing prompt; add prompt = """...""" with the text the command sends`})
	}
	prompt := *cmd.Prompt
	promptLine := 1
	if loc := geminiPromptKey.FindIndex(f.data); loc != nil {
		promptLine = 1 + bytes.Count(f.data[:loc[0]], []byte("\n"))
	}

	var pieces []piece
	ends := braceEnds(prompt)
	shell := shellWarnings{file: f.display}
	lit := 0
	for i := 0; i < len(prompt); {
		switch {
		case strings.HasPrefix(prompt[i:], "{{args}}"):
			pieces = appendText(pieces, prompt[lit:i])
			pieces = append(pieces, piece{kind: pieceArgs})
			i += len("{{args}}")
			lit = i
		case strings.HasPrefix(prompt[i:], "!{"):
			end, _ := braceEnd(ends, i+1)
			cmdText := prompt[i:end]
			shell.add(func() int { return rawLine(f.data, cmdText, promptLine) }, cmdText)
			i = end // stays in the literal text
		case strings.HasPrefix(prompt[i:], "@{"):
			end, closed := braceEnd(ends, i+1)
			if !closed {
				i += 2 // not closed: text
				continue
			}
			pieces = appendText(pieces, prompt[lit:i])
			pieces = append(pieces, piece{kind: pieceFile, text: strings.TrimSpace(prompt[i+2 : end-1])})
			i = end
			lit = i
		default:
			i++
		}
	}
	pieces = appendText(pieces, prompt[lit:])
	diags = append(diags, shell.diagnostics()...)
	description := ""
	if cmd.Description != nil {
		description = strings.TrimSpace(*cmd.Description)
	}
	t, d := buildImport(f, FormatGemini, description, "", prompt, pieces)
	return t, append(diags, d...)
}

// braceEnds gives, for the offset of each "{" in text, the offset just past
// the "}" that closes it, counting nested braces as Gemini CLI does, or -1
// when it is not closed. One pass with a stack: scanning on from every "{"
// would take time quadratic in a prompt of unclosed "@{".
func braceEnds(text string) []int32 {
	ends := make([]int32, len(text))
	var open []int32
	for j := 0; j < len(text); j++ {
		switch text[j] {
		case '{':
			ends[j] = -1
			open = append(open, int32(j))
		case '}':
			if n := len(open); n > 0 {
				ends[open[n-1]] = int32(j + 1)
				open = open[:n-1]
			}
		}
	}
	return ends
}

// braceEnd is the offset just past the "}" that closes the "{" at offset
// brace, or the end of the text and closed false when it is not closed.
func braceEnd(ends []int32, brace int) (end int, closed bool) {
	if e := ends[brace]; e >= 0 {
		return int(e), true
	}
	return len(ends), false
}

// rawLine is the file line where s first appears in data, or fallback when
// TOML escapes make it appear differently.
func rawLine(data []byte, s string, fallback int) int {
	first, _, _ := strings.Cut(s, "\n")
	if i := bytes.Index(data, []byte(first)); i >= 0 {
		return 1 + bytes.Count(data[:i], []byte("\n"))
	}
	return fallback
}
