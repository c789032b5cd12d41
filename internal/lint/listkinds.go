package lint

import (
	"fmt"
	"strings"
)

// Two rule kinds read word lists as data, so that adding a phrase is a
// one-line change to a file in data/: an existence list flags every phrase
// it holds, a substitution list flags each phrase with its replacements.
// Both are plain values parsed from text, so a loader of a team's style
// files (Vale's existence and substitution rules hold the same two shapes)
// can build them too.

// Swap is one entry of a substitution list.
type Swap struct {
	// Phrase is lower-case words separated by single spaces.
	Phrase string
	// Replacements are best first; a single "" means cut the phrase.
	Replacements []string
	// SenseDependent is set when the first replacement fits only some senses
	// of the phrase: its fix is offered, but not as safe.
	SenseDependent bool
}

// ParseExistence reads an existence list: one phrase a line; blank lines and
// lines starting with "#" are skipped.
func ParseExistence(text string) []string {
	var out []string
	for _, line := range listLines(text) {
		out = append(out, normalPhrase(line))
	}
	return out
}

// senseFlag marks a substitution entry whose fix is not safe.
const senseFlag = "sense-dependent"

// ParseSubstitution reads a substitution list, one entry a line:
//
//	phrase -> replacement|alternative
//	phrase ->                            (cut it)
//	phrase -> replacement ; sense-dependent
//
// Blank lines and lines starting with "#" are skipped. The error names the
// line of the first entry it cannot read.
func ParseSubstitution(text string) ([]Swap, error) {
	var out []Swap
	for n, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		from, to, ok := strings.Cut(line, "->")
		if !ok || strings.TrimSpace(from) == "" {
			return nil, fmt.Errorf("parse substitution line %d %q: want \"phrase -> replacement\"", n+1, line)
		}
		s := Swap{Phrase: normalPhrase(from)}
		if t, flags, ok := strings.Cut(to, ";"); ok {
			if f := strings.TrimSpace(flags); f != senseFlag {
				return nil, fmt.Errorf("parse substitution line %d: unknown flag %q; the flag is %q", n+1, f, senseFlag)
			}
			s.SenseDependent, to = true, t
		}
		s.Replacements = strings.Split(strings.TrimSpace(to), "|")
		for i := range s.Replacements {
			s.Replacements[i] = strings.TrimSpace(s.Replacements[i])
		}
		out = append(out, s)
	}
	return out, nil
}

// listLines returns the entries of a list: its lines, trimmed, without blank
// lines and "#" comments.
func listLines(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	return out
}

// normalPhrase is p in lower case with single spaces between its words, as
// the phrase matcher keys them.
func normalPhrase(p string) string {
	return strings.Join(strings.Fields(strings.ToLower(p)), " ")
}

// existence is the word list of an existence rule.
func existence(phrases []string) phraseList { return words(phrases...) }

// substitution is the word list of a substitution rule.
func substitution(swaps []Swap) phraseList {
	out := make(phraseList, 0, len(swaps))
	for _, s := range swaps {
		out = append(out, phrase{text: s.Phrase, suggest: s.Replacements, senseDependent: s.SenseDependent})
	}
	return out
}

// existenceData and substitutionData read a list of data/. A list that does
// not parse is a bug in the build, so they panic.
func existenceData(name string) phraseList { return existence(ParseExistence(dataText(name))) }

func substitutionData(name string) phraseList {
	swaps, err := ParseSubstitution(dataText(name))
	if err != nil {
		panic("lint: data/" + name + ": " + err.Error())
	}
	return substitution(swaps)
}

// existenceMessage is the message of an existence rule: format holds one %q,
// the match.
func existenceMessage(format string) func(string, *phrase) string {
	return func(match string, _ *phrase) string { return fmt.Sprintf(format, match) }
}

// substitutionMessage is the message of a substitution rule: format holds %q,
// the match, then %s, its replacements quoted; cut, when not empty, is the
// format (one %q) for a phrase to cut.
func substitutionMessage(format, cut string) func(string, *phrase) string {
	return func(match string, ph *phrase) string {
		if cut != "" && len(ph.suggest) == 1 && ph.suggest[0] == "" {
			return fmt.Sprintf(cut, match)
		}
		return fmt.Sprintf(format, match, quoteList(ph.suggest))
	}
}
