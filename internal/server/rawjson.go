package server

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode/utf8"
)

// members returns the members of the JSON object obj by name, each value
// exactly as written. A name given twice keeps its last value, as the SDK's
// decoder does. It reports false when obj is not an object; it checks the
// object's framing only, so obj must already be known to be valid JSON.
//
// Request ids must be echoed byte for byte, and no decoder keeps a number as
// written inside a value it has decoded, hence this scan.
func members(obj []byte) (map[string]json.RawMessage, bool) {
	i := skipSpace(obj, 0)
	if i >= len(obj) || obj[i] != '{' {
		return nil, false
	}
	m := make(map[string]json.RawMessage, 4)
	i = skipSpace(obj, i+1)
	if i < len(obj) && obj[i] == '}' {
		return m, true
	}
	for {
		end := skipString(obj, i)
		if end < 0 {
			return nil, false
		}
		name, ok := unquote(obj[i:end])
		if !ok {
			return nil, false
		}
		i = skipSpace(obj, end)
		if i >= len(obj) || obj[i] != ':' {
			return nil, false
		}
		i = skipSpace(obj, i+1)
		end = skipValue(obj, i)
		if end < 0 {
			return nil, false
		}
		m[name] = obj[i:end:end]
		i = skipSpace(obj, end)
		if i >= len(obj) {
			return nil, false
		}
		switch obj[i] {
		case ',':
			i = skipSpace(obj, i+1)
		case '}':
			return m, true
		default:
			return nil, false
		}
	}
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// skipString returns the index just past the JSON string that starts at
// b[i], or -1 if there is none.
func skipString(b []byte, i int) int {
	if i >= len(b) || b[i] != '"' {
		return -1
	}
	for j := i + 1; j < len(b); {
		k := bytes.IndexByte(b[j:], '"')
		if k < 0 {
			return -1
		}
		j += k
		// The quote is escaped when an odd number of backslashes precede it.
		n := 0
		for p := j - 1; p > i && b[p] == '\\'; p-- {
			n++
		}
		if n%2 == 0 {
			return j + 1
		}
		j++
	}
	return -1
}

// skipValue returns the index just past the JSON value that starts at b[i],
// or -1 if there is none.
func skipValue(b []byte, i int) int {
	if i >= len(b) {
		return -1
	}
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(b); j++ {
			switch b[j] {
			case '"':
				end := skipString(b, j)
				if end < 0 {
					return -1
				}
				j = end - 1
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return j + 1
				}
			}
		}
		return -1
	}
	j := i // a number, true, false or null
	for j < len(b) && strings.IndexByte(",}] \t\r\n", b[j]) < 0 {
		j++
	}
	if j == i {
		return -1
	}
	return j
}

// unquote decodes the JSON string raw.
func unquote(raw []byte) (string, bool) {
	if len(raw) >= 2 && bytes.IndexByte(raw, '\\') < 0 && utf8.Valid(raw) {
		return string(raw[1 : len(raw)-1]), true
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", false
	}
	return s, true
}
