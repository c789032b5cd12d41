package tools

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// decodeStringObject decodes a JSON object whose values are all strings (or
// null) into a map from key to value, in one pass and without reflection: a
// 64 KiB draft sent as "text" is one long string, and encoding/json's two
// passes over it cost more than the analysis of short drafts. ok is false for
// anything else (nested values, numbers, syntax errors, duplicate keys), and
// the caller falls back to encoding/json for its error message.
func decodeStringObject(data []byte) (fields map[string]*string, ok bool) {
	p := jsonScanner{data: data}
	p.space()
	if !p.byte('{') {
		return nil, false
	}
	fields = map[string]*string{}
	p.space()
	if p.byte('}') {
		return fields, p.end()
	}
	for {
		p.space()
		key, ok := p.str()
		if !ok {
			return nil, false
		}
		p.space()
		if !p.byte(':') {
			return nil, false
		}
		p.space()
		var val *string
		if bytes.HasPrefix(p.data[p.pos:], []byte("null")) {
			p.pos += 4
		} else {
			s, ok := p.str()
			if !ok {
				return nil, false
			}
			val = &s
		}
		if _, dup := fields[key]; dup {
			return nil, false
		}
		fields[key] = val
		p.space()
		if p.byte(',') {
			continue
		}
		if p.byte('}') {
			return fields, p.end()
		}
		return nil, false
	}
}

type jsonScanner struct {
	data []byte
	pos  int
}

func (p *jsonScanner) space() {
	for p.pos < len(p.data) {
		switch p.data[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

func (p *jsonScanner) byte(c byte) bool {
	if p.pos < len(p.data) && p.data[p.pos] == c {
		p.pos++
		return true
	}
	return false
}

func (p *jsonScanner) end() bool {
	p.space()
	return p.pos == len(p.data)
}

// str reads a JSON string, unescaping it.
func (p *jsonScanner) str() (string, bool) {
	if !p.byte('"') {
		return "", false
	}
	var out []byte
	for {
		rest := p.data[p.pos:]
		i := bytes.IndexAny(rest, "\"\\")
		if i < 0 {
			return "", false
		}
		chunk := rest[:i]
		for _, c := range chunk {
			if c < 0x20 {
				return "", false // control characters must be escaped
			}
		}
		if !utf8.Valid(chunk) {
			return "", false
		}
		out = append(out, chunk...)
		p.pos += i + 1
		if rest[i] == '"' {
			return string(out), true
		}
		if p.pos >= len(p.data) {
			return "", false
		}
		e := p.data[p.pos]
		p.pos++
		switch e {
		case '"', '\\', '/':
			out = append(out, e)
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			r, ok := p.hex4()
			if !ok {
				return "", false
			}
			if utf16.IsSurrogate(r) {
				r2 := utf8.RuneError
				if bytes.HasPrefix(p.data[p.pos:], []byte(`\u`)) {
					save := p.pos
					p.pos += 2
					if lo, ok := p.hex4(); ok && utf16.DecodeRune(r, lo) != utf8.RuneError {
						r2 = utf16.DecodeRune(r, lo)
					} else {
						p.pos = save
					}
				}
				r = r2
			}
			out = utf8.AppendRune(out, r)
		default:
			return "", false
		}
	}
}

func (p *jsonScanner) hex4() (rune, bool) {
	if p.pos+4 > len(p.data) {
		return 0, false
	}
	v, err := strconv.ParseUint(string(p.data[p.pos:p.pos+4]), 16, 32)
	if err != nil {
		return 0, false
	}
	p.pos += 4
	return rune(v), true
}

// decodeArgs decodes raw tool arguments into fields, fast when they are a
// flat object of strings, through encoding/json otherwise.
func decodeArgs(raw json.RawMessage, into any) (map[string]*string, error) {
	if f, ok := decodeStringObject(raw); ok {
		return f, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	return nil, plainArgsError(dec.Decode(into))
}

func withArticle(noun string) string {
	if strings.ContainsAny(noun[:1], "aeiou") {
		return "an " + noun
	}
	return "a " + noun
}

// plainArgsError rewords encoding/json's errors, which name Go types and
// struct fields, in the terms of the tool's JSON arguments.
func plainArgsError(err error) error {
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &typeErr):
		got := withArticle(strings.Fields(typeErr.Value + " value")[0]) // "number 1.5" → "a number"
		if typeErr.Field == "" {
			return fmt.Errorf("the arguments are %s, not an object", got)
		}
		// For an element of a list, Field names the list and Type the element.
		want := withArticle(typeErr.Type.Kind().String())
		if typeErr.Type.Kind() == reflect.Slice {
			want = "a list of " + typeErr.Type.Elem().Kind().String() + "s"
		}
		return fmt.Errorf("%q has %s where %s belongs", typeErr.Field, got, want)
	case errors.As(err, &syntaxErr):
		return fmt.Errorf("the arguments are not valid JSON (%v at byte %d)", syntaxErr, syntaxErr.Offset)
	}
	if field, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return fmt.Errorf("unknown field %s", field)
	}
	return err
}
