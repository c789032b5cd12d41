package markdown

import (
	"bytes"
	"fmt"

	"github.com/goccy/go-yaml"
	"github.com/pelletier/go-toml/v2"
)

var bom = []byte("\xef\xbb\xbf")

// splitFrontMatter finds a front matter block at the top of src. It returns
// the block (Format "" when there is none) and the source goldmark should
// read: src itself, or a copy with the block and a byte order mark blanked.
func splitFrontMatter(src []byte) (FrontMatter, []byte) {
	start := 0
	if bytes.HasPrefix(src, bom) {
		start = len(bom)
	}
	open, rest, ok := cutLine(src, start)
	if !ok {
		return FrontMatter{}, blankBOM(src, start)
	}
	var format string
	var closers []string
	switch string(bytes.TrimRight(open, " \t\r")) {
	case "---":
		format, closers = "yaml", []string{"---", "..."}
	case "+++":
		format, closers = "toml", []string{"+++"}
	default:
		return FrontMatter{}, blankBOM(src, start)
	}
	for pos := rest; pos < len(src); {
		line, next, _ := cutLine(src, pos)
		trimmed := string(bytes.TrimRight(line, " \t\r"))
		for _, c := range closers {
			if trimmed == c {
				fm := FrontMatter{Format: format, Raw: string(src[rest:pos]), Start: start, End: pos + len(bytes.TrimRight(line, "\r")), Line: 2}
				fm.parse()
				blank := bytes.Clone(src)
				for i := 0; i < fm.End; i++ {
					if blank[i] != '\n' && blank[i] != '\r' {
						blank[i] = ' '
					}
				}
				return fm, blank
			}
		}
		pos = next
	}
	return FrontMatter{}, blankBOM(src, start)
}

// cutLine returns the line starting at pos (without its newline) and the
// offset of the next line; ok is false when pos is at the end of src.
func cutLine(src []byte, pos int) (line []byte, next int, ok bool) {
	if pos >= len(src) {
		return nil, len(src), false
	}
	if i := bytes.IndexByte(src[pos:], '\n'); i >= 0 {
		return src[pos : pos+i], pos + i + 1, true
	}
	return src[pos:], len(src), true
}

func blankBOM(src []byte, n int) []byte {
	if n == 0 {
		return src
	}
	b := bytes.Clone(src)
	copy(b, "   ")
	return b
}

func (fm *FrontMatter) parse() {
	var fields map[string]any
	var err error
	switch fm.Format {
	case "yaml":
		if err = CheckYAML([]byte(fm.Raw), fm.Line); err != nil {
			fm.Err = err
			return
		}
		err = yaml.Unmarshal([]byte(fm.Raw), &fields)
	case "toml":
		// go-toml stops at 10,000 levels of nesting by itself, quickly.
		if len(fm.Raw) > MaxFrontMatter {
			fm.Err = limitErrorf(fm.Line, "the TOML is %s bytes; speedgrapher reads at most %s, so shorten it", count(len(fm.Raw)), count(MaxFrontMatter))
			return
		}
		err = toml.Unmarshal([]byte(fm.Raw), &fields)
	}
	if err != nil {
		fm.Err = fmt.Errorf("parse %s front matter: %w", fm.Format, err)
		return
	}
	if fields == nil {
		fields = map[string]any{}
	}
	fm.Fields = fields
	fm.Title, _ = fields["title"].(string)
	fm.Description, _ = fields["description"].(string)
}
