package prompts

import (
	"fmt"
	"strings"
	"time"
)

// Limits on what a template file may hold and on what rendering one may do.
// A cloned repository brings its own templates, so none of them may stall
// or exhaust the server. Each is far above what a real template needs (the
// shipped ones use under 1 KiB of front matter, nest 3 deep, and never loop
// over a number).
//
// The YAML parser (github.com/goccy/go-yaml) and the TOML parser
// (github.com/pelletier/go-toml/v2) take time and memory that grow with the
// square of the nesting depth and of the number of keys, so front matter and
// Gemini command files are bounded by a linear pre-scan before they are
// handed over. text/template has no hook inside a range, so rendering is
// bounded by a static check of the parse tree at load time, a step counted
// at the start of every loop iteration and template call, and a byte budget
// on everything a render writes or a function returns.
const (
	// MaxFrontMatterBytes bounds the front matter of a template.
	MaxFrontMatterBytes = 16 << 10
	// MaxFrontMatterBrackets bounds the "[" and "{" characters in a front
	// matter, which bounds how deep flow collections can nest.
	MaxFrontMatterBrackets = 64
	// MaxFrontMatterColumn bounds the column where a front matter line's
	// text starts, after its indentation and "- " or "? " markers, which
	// bounds how deep block collections can nest.
	MaxFrontMatterColumn = 64
	// MaxTOMLNesting bounds how deep arrays and inline tables nest in a
	// Gemini command file.
	MaxTOMLNesting = 32
	// MaxTOMLKeys bounds the keys and tables of a Gemini command file,
	// which needs two: description and prompt.
	MaxTOMLKeys = 100

	// MaxDiagnostics bounds the problems reported about one template file;
	// one more diagnostic counts the rest.
	MaxDiagnostics = 50
	// MaxMessages bounds the messages of one template.
	MaxMessages = 64
	// MaxBlockActions bounds the if, range, with, define and block actions
	// of a template or partial file, which bounds how deep they nest:
	// text/template parses and executes nesting by recursion, about 3 KB
	// of stack a level.
	MaxBlockActions = 1000

	// MaxLoopSteps bounds the range iterations and template calls of one
	// render; at load time, a range over a number, or nested ranges over
	// numbers, that would run more times than this is refused.
	MaxLoopSteps = 100_000
	// MaxRenderBytes bounds the text one render writes plus every string
	// its functions return (drafts and guidelines included).
	MaxRenderBytes = 32 << 20
	// MaxFormatWidth bounds a width or precision in a printf format.
	MaxFormatWidth = 100
	// RenderTimeout bounds the time one render may take.
	RenderTimeout = 2 * time.Second
)

// checkFrontMatterShape refuses front matter the YAML parser would take too
// long or too much memory on. text starts on file line first. It looks at
// characters, not YAML syntax, so it cannot be fooled by quoting: a bracket
// inside a quoted string counts too, which only matters past 64 of them.
func checkFrontMatterShape(text string, first int) *lineError {
	if len(text) > MaxFrontMatterBytes {
		return &lineError{max(first-1, 1), fmt.Sprintf(
			"front matter is %d bytes, over the limit of %d; keep it to the name, title, description and arguments, and put long text in the body",
			len(text), MaxFrontMatterBytes)}
	}
	brackets := 0
	lineNo := first
	for l := range strings.SplitSeq(text, "\n") {
		if col := contentColumn(l); col > MaxFrontMatterColumn {
			return &lineError{lineNo, fmt.Sprintf(
				"front matter nests too deep: text starts at column %d, over the limit of %d; indent less",
				col+1, MaxFrontMatterColumn)}
		}
		for i := 0; i < len(l); i++ {
			if l[i] == '[' || l[i] == '{' {
				brackets++
				if brackets > MaxFrontMatterBrackets {
					return &lineError{lineNo, fmt.Sprintf(
						"front matter holds more than %d \"[\" and \"{\"; nesting that deep is not needed, write lists one item a line",
						MaxFrontMatterBrackets)}
				}
			}
		}
		lineNo++
	}
	return nil
}

// contentColumn is the 0-based column where l's text starts, after leading
// spaces and block markers ("- ", "? ", ": "). No line can be nested deeper
// than this column plus one: every level of a block collection is indented
// further than its parent, or starts after a marker on the same line.
func contentColumn(l string) int {
	if strings.TrimSpace(l) == "" {
		return 0
	}
	i := 0
	for i < len(l) {
		switch {
		case l[i] == ' ':
			i++
		case (l[i] == '-' || l[i] == '?' || l[i] == ':') && (i+1 == len(l) || l[i+1] == ' ' || l[i+1] == '\t'):
			i++
		case l[i] == '\t' && i > 0:
			i++
		default:
			return i
		}
	}
	return i
}

// checkBodyShape refuses a template body with more than MaxBlockActions
// actions that open a block. It counts "{{" followed by a block keyword
// wherever it is, inside a string too, so it cannot be fooled by quoting.
// text starts on file line first.
func checkBodyShape(text string, first int) *lineError {
	blocks := 0
	for i := 0; ; {
		j := strings.Index(text[i:], "{{")
		if j < 0 {
			return nil
		}
		i += j + 2
		k := i
		if k < len(text) && text[k] == '-' {
			k++
		}
		k += len(text[k:]) - len(strings.TrimLeft(text[k:], " \t\r\n"))
		word := blockWord(text[k:])
		if word == "else" {
			k += len(word)
			k += len(text[k:]) - len(strings.TrimLeft(text[k:], " \t\r\n"))
			if word = blockWord(text[k:]); word != "if" && word != "with" {
				continue
			}
		}
		if word == "" || word == "else" {
			continue
		}
		if blocks++; blocks > MaxBlockActions {
			return &lineError{first + strings.Count(text[:i], "\n"), fmt.Sprintf(
				"more than %d if, range, with, define and block actions; split the template into partials", MaxBlockActions)}
		}
	}
}

// blockWord is the block keyword s starts with, "else", or "".
func blockWord(s string) string {
	for _, w := range []string{"if", "range", "with", "define", "block", "else"} {
		if strings.HasPrefix(s, w) && (len(s) == len(w) || !isIdentByte(s[len(w)])) {
			return w
		}
	}
	return ""
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// checkTOMLShape refuses a Gemini command file the TOML parser would take
// too long or too much memory on: arrays and inline tables nested more than
// MaxTOMLNesting deep, or more than MaxTOMLKeys keys and tables. It follows
// TOML's strings and comments, so brackets and "=" in the prompt text do not
// count.
func checkTOMLShape(data []byte) *lineError {
	text := string(data)
	depth, keys, line := 0, 0, 1
	atLineStart := true
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c == '\n':
			line++
			atLineStart = true
			continue
		case c == ' ' || c == '\t' || c == '\r':
			continue
		case c == '#':
			for i+1 < len(text) && text[i+1] != '\n' {
				i++
			}
			continue
		case c == '"' || c == '\'':
			end := tomlStringEnd(text, i)
			line += strings.Count(text[i:end], "\n")
			i = end - 1
		case c == '[' || c == '{':
			depth++
			if atLineStart && c == '[' {
				keys++ // a table header
			}
			if depth > MaxTOMLNesting {
				return &lineError{line, fmt.Sprintf(
					"TOML: arrays and tables nest more than %d deep; a Gemini CLI command needs only description and prompt", MaxTOMLNesting)}
			}
		case c == ']' || c == '}':
			depth = max(depth-1, 0)
		case c == '=':
			keys++
		}
		if keys > MaxTOMLKeys {
			return &lineError{line, fmt.Sprintf(
				"TOML: more than %d keys and tables; a Gemini CLI command needs only description and prompt", MaxTOMLKeys)}
		}
		atLineStart = false
	}
	return nil
}

// tomlStringEnd is the offset just past the TOML string that starts at i
// (basic "..." or literal '...', single or triple quoted), or the end of
// text when it is not closed. A single-line string also ends at a newline,
// where the TOML parser stops with an error.
func tomlStringEnd(text string, i int) int {
	q := text[i]
	if strings.HasPrefix(text[i:], strings.Repeat(string(q), 3)) {
		delim := strings.Repeat(string(q), 3)
		for j := i + 3; j < len(text); j++ {
			if q == '"' && text[j] == '\\' {
				j++
				continue
			}
			if strings.HasPrefix(text[j:], delim) {
				// Up to two more quotes may end the string's content.
				end := j + 3
				for k := 0; k < 2 && end < len(text) && text[end] == q; k++ {
					end++
				}
				return end
			}
		}
		return len(text)
	}
	for j := i + 1; j < len(text); j++ {
		switch {
		case q == '"' && text[j] == '\\':
			j++
		case text[j] == q:
			return j + 1
		case text[j] == '\n':
			return j
		}
	}
	return len(text)
}
