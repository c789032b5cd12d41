package style

import (
	"bufio"
	"bytes"
	"fmt"
	"path"
	"regexp"
	"strings"

	"github.com/speedgrapher/speedgrapher/internal/lint"
)

// Config is a Vale configuration file (.vale.ini) as Vale reads it.
type Config struct {
	// File is the configuration's path, for errors.
	File string
	// StylesPath is where the styles are, as written (relative to the
	// file's directory unless absolute).
	StylesPath string
	// MinAlertLevel drops findings below it; suggestion by default.
	MinAlertLevel lint.Severity
	// Vocab names the vocabularies under StylesPath/config/vocabularies.
	Vocab []string
	// Global is the settings outside any section; Sections the [glob]
	// sections in file order.
	Global   Section
	Sections []Section
}

// Section is the settings of a [glob] section, or the global ones.
type Section struct {
	Glob string
	Line int
	// BasedOnStyles names the styles that run; nil when not set.
	BasedOnStyles []string
	// Rules maps "Style.Rule" (or "Style") to YES, NO or a level.
	Rules map[string]string
	match *regexp.Regexp
}

// ParseConfig reads a .vale.ini; name is its path for errors.
func ParseConfig(name string, data []byte) (*Config, error) {
	c := &Config{File: name, MinAlertLevel: lint.Suggestion}
	sec := &c.Global
	sec.Rules = map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' || line[0] == ';' {
			continue
		}
		if line[0] == '[' {
			end := strings.LastIndexByte(line, ']')
			if end < 0 {
				return nil, &Error{name, n, fmt.Sprintf("section %q has no closing \"]\"; write it as [*.md]", line)}
			}
			glob := strings.TrimSpace(line[1:end])
			re, err := globPattern(glob)
			if err != nil {
				return nil, &Error{name, n, fmt.Sprintf("section [%s]: %v", glob, err)}
			}
			c.Sections = append(c.Sections, Section{Glob: glob, Line: n, Rules: map[string]string{}, match: re})
			sec = &c.Sections[len(c.Sections)-1]
			continue
		}
		key, value, ok := strings.Cut(line, "=")
		if !ok {
			return nil, &Error{name, n, fmt.Sprintf("%q is not a setting; write KEY = VALUE", line)}
		}
		key, value = strings.TrimSpace(key), unquote(strings.TrimSpace(value))
		switch {
		case sec == &c.Global && key == "StylesPath":
			c.StylesPath = value
		case sec == &c.Global && key == "MinAlertLevel":
			s, err := lint.ParseSeverity(strings.ToLower(value))
			if err != nil {
				return nil, &Error{name, n, fmt.Sprintf("MinAlertLevel %q: use suggestion, warning or error", value)}
			}
			c.MinAlertLevel = s
		case key == "Vocab":
			c.Vocab = append(c.Vocab, list(value)...)
		case key == "BasedOnStyles":
			sec.BasedOnStyles = list(value)
			if sec.BasedOnStyles == nil {
				sec.BasedOnStyles = []string{}
			}
		case isRuleKey(key):
			v := strings.ToLower(value)
			switch v {
			case "yes", "no", "suggestion", "warning", "error":
			default:
				return nil, &Error{name, n, fmt.Sprintf("%s = %q: use YES, NO, suggestion, warning or error", key, value)}
			}
			sec.Rules[key] = v
		}
		// Vale's other settings (Packages, IgnoredScopes, TokenIgnores…)
		// are read by Vale alone.
	}
	return c, sc.Err()
}

func unquote(s string) string {
	if len(s) >= 2 && (s[0] == '"' && s[len(s)-1] == '"' || s[0] == '\'' && s[len(s)-1] == '\'') {
		return s[1 : len(s)-1]
	}
	return s
}

func list(v string) []string {
	var out []string
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// isRuleKey reports whether key names a rule ("Google.Passive") or a style
// switch ("Speedgrapher"): a capitalized name that is not one of Vale's
// own settings.
func isRuleKey(key string) bool {
	if strings.Contains(key, ".") {
		return !strings.ContainsAny(key, " /*")
	}
	return key == SpeedgrapherStyle || key == "Vale"
}

// Matches reports whether the section applies to the file at path
// (slash-separated, relative to the configuration).
func (s *Section) Matches(p string) bool {
	if s.match == nil {
		return true
	}
	return s.match.MatchString(p) || s.match.MatchString(path.Base(p)) || s.match.MatchString(path.Ext(p))
}

// globPattern turns a Vale section glob ("*.md", "docs/**/*.{md,txt}")
// into a regular expression for a whole path.
func globPattern(glob string) (*regexp.Regexp, error) {
	var b strings.Builder
	b.WriteString("^")
	depth := 0
	for i := 0; i < len(glob); i++ {
		c := glob[i]
		switch c {
		case '*':
			if i+1 < len(glob) && glob[i+1] == '*' {
				i++
				if i+1 < len(glob) && glob[i+1] == '/' {
					i++
					b.WriteString("(?:.*/)?")
				} else {
					b.WriteString(".*")
				}
			} else {
				b.WriteString("[^/]*")
			}
		case '?':
			b.WriteString("[^/]")
		case '{':
			depth++
			b.WriteString("(?:")
		case '}':
			if depth == 0 {
				return nil, fmt.Errorf("unbalanced \"}\"")
			}
			depth--
			b.WriteString(")")
		case ',':
			if depth > 0 {
				b.WriteString("|")
			} else {
				b.WriteString(",")
			}
		case '[':
			end := strings.IndexByte(glob[i:], ']')
			if end < 0 {
				return nil, fmt.Errorf("unbalanced \"[\"")
			}
			cls := glob[i+1 : i+end]
			if strings.HasPrefix(cls, "!") {
				cls = "^" + cls[1:]
			}
			b.WriteString("[" + cls + "]")
			i += end
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	if depth != 0 {
		return nil, fmt.Errorf("unbalanced \"{\"")
	}
	b.WriteString("$")
	return regexp.Compile(b.String())
}
