package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/speedgrapher/speedgrapher/internal/progress"
	"github.com/speedgrapher/speedgrapher/internal/prose"
)

const readabilityDescription = `Measures how hard a markdown draft is to read, on its prose only ` +
	`(code, URLs, images, HTML and front matter are left out; headings and table cells are not counted as sentences). ` +
	`Returns word, sentence and syllable counts, six readability formulas (Flesch reading ease, Flesch-Kincaid, ` +
	`Gunning fog, SMOG, Coleman-Liau, ARI), a consensus grade with its audience, reading time, a grade per ` +
	`section, and the hardest sentences with line and column.`

// hardestShown is how many hard sentences a result lists.
const hardestShown = 5

// The formulas were fitted on passages of 100 words or more (Flesch 1948
// sampled 100-word passages); below either floor a score says little.
const (
	reliableWords     = 100
	reliableSentences = 3
)

// ReadabilityResult is the readability tool's structured result.
type ReadabilityResult struct {
	Words              int                  `json:"words"`
	Sentences          int                  `json:"sentences"`
	Syllables          int                  `json:"syllables"`
	Letters            int                  `json:"letters"`
	Characters         int                  `json:"characters"`
	Polysyllables      int                  `json:"polysyllables"`
	ComplexWords       int                  `json:"complex_words"`
	FleschReadingEase  float64              `json:"flesch_reading_ease"`
	FleschKincaidGrade float64              `json:"flesch_kincaid_grade"`
	GunningFog         float64              `json:"gunning_fog"`
	SMOG               float64              `json:"smog"`
	ColemanLiau        float64              `json:"coleman_liau"`
	ARI                float64              `json:"ari"`
	Grade              float64              `json:"grade"`
	Audience           string               `json:"audience"`
	ReadingTimeSeconds int                  `json:"reading_time_seconds"`
	Sections           []ReadabilitySection `json:"sections"`
	HardestSentences   []HardSentence       `json:"hardest_sentences"`
	HardSentences      int                  `json:"hard_sentences"`
	VeryHardSentences  int                  `json:"very_hard_sentences"`
	TooLittleProse     bool                 `json:"too_little_prose,omitempty"`
	Note               string               `json:"note,omitempty"`
}

// ReadabilitySection is the prose under one heading.
type ReadabilitySection struct {
	Heading string  `json:"heading"`
	Level   int     `json:"level"`
	Line    int     `json:"line"`
	Words   int     `json:"words"`
	Grade   float64 `json:"grade"`
}

// HardSentence is a sentence marked hard or very hard.
type HardSentence struct {
	Line       int     `json:"line"`
	Column     int     `json:"column"`
	Text       string  `json:"text"`
	Words      int     `json:"words"`
	Grade      float64 `json:"grade"`
	Difficulty string  `json:"difficulty"`
}

const readabilityOutputSchema = `{
  "type": "object",
  "required": ["words", "sentences", "syllables", "letters", "characters", "polysyllables", "complex_words",
    "flesch_reading_ease", "flesch_kincaid_grade", "gunning_fog", "smog", "coleman_liau", "ari",
    "grade", "audience", "reading_time_seconds", "sections", "hardest_sentences", "hard_sentences", "very_hard_sentences"],
  "properties": {
    "words": {"type": "integer", "description": "Words in counted prose (paragraphs, list items, quotes)."},
    "sentences": {"type": "integer"},
    "syllables": {"type": "integer"},
    "letters": {"type": "integer", "description": "Unicode letters in words (Coleman-Liau)."},
    "characters": {"type": "integer", "description": "Letters and digits in words (ARI)."},
    "polysyllables": {"type": "integer", "description": "Words of three or more syllables (SMOG)."},
    "complex_words": {"type": "integer", "description": "Gunning's complex words: polysyllables less proper names, hyphenated compounds and -es/-ed/-ing third syllables."},
    "flesch_reading_ease": {"type": "number", "description": "0-100+, higher is easier; 60-70 is plain English."},
    "flesch_kincaid_grade": {"type": "number"},
    "gunning_fog": {"type": "number"},
    "smog": {"type": "number"},
    "coleman_liau": {"type": "number"},
    "ari": {"type": "number"},
    "grade": {"type": "number", "description": "Consensus US school grade: the mean of the five grade formulas."},
    "audience": {"type": "string", "enum": ["everyone", "general public", "high school", "high school graduate", "college", "graduate or specialist"]},
    "reading_time_seconds": {"type": "integer", "description": "At 238 words a minute."},
    "sections": {"type": "array", "items": {"type": "object",
      "required": ["heading", "level", "line", "words", "grade"],
      "properties": {
        "heading": {"type": "string", "description": "Heading text; empty for prose before the first heading."},
        "level": {"type": "integer", "description": "Heading level 1-6; 0 before the first heading."},
        "line": {"type": "integer"}, "words": {"type": "integer"}, "grade": {"type": "number"}}}},
    "hardest_sentences": {"type": "array", "items": {"type": "object",
      "required": ["line", "column", "text", "words", "grade", "difficulty"],
      "properties": {
        "line": {"type": "integer"}, "column": {"type": "integer", "description": "In Unicode characters, 1-based."},
        "text": {"type": "string", "description": "The sentence as written in the draft, its line breaks joined with spaces."},
        "words": {"type": "integer"}, "grade": {"type": "number", "description": "ARI of the sentence alone."},
        "difficulty": {"type": "string", "enum": ["hard", "very hard"]}}}},
    "hard_sentences": {"type": "integer", "description": "Sentences of 14+ words at grade 10 to 14."},
    "very_hard_sentences": {"type": "integer", "description": "Sentences of 14+ words at grade 14 or above."},
    "too_little_prose": {"type": "boolean", "description": "True under 100 words or 3 sentences: the scores are not reliable."},
    "note": {"type": "string"}
  }
}`

func registerReadability(s *mcp.Server, files Files) {
	s.AddTool(&mcp.Tool{
		Name:         "readability",
		Title:        "Readability",
		Description:  readabilityDescription,
		InputSchema:  json.RawMessage(draftSchema),
		OutputSchema: json.RawMessage(readabilityOutputSchema),
		Annotations:  &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: new(false)},
	}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		in, err := decodeDraft(req.Params.Arguments)
		if err != nil {
			return errorResult(err), nil
		}
		src, _, err := loadDraft(ctx, files, in)
		if err != nil {
			return failed(ctx, err)
		}
		progress.Report(ctx, req, 1, 2, "draft read; measuring")
		res, err := ReadabilityContext(ctx, src)
		if err != nil {
			return failed(ctx, err)
		}
		progress.Report(ctx, req, 2, 2, "measured")
		return structuredResult(res, res.Summary()), nil
	})
}

// Readability analyses a markdown draft.
func Readability(src []byte) ReadabilityResult {
	r, _ := ReadabilityContext(context.Background(), src)
	return r
}

// ReadabilityContext is Readability that gives up as soon as ctx is done,
// returning its error.
func ReadabilityContext(ctx context.Context, src []byte) (ReadabilityResult, error) {
	doc, err := parse(ctx, src)
	if err != nil {
		return ReadabilityResult{}, err
	}
	r, err := prose.AnalyzeContext(ctx, doc)
	if err != nil {
		return ReadabilityResult{}, err
	}
	out := ReadabilityResult{
		Words: r.Words, Sentences: r.Counts.Sentences, Syllables: r.Syllables,
		Letters: r.Letters, Characters: r.Characters,
		Polysyllables: r.Polysyllables, ComplexWords: r.ComplexWords,
		FleschReadingEase:  round1(r.FleschReadingEase),
		FleschKincaidGrade: round1(r.FleschKincaidGrade),
		GunningFog:         round1(r.GunningFog),
		SMOG:               round1(r.SMOG),
		ColemanLiau:        round1(r.ColemanLiau),
		ARI:                round1(r.ARI),
		Grade:              round1(r.Grade),
		Audience:           r.Audience,
		ReadingTimeSeconds: r.ReadingSeconds,
		Sections:           []ReadabilitySection{},
		HardestSentences:   []HardSentence{},
		HardSentences:      r.Hard,
		VeryHardSentences:  r.VeryHard,
	}
	for _, s := range r.Sections {
		sec := ReadabilitySection{Heading: s.Title, Line: s.Line, Words: s.Counts.Words, Grade: round1(s.Grade)}
		if s.Heading >= 0 {
			sec.Level = doc.Headings[s.Heading].Level
		}
		out.Sections = append(out.Sections, sec)
	}
	for _, s := range r.Hardest(hardestShown) {
		b := &doc.Blocks[s.Block]
		start, end := b.SourceRange(s.Start, s.End)
		out.HardestSentences = append(out.HardestSentences, HardSentence{
			Line: s.Line, Column: s.Column, Text: strings.Join(strings.Fields(string(src[start:end])), " "),
			Words: s.Counts.Words, Grade: round1(s.Grade), Difficulty: s.Difficulty.String(),
		})
	}
	switch {
	case r.Words == 0:
		out.Note = "The draft has no prose to measure: no paragraphs, list items or quotes outside code, " +
			"front matter and HTML. Headings and table cells are not counted as sentences."
	case r.Words < reliableWords || r.Counts.Sentences < reliableSentences:
		out.TooLittleProse = true
		out.Note = fmt.Sprintf("Only %s in %s: too little prose for the scores to be reliable; "+
			"the formulas are meant for %d words or more.", plural(r.Words, "word"), plural(r.Counts.Sentences, "sentence"), reliableWords)
	}
	return out, nil
}

// Summary is the short text that accompanies the structured result.
func (r ReadabilityResult) Summary() string {
	if r.Words == 0 {
		return r.Note
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Grade %.1f (%s): %d words in %d sentences, Flesch reading ease %.1f, about %s to read.",
		r.Grade, r.Audience, r.Words, r.Sentences, r.FleschReadingEase, duration(r.ReadingTimeSeconds))
	if r.TooLittleProse {
		b.WriteString(" ")
		b.WriteString(r.Note)
	}
	switch n := r.HardSentences + r.VeryHardSentences; n {
	case 0:
		b.WriteString(" No hard sentences.")
	default:
		fmt.Fprintf(&b, " %d hard and %d very hard sentences", r.HardSentences, r.VeryHardSentences)
		h := r.HardestSentences[0]
		fmt.Fprintf(&b, "; the hardest is at line %d (grade %.1f, %d words).", h.Line, h.Grade, h.Words)
	}
	return b.String()
}

func duration(seconds int) string {
	if seconds < 60 {
		return fmt.Sprintf("%d s", seconds)
	}
	return fmt.Sprintf("%d min", int(math.Round(float64(seconds)/60)))
}

func round1(x float64) float64 {
	return math.Round(x*10) / 10
}
