package prompts

import (
	"fmt"
	"strings"
)

// parseClaude converts a Claude Code command (.claude/commands/**/*.md):
// optional front matter whose description and argument-hint are used (other
// keys, such as allowed-tools or model, mean nothing here and are ignored),
// and a body where $ARGUMENTS is the whole argument text and $1 to $9 its
// words. Shell commands (! then a backtick command) are never run: they stay
// in the prompt as text, with a warning.
func parseClaude(f file) (*Template, []Diagnostic) {
	var diags []Diagnostic
	text := strings.ReplaceAll(strings.TrimPrefix(string(f.data), "\uFEFF"), "\r\n", "\n")
	body, bodyLine := text, 1
	var meta map[string]string
	if strings.TrimRight(strings.SplitN(text, "\n", 2)[0], " \t") == "---" {
		yamlText, yamlLine, b, bl, lerr := splitFile([]byte(text))
		if lerr != nil {
			return nil, []Diagnostic{{File: f.display, Line: lerr.line, Message: lerr.msg}}
		}
		body, bodyLine = b, bl
		meta = claudeFrontMatter(yamlText, yamlLine)
	}
	var pieces []piece
	shell := shellWarnings{file: f.display}
	lit := 0 // start of the pending literal text
	for i := 0; i < len(body); {
		switch {
		case strings.HasPrefix(body[i:], "$ARGUMENTS"):
			pieces = appendText(pieces, body[lit:i])
			pieces = append(pieces, piece{kind: pieceArgs})
			i += len("$ARGUMENTS")
			lit = i
		case body[i] == '$' && i+1 < len(body) && body[i+1] >= '1' && body[i+1] <= '9':
			pieces = appendText(pieces, body[lit:i])
			pieces = append(pieces, piece{kind: pieceWord, word: int(body[i+1] - '0')})
			i += 2
			lit = i
		case strings.HasPrefix(body[i:], "!`"):
			end := shellEnd(body, i+2, '`')
			shell.add(func() int { return lineAt(body, i, bodyLine) }, body[i:end])
			i = end // stays in the literal text
		default:
			i++
		}
	}
	pieces = appendText(pieces, body[lit:])
	diags = append(diags, shell.diagnostics()...)
	t, d := buildImport(f, FormatClaude, meta["description"], meta["argument-hint"], body, pieces)
	return t, append(diags, d...)
}

// shellEnd is the offset just past the closing quote of a shell command
// starting at from, or the end of the line when it is not closed.
func shellEnd(text string, from int, closing byte) int {
	for j := from; j < len(text); j++ {
		switch text[j] {
		case closing:
			return j + 1
		case '\n':
			return j
		}
	}
	return len(text)
}

// maxShellWarnings bounds the shell-command warnings about one file: each
// finds its line from the start of the file, and a file of nothing but
// shell commands would otherwise take time quadratic in its size.
const maxShellWarnings = 10

// shellWarnings collects the warnings about the shell commands of one file.
type shellWarnings struct {
	file string
	list []Diagnostic
	more int // shell commands past maxShellWarnings
}

// add warns about cmd, found on the line that line computes.
func (w *shellWarnings) add(line func() int, cmd string) {
	if len(w.list) == maxShellWarnings {
		w.more++
		return
	}
	w.list = append(w.list, shellWarning(w.file, line(), cmd))
}

func (w *shellWarnings) diagnostics() []Diagnostic {
	if w.more == 0 {
		return w.list
	}
	return append(w.list, Diagnostic{File: w.file, Warning: true, Message: fmt.Sprintf(
		"%d more shell commands are not run either; they stay in the prompt as text", w.more)})
}

func shellWarning(file string, line int, cmd string) Diagnostic {
	if len(cmd) > 60 {
		cmd = cmd[:57] + "..."
	}
	return Diagnostic{File: file, Line: line, Warning: true, Message: fmt.Sprintf(
		"shell command %s is not run by speedgrapher; it stays in the prompt as text (remove it, or paste its output into the file)", cmd)}
}

// claudeFrontMatter reads "key: value" lines the lenient way Claude Code
// commands are written: values such as "argument-hint: [file] [focus]" are
// text, not YAML lists, and a quoted value loses its quotes. Nested or
// indented lines belong to the key before them and are ignored.
func claudeFrontMatter(text string, first int) map[string]string {
	meta := map[string]string{}
	for l := range strings.SplitSeq(text, "\n") {
		if l == "" || l[0] == ' ' || l[0] == '\t' || l[0] == '#' {
			continue
		}
		k, v, ok := strings.Cut(l, ":")
		if !ok {
			continue
		}
		v = strings.TrimSpace(v)
		if len(v) >= 2 && (v[0] == '"' && v[len(v)-1] == '"' || v[0] == '\'' && v[len(v)-1] == '\'') {
			v = v[1 : len(v)-1]
		}
		meta[strings.TrimSpace(k)] = v
	}
	return meta
}
