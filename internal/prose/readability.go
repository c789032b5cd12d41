package prose

import (
	"context"
	"math"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/speedgrapher/speedgrapher/internal/markdown"
)

// Counts are what the formulas read.
type Counts struct {
	Words, Sentences, Syllables int
	Letters, Characters         int
	Polysyllables, ComplexWords int
}

// Add returns the sum of two counts.
func (c Counts) Add(d Counts) Counts {
	return Counts{
		c.Words + d.Words, c.Sentences + d.Sentences, c.Syllables + d.Syllables,
		c.Letters + d.Letters, c.Characters + d.Characters,
		c.Polysyllables + d.Polysyllables, c.ComplexWords + d.ComplexWords,
	}
}

// Scores are the readability formulas on one set of counts.
type Scores struct {
	FleschReadingEase, FleschKincaidGrade, GunningFog, SMOG, ColemanLiau, ARI float64
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// FleschReadingEase is Flesch (1948); higher is easier, 60–70 is plain English.
func FleschReadingEase(c Counts) float64 {
	if c.Words == 0 {
		return 0
	}
	return 206.835 - 1.015*ratio(c.Words, c.Sentences) - 84.6*ratio(c.Syllables, c.Words)
}

// FleschKincaidGrade is Kincaid et al. (1975), a US school grade.
func FleschKincaidGrade(c Counts) float64 {
	if c.Words == 0 {
		return 0
	}
	return 0.39*ratio(c.Words, c.Sentences) + 11.8*ratio(c.Syllables, c.Words) - 15.59
}

// GunningFog is Gunning (1952), years of schooling.
func GunningFog(c Counts) float64 {
	if c.Words == 0 {
		return 0
	}
	return 0.4 * (ratio(c.Words, c.Sentences) + 100*ratio(c.ComplexWords, c.Words))
}

// SMOG is McLaughlin (1969), a US school grade.
func SMOG(c Counts) float64 {
	if c.Sentences == 0 {
		return 0
	}
	return 1.0430*math.Sqrt(float64(c.Polysyllables)*30/float64(c.Sentences)) + 3.1291
}

// ColemanLiau is Coleman & Liau (1975), a US school grade.
func ColemanLiau(c Counts) float64 {
	if c.Words == 0 {
		return 0
	}
	return 0.0588*100*ratio(c.Letters, c.Words) - 0.296*100*ratio(c.Sentences, c.Words) - 15.8
}

// ARI is the automated readability index of Senter & Smith (1967), a US school grade.
func ARI(c Counts) float64 {
	if c.Words == 0 {
		return 0
	}
	return 4.71*ratio(c.Characters, c.Words) + 0.5*ratio(c.Words, c.Sentences) - 21.43
}

// Scores computes every formula.
func (c Counts) Scores() Scores {
	return Scores{FleschReadingEase(c), FleschKincaidGrade(c), GunningFog(c), SMOG(c), ColemanLiau(c), ARI(c)}
}

// Grade is the consensus grade: the mean of the five grade formulas, never below 0.
func (s Scores) Grade() float64 {
	return max(0, (s.FleschKincaidGrade+s.GunningFog+s.SMOG+s.ColemanLiau+s.ARI)/5)
}

// Audience names the readers a consensus grade suits.
func Audience(grade float64) string {
	switch {
	case grade <= 6:
		return "everyone"
	case grade <= 8:
		return "general public"
	case grade <= 10:
		return "high school"
	case grade <= 12:
		return "high school graduate"
	case grade <= 16:
		return "college"
	}
	return "graduate or specialist"
}

// WordsPerMinute is the adult silent reading rate for non-fiction (Brysbaert 2019).
const WordsPerMinute = 238

// ReadingSeconds is how long a reader takes over words, rounded to a second.
func ReadingSeconds(words int) int {
	return int(math.Round(float64(words) * 60 / WordsPerMinute))
}

// Difficulty is how hard one sentence is to read.
type Difficulty uint8

const (
	Normal Difficulty = iota
	Hard
	VeryHard
)

func (d Difficulty) String() string {
	switch d {
	case Hard:
		return "hard"
	case VeryHard:
		return "very hard"
	}
	return "normal"
}

// Hemingway-style thresholds on a sentence's own grade (see the package doc).
const (
	MinMarkedWords = 14
	HardGrade      = 10
	VeryHardGrade  = 14
)

// Classify marks a sentence of words words at grade as normal, hard or very hard.
func Classify(words int, grade float64) Difficulty {
	switch {
	case words < MinMarkedWords || grade < HardGrade:
		return Normal
	case grade < VeryHardGrade:
		return Hard
	}
	return VeryHard
}

// Sentence is one sentence of a document's prose.
type Sentence struct {
	// Block is the index of the sentence's block in Document.Blocks.
	Block int
	// Start and End are the sentence's byte range in the block's Text.
	Start, End int
	// Words are the sentence's words, byte ranges in the block's Text.
	Words []Span
}

// Split returns every sentence of every block of doc, headings and table
// cells included, in document order.
func Split(doc *markdown.Document) []Sentence {
	var out []Sentence
	var spans []Span
	for bi := range doc.Blocks {
		text := doc.Blocks[bi].Text
		spans = appendSentences(spans[:0], text)
		for _, s := range spans {
			out = append(out, Sentence{Block: bi, Start: s.Start, End: s.End,
				Words: appendWords(nil, text[s.Start:s.End], s.Start)})
		}
	}
	return out
}

// Scored is a sentence with its counts and its own grade.
type Scored struct {
	Sentence
	// Text is the sentence's prose.
	Text string
	// Line and Column are where it starts in the source.
	Line, Column int
	Counts       Counts
	Grade        float64
	Difficulty   Difficulty
}

// Section is the prose under one heading, or before the first one.
type Section struct {
	// Heading is the index in Document.Headings, -1 before the first heading.
	Heading int
	// Title is the heading's text, "" before the first heading.
	Title  string
	Line   int
	Counts Counts
	Grade  float64
}

// Report is the readability of a whole document.
type Report struct {
	Counts
	Scores
	Grade          float64
	Audience       string
	ReadingSeconds int
	// Sections are one per heading, and one before the first heading when
	// prose stands there.
	Sections []Section
	// Sentences are the counted sentences, in document order.
	Sentences      []Scored
	Hard, VeryHard int
}

// Hardest returns up to n hard or very hard sentences, hardest first.
func (r *Report) Hardest(n int) []Scored {
	var out []Scored
	for _, s := range r.Sentences {
		if s.Difficulty != Normal {
			out = append(out, s)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Grade > out[j].Grade })
	return out[:min(n, len(out))]
}

// counted reports whether a block's sentences enter the formulas.
func counted(k markdown.Kind) bool {
	return k == markdown.Paragraph || k == markdown.ListItem || k == markdown.Quote
}

// Analyze measures the readability of doc.
func Analyze(doc *markdown.Document) Report {
	r, _ := AnalyzeContext(context.Background(), doc)
	return r
}

// AnalyzeContext is Analyze that gives up as soon as ctx is done, returning
// its error and an empty report. It looks at ctx per block and per sentence.
func AnalyzeContext(ctx context.Context, doc *markdown.Document) (Report, error) {
	// Find the sentences first so the scored sentences, the largest part of
	// the report, are allocated once at their final size.
	type found struct {
		block int
		Span
	}
	all := make([]found, 0, len(doc.Source)/64+1)
	var spans []Span
	for bi := range doc.Blocks {
		if err := ctx.Err(); err != nil {
			return Report{}, err
		}
		if !counted(doc.Blocks[bi].Kind) {
			continue
		}
		spans = appendSentences(spans[:0], doc.Blocks[bi].Text)
		for _, s := range spans {
			all = append(all, found{bi, s})
		}
	}

	r := Report{Sections: make([]Section, 0, len(doc.Headings)+1), Sentences: make([]Scored, 0, len(all))}
	sections := make([]Section, len(doc.Headings)+1)
	sections[0] = Section{Heading: -1, Line: 1}
	for i, h := range doc.Headings {
		sections[i+1] = Section{Heading: i, Title: h.Text, Line: h.Line}
	}
	var words []Span
	// Sized for the distinct words of a short draft (about one word in
	// three, a word being about six bytes) so it rarely grows; capped
	// because a long draft repeats its words and a large map costs more to
	// allocate than growing does.
	memo := make(syllableMemo, min(len(doc.Source)/16, 1<<11))
	for _, f := range all {
		if err := ctx.Err(); err != nil {
			return Report{}, err
		}
		b, s := &doc.Blocks[f.block], f.Span
		words = appendWords(words[:0], b.Text[s.Start:s.End], s.Start)
		c := countSentence(b.Text, words, memo)
		if c.Words == 0 {
			continue
		}
		grade := ARI(c)
		pos := doc.Position(b.SourceOffset(s.Start))
		sc := Scored{
			Sentence: Sentence{Block: f.block, Start: s.Start, End: s.End},
			Text:     b.Text[s.Start:s.End], Line: pos.Line, Column: pos.Column,
			Counts: c, Grade: grade, Difficulty: Classify(c.Words, grade),
		}
		switch sc.Difficulty {
		case Hard:
			r.Hard++
		case VeryHard:
			r.VeryHard++
		}
		r.Sentences = append(r.Sentences, sc)
		r.Counts = r.Counts.Add(c)
		sections[b.Section+1].Counts = sections[b.Section+1].Counts.Add(c)
	}
	r.Scores = r.Counts.Scores()
	r.Grade = r.Scores.Grade()
	r.Audience = Audience(r.Grade)
	r.ReadingSeconds = ReadingSeconds(r.Words)
	for i, s := range sections {
		if i == 0 && s.Counts.Words == 0 {
			continue // no prose before the first heading
		}
		s.Grade = s.Counts.Scores().Grade()
		r.Sections = append(r.Sections, s)
	}
	return r, nil
}

// countSentence counts one sentence given its words (byte ranges in text).
func countSentence(text string, words []Span, memo syllableMemo) Counts {
	c := Counts{Sentences: 1}
	for i, w := range words {
		word := text[w.Start:w.End]
		c.Words++
		n := memo.syllables(word)
		c.Syllables += n
		letters, digits := letterCount(word)
		c.Letters += letters
		c.Characters += letters + digits
		if n >= 3 {
			c.Polysyllables++
			if isComplex(word, n, i == 0) {
				c.ComplexWords++
			}
		}
	}
	return c
}

func letterCount(word string) (letters, digits int) {
	for i := 0; i < len(word); i++ {
		ch := word[i]
		switch {
		case ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z':
			letters++
		case ch >= '0' && ch <= '9':
			digits++
		case ch >= utf8.RuneSelf:
			r, size := utf8.DecodeRuneInString(word[i:])
			if unicode.IsLetter(r) {
				letters++
			} else if unicode.IsDigit(r) {
				digits++
			}
			i += size - 1
		}
	}
	return letters, digits
}

// isComplex applies Gunning's rule to a word of n >= 3 syllables: not a
// proper name (capitalised inside a sentence), not a hyphenated compound, and
// not made three syllables by an -es, -ed or -ing ending.
func isComplex(word string, n int, first bool) bool {
	if strings.ContainsAny(word, "-‐") {
		return false
	}
	if r, _ := utf8.DecodeRuneInString(word); !first && unicode.IsUpper(r) {
		return false
	}
	lower := strings.ToLower(word)
	for _, suffix := range []string{"ing", "ed", "es"} {
		if stem, ok := strings.CutSuffix(lower, suffix); ok && len(stem) > 2 && Syllables(stem) < 3 {
			return false
		}
	}
	return true
}

// syllableMemo remembers the syllables of words already counted in one
// analysis: prose repeats its words, and a map hit is cheaper than the rules.
type syllableMemo map[string]uint8

func (m syllableMemo) syllables(word string) int {
	if n, ok := m[word]; ok {
		return int(n)
	}
	n := Syllables(word)
	if n < 256 {
		m[word] = uint8(n)
	}
	return n
}
