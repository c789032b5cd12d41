package prose

import (
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/speedgrapher/speedgrapher/internal/markdown"
)

var approx = cmpopts.EquateApprox(0, 1e-9)

// TestFormulasWorkedExamples checks each formula against examples worked by
// hand from the published constants, and against figures the sources state.
func TestFormulasWorkedExamples(t *testing.T) {
	t.Parallel()
	// "The cat sat on the mat.": 6 words, 1 sentence, 6 syllables. Flesch's
	// scale tops out near 100, but this sentence scores 116 (206.835 − 6.09 − 84.6),
	// the example quoted for the formula's upper range.
	cat := Counts{Words: 6, Sentences: 1, Syllables: 6, Letters: 17, Characters: 17}
	if got := FleschReadingEase(cat); math.Abs(got-116.145) > 1e-9 {
		t.Errorf("FleschReadingEase(cat) = %v, want 116.145", got)
	}
	// Kincaid et al.: the lowest possible grade, one one-syllable word per sentence, is −3.40.
	if got := FleschKincaidGrade(Counts{Words: 1, Sentences: 1, Syllables: 1}); math.Abs(got+3.40) > 1e-9 {
		t.Errorf("FleschKincaidGrade(minimum) = %v, want -3.40", got)
	}
	// McLaughlin: 64 polysyllables in 30 sentences; the quick rule gives 3 + √64 = 11,
	// the regression 1.0430 × 8 + 3.1291 = 11.4731.
	if got := SMOG(Counts{Sentences: 30, Polysyllables: 64}); math.Abs(got-11.4731) > 1e-9 {
		t.Errorf("SMOG(64 in 30) = %v, want 11.4731", got)
	}

	// A passage counted by hand:
	//   "The quick brown fox jumps over the lazy dog." 9 words, 11 syllables, 35 letters.
	//   "Readability formulas estimate difficulty."     4 words, 15 syllables, 37 letters,
	//   four polysyllables, all complex.
	// Expected values computed with a calculator from the constants in doc.go.
	c := Counts{Words: 13, Sentences: 2, Syllables: 26, Letters: 72, Characters: 72, Polysyllables: 4, ComplexWords: 4}
	want := Scores{
		FleschReadingEase:  31.0375,
		FleschKincaidGrade: 10.545,
		GunningFog:         14.907692307692308,
		SMOG:               11.208143260188670,
		ColemanLiau:        12.212307692307693,
		ARI:                7.906153846153845,
	}
	if diff := cmp.Diff(want, c.Scores(), approx); diff != "" {
		t.Errorf("Scores (-want +got):\n%s", diff)
	}
	if got, want := c.Scores().Grade(), (10.545+14.907692307692308+11.208143260188670+12.212307692307693+7.906153846153845)/5; math.Abs(got-want) > 1e-9 {
		t.Errorf("Grade() = %v, want %v", got, want)
	}
	if diff := cmp.Diff(Scores{}, Counts{}.Scores()); diff != "" {
		t.Errorf("Scores of nothing (-want +got):\n%s", diff)
	}
}

func TestAnalyzeHandCounted(t *testing.T) {
	t.Parallel()
	src := "# Readability\n\nThe quick brown fox jumps over the lazy dog. Readability formulas estimate difficulty.\n\n" +
		"```go\nfmt.Println(\"Code is not prose. Not at all.\")\n```\n\n" +
		"- Run `go vet` first\n- Then ship it\n\n| Cell | Words |\n|---|---|\n| not | counted |\n"
	r := Analyze(markdown.Parse([]byte(src)))
	// Paragraph: 13 words, 2 sentences (as in TestFormulasWorkedExamples).
	// "Run first" (the code is gone): 2 words, 2 syllables, 8 letters, 1 sentence.
	// "Then ship it": 3 words, 3 syllables, 10 letters, 1 sentence.
	want := Counts{Words: 18, Sentences: 4, Syllables: 31, Letters: 90, Characters: 90, Polysyllables: 4, ComplexWords: 4}
	if diff := cmp.Diff(want, r.Counts); diff != "" {
		t.Errorf("counts (-want +got):\n%s", diff)
	}
	if len(r.Sections) != 1 || r.Sections[0].Title != "Readability" || r.Sections[0].Counts.Words != 18 || r.Sections[0].Line != 1 {
		t.Errorf("sections = %+v, want one, Readability at line 1 with 18 words", r.Sections)
	}
	wantSentences := []struct {
		text         string
		line, column int
	}{
		{"The quick brown fox jumps over the lazy dog.", 3, 1},
		{"Readability formulas estimate difficulty.", 3, 46},
		{"Run " + string(markdown.Placeholder) + " first", 9, 3},
		{"Then ship it", 10, 3},
	}
	if len(r.Sentences) != len(wantSentences) {
		t.Fatalf("%d sentences, want %d", len(r.Sentences), len(wantSentences))
	}
	for i, w := range wantSentences {
		s := r.Sentences[i]
		if s.Text != w.text || s.Line != w.line || s.Column != w.column {
			t.Errorf("sentence %d = %q at %d:%d, want %q at %d:%d", i, s.Text, s.Line, s.Column, w.text, w.line, w.column)
		}
	}
	if r.ReadingSeconds != 5 { // 18 words at 238 a minute: 4.54 s
		t.Errorf("ReadingSeconds = %d, want 5", r.ReadingSeconds)
	}
}

func TestAnalyzeEmpty(t *testing.T) {
	t.Parallel()
	for _, src := range []string{"", "# Only a heading\n", "```\ncode. more code.\n```\n", "---\ntitle: x\n---\n"} {
		r := Analyze(markdown.Parse([]byte(src)))
		if r.Words != 0 || r.Counts.Sentences != 0 || r.Grade != 0 || len(r.Sentences) != 0 {
			t.Errorf("Analyze(%q) = %d words, %d sentences, grade %v; want zeros", src, r.Words, r.Counts.Sentences, r.Grade)
		}
	}
}

func TestClassify(t *testing.T) {
	t.Parallel()
	tests := []struct {
		words int
		grade float64
		want  Difficulty
	}{
		{13, 20, Normal}, {14, 9.9, Normal}, {14, 10, Hard}, {30, 13.9, Hard}, {14, 14, VeryHard}, {40, 25, VeryHard},
	}
	for _, tt := range tests {
		if got := Classify(tt.words, tt.grade); got != tt.want {
			t.Errorf("Classify(%d, %v) = %v, want %v", tt.words, tt.grade, got, tt.want)
		}
	}
}

func TestComplexWords(t *testing.T) {
	t.Parallel()
	tests := []struct {
		word  string
		first bool
		want  bool
	}{
		{"difficulty", false, true},
		{"Difficulty", true, true},  // capitalised only because it starts the sentence
		{"Australia", false, false}, // a proper name
		{"well-established", false, false},
		{"created", false, false}, // cre-a-ted: third syllable from -ed
		{"boxes", false, false},
		{"decorating", false, true}, // dec-o-rat-ing: three before -ing
	}
	for _, tt := range tests {
		if got := isComplex(tt.word, Syllables(tt.word), tt.first); got != tt.want {
			t.Errorf("isComplex(%q, first=%v) = %v, want %v", tt.word, tt.first, got, tt.want)
		}
	}
}

func TestAudienceAndReadingTime(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		grade float64
		want  string
	}{{3, "everyone"}, {6, "everyone"}, {7.5, "general public"}, {9, "high school"}, {11, "high school graduate"}, {14, "college"}, {18, "graduate or specialist"}} {
		if got := Audience(tt.grade); got != tt.want {
			t.Errorf("Audience(%v) = %q, want %q", tt.grade, got, tt.want)
		}
	}
	if got := ReadingSeconds(238); got != 60 {
		t.Errorf("ReadingSeconds(238) = %d, want 60", got)
	}
}

func TestSplit(t *testing.T) {
	t.Parallel()
	d := markdown.Parse([]byte("# Title here\n\nOne. Two words.\n"))
	got := []string{}
	for _, s := range Split(d) {
		b := d.Blocks[s.Block]
		got = append(got, b.Text[s.Start:s.End]+"|"+texts(b.Text, s.Words)[len(s.Words)-1])
	}
	if diff := cmp.Diff([]string{"Title here|here", "One.|One", "Two words.|words"}, got); diff != "" {
		t.Errorf("Split (-want +got):\n%s", diff)
	}
}
