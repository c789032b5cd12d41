package prompts

import (
	"fmt"
	"strconv"
	"strings"
	"text/template"
	"unicode/utf8"
)

// Commands written for other agents (Claude Code, Gemini CLI) are converted
// into Templates rather than given an engine of their own: the converter
// writes text/template source in which every piece of the file's text is a
// quoted string constant, so nothing in the file is template syntax except
// the placeholders the converter recognised, and argument values stay data.

// piece is a part of an imported command's body.
type piece struct {
	kind pieceKind
	text string // literal text, or the path of a pieceFile
	word int    // 1 to 9, for pieceWord
}

type pieceKind int

const (
	pieceText pieceKind = iota // literal text
	pieceArgs                  // the whole args value: $ARGUMENTS, {{args}}
	pieceWord                  // one whitespace-separated word of args: $1...$9
	pieceFile                  // a workspace file as an embedded resource: @{path}
)

// importArgument is the one argument every imported command takes.
const importArgument = "args"

// buildImport makes a Template of an imported command. An empty description
// becomes the first line of raw, the command's text; hint, when set,
// describes the argument. A body that never places the arguments gets them
// appended after a blank line, so that what the writer typed is not lost.
func buildImport(f file, format Format, description, hint, raw string, pieces []piece) (*Template, []Diagnostic) {
	if !commandName.MatchString(f.name) {
		return nil, []Diagnostic{{File: f.display, Line: 1, Message: fmt.Sprintf(
			"command name %q, from the file's path, cannot be typed as a slash command; rename the file with lower-case letters, digits, \"-\" and \"_\"", f.name)}}
	}
	usesArgs := false
	for _, p := range pieces {
		usesArgs = usesArgs || p.kind == pieceArgs || p.kind == pieceWord
	}
	if n := len(pieces); !usesArgs && n > 0 && pieces[n-1].kind == pieceText {
		// The arguments go after a blank line, not after the file's last newline.
		pieces[n-1].text = strings.TrimRight(pieces[n-1].text, " \t\n")
	}
	// A placeholder the writer left empty shows what belongs there, so the
	// agent sees "[FILE]" and asks, rather than "Fix the typos in , in  spelling."
	hintWords := strings.Fields(strings.NewReplacer("[", " ", "]", " ", "<", " ", ">", " ").Replace(hint))
	whole := hint
	if whole == "" {
		whole = "what you would type after /" + f.name
	}
	var src strings.Builder
	for _, p := range pieces {
		switch p.kind {
		case pieceText:
			if p.text != "" {
				src.WriteString("{{" + strconv.Quote(p.text) + "}}")
			}
		case pieceArgs:
			src.WriteString(`{{ or .args ` + strconv.Quote("["+whole+"]") + ` }}`)
		case pieceWord:
			name := "argument " + strconv.Itoa(p.word)
			if p.word <= len(hintWords) {
				name = hintWords[p.word-1]
			}
			src.WriteString(`{{ or (index . "$` + strconv.Itoa(p.word) + `") ` + strconv.Quote("["+name+"]") + ` }}`)
		case pieceFile:
			src.WriteString("{{ draft " + strconv.Quote(p.text) + " }}")
		}
	}
	if !usesArgs {
		src.WriteString(`{{ if .args }}{{ "\n\n" }}{{ .args }}{{ end }}`)
	}
	if description == "" {
		description = firstLine(raw)
	}
	if description == "" {
		description = "Imported from " + f.display
	}
	if hint == "" {
		hint = "Text for the command, as you would type it after /" + f.name
	}
	set := template.New(rootName).Funcs(parseFuncs).Option("missingkey=error")
	if _, err := set.New("message 1").Parse(src.String()); err != nil {
		// Cannot happen: the source is generated. Say so rather than panic.
		return nil, []Diagnostic{{File: f.display, Message: fmt.Sprintf("convert command: %v", err)}}
	}
	return &Template{
		Name:        f.name,
		Description: description,
		Arguments:   []Argument{{Name: importArgument, Description: hint}},
		File:        f.display,
		Source:      string(f.data),
		Format:      format,
		set:         set,
		nameLine:    1,
		sections:    []section{{role: "user", name: "message 1"}},
	}, nil
}

// positional adds the words of args as "$1" to "$9" to data, for imported
// commands; a missing word is "".
func positional(data map[string]any) {
	words := strings.Fields(fmt.Sprint(data[importArgument]))
	for i := 1; i <= 9; i++ {
		w := ""
		if i <= len(words) {
			w = words[i-1]
		}
		data["$"+strconv.Itoa(i)] = w
	}
}

// firstLine is the first non-blank line of text without a heading's "#",
// shortened to a description's length.
func firstLine(text string) string {
	const maxRunes = 120
	for l := range strings.SplitSeq(text, "\n") {
		l = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(l), "#"))
		if l == "" {
			continue
		}
		if utf8.RuneCountInString(l) > maxRunes {
			l = string([]rune(l)[:maxRunes-1]) + "…"
		}
		return l
	}
	return ""
}

// lineAt is the file line of byte offset i of text, whose first line is first.
func lineAt(text string, i, first int) int {
	return first + strings.Count(text[:i], "\n")
}

// appendText adds literal text to pieces, merging with a preceding text piece.
func appendText(pieces []piece, text string) []piece {
	if text == "" {
		return pieces
	}
	if n := len(pieces); n > 0 && pieces[n-1].kind == pieceText {
		pieces[n-1].text += text
		return pieces
	}
	return append(pieces, piece{kind: pieceText, text: text})
}
