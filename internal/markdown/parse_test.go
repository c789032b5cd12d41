package markdown

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// block is the part of a Block a test states by hand.
type block struct {
	Kind    Kind
	Level   int
	Text    string
	Line    int
	Section int
}

func blocksOf(d *Document) []block {
	out := []block{}
	for _, b := range d.Blocks {
		out = append(out, block{b.Kind, b.Level, b.Text, b.Line, b.Section})
	}
	return out
}

const obj = string(Placeholder)

func TestParseBlocks(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		src  string
		want []block
	}{
		{"empty", "", []block{}},
		{"only code", "```go\nfmt.Println(\"hi. there.\")\n```\n", []block{}},
		{
			"heading and paragraph",
			"# Title\n\nOne line\nand another.\n",
			[]block{{Heading, 1, "Title", 1, 0}, {Paragraph, 0, "One line and another.", 3, 0}},
		},
		{
			"inline code, images, html and urls leave a placeholder",
			"Run `go test` and see ![chart](c.png) at https://example.com <b>now</b>.\n",
			[]block{{Paragraph, 0, "Run " + obj + " and see " + obj + " at " + obj + " " + obj + "now" + obj + ".", 1, -1}},
		},
		{
			"link text stays, destination goes",
			"Read [the *guide*](https://x.org/g \"Guide\") first; see [https://x.org](https://x.org).\n",
			[]block{{Paragraph, 0, "Read the guide first; see " + obj + ".", 1, -1}},
		},
		{
			"escapes and references",
			"Stars \\*here\\* &amp; caf&eacute; &#8212; done.\n",
			[]block{{Paragraph, 0, "Stars *here* & café — done.", 1, -1}},
		},
		{
			"hard line break",
			"Roses are red,  \nviolets blue.\\\nSugar.\n",
			[]block{{Paragraph, 0, "Roses are red, violets blue. Sugar.", 1, -1}},
		},
		{
			"lists, nested lists, task lists",
			"- [x] done item\n- open item\n\n  second paragraph\n  1. nested\n",
			[]block{
				{ListItem, 0, "done item", 1, -1},
				{ListItem, 0, "open item", 2, -1},
				{ListItem, 0, "second paragraph", 4, -1},
				{ListItem, 0, "nested", 5, -1},
			},
		},
		{
			"quote",
			"> Quoted *words*.\n> Still quoted.\n",
			[]block{{Quote, 0, "Quoted words. Still quoted.", 1, -1}},
		},
		{
			"table cells",
			"| Flag | Meaning |\n|---|---|\n| `-v` | print more \\| less |\n",
			[]block{
				{TableCell, 0, "Flag", 1, -1},
				{TableCell, 0, "Meaning", 1, -1},
				{TableCell, 0, "", 3, -1},
				{TableCell, 0, "print more | less", 3, -1},
			},
		},
		{
			"strikethrough and emphasis keep their words",
			"It was ~~bad~~ **good** _enough_.\n",
			[]block{{Paragraph, 0, "It was bad good enough.", 1, -1}},
		},
		{
			"html blocks and comments are not prose",
			"<div>\nHidden words.\n</div>\n\n<!-- a note -->\n\nShown.\n",
			[]block{{Paragraph, 0, "Shown.", 7, -1}},
		},
		{
			"setext heading and sections",
			"Intro.\n\nPart one\n========\n\nBody.\n\n## Part two\n\nMore.\n",
			[]block{
				{Paragraph, 0, "Intro.", 1, -1},
				{Heading, 1, "Part one", 3, 0},
				{Paragraph, 0, "Body.", 6, 0},
				{Heading, 2, "Part two", 8, 1},
				{Paragraph, 0, "More.", 10, 1},
			},
		},
		{
			"yaml front matter is blanked, lines stay true",
			"---\ntitle: A # not a heading\n---\n# Real\n",
			[]block{{Heading, 1, "Real", 4, 0}},
		},
		{
			"toml front matter",
			"+++\ntitle = \"T\"\n+++\nText.\n",
			[]block{{Paragraph, 0, "Text.", 4, -1}},
		},
		{
			"unclosed front matter is markdown",
			"---\ntitle: x\n",
			[]block{{Paragraph, 0, "title: x", 2, -1}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := Parse([]byte(tt.src))
			if diff := cmp.Diff(tt.want, blocksOf(d)); diff != "" {
				t.Errorf("blocks (-want +got):\n%s", diff)
			}
			checkSpans(t, d)
		})
	}
}

// checkSpans checks what must hold for any input: spans cover the text in
// order, stay inside the source, and verbatim spans equal the source bytes.
func checkSpans(t *testing.T, d *Document) {
	t.Helper()
	for i, b := range d.Blocks {
		next := 0
		for _, s := range b.Spans {
			if s.Text != next || s.Len <= 0 {
				t.Fatalf("block %d: span %+v does not continue at %d", i, s, next)
			}
			next += s.Len
			if s.Source < 0 || s.SourceLen < 0 || s.Source+s.SourceLen > len(d.Source) {
				t.Fatalf("block %d: span %+v outside source of %d bytes", i, s, len(d.Source))
			}
			if !s.Replaced && b.Text[s.Text:s.Text+s.Len] != string(d.Source[s.Source:s.Source+s.SourceLen]) {
				t.Fatalf("block %d: verbatim span %+v: text %q, source %q", i, s,
					b.Text[s.Text:s.Text+s.Len], d.Source[s.Source:s.Source+s.SourceLen])
			}
		}
		if next != len(b.Text) {
			t.Fatalf("block %d: spans cover %d of %d bytes", i, next, len(b.Text))
		}
		if b.Start < 0 || b.End < b.Start || b.End > len(d.Source) {
			t.Fatalf("block %d: range [%d,%d) outside source of %d bytes", i, b.Start, b.End, len(d.Source))
		}
		prev := 0
		for off := 0; off <= len(b.Text); off++ {
			s := b.SourceOffset(off)
			if s < prev || s > len(d.Source) {
				t.Fatalf("block %d: SourceOffset(%d) = %d, previous %d, source %d bytes", i, off, s, prev, len(d.Source))
			}
			prev = s
		}
	}
}

func TestSourceRange(t *testing.T) {
	t.Parallel()
	src := "Say *“hello”* to caf&eacute; `x` owners.\n"
	d := Parse([]byte(src))
	b := &d.Blocks[0]
	tests := []struct{ word, source string }{
		{"Say", "Say"},
		{"“hello”", "“hello”"},
		{"café", "caf&eacute;"},
		{"owners.", "owners."},
		{"to café", "to caf&eacute;"},
	}
	for _, tt := range tests {
		i := strings.Index(b.Text, tt.word)
		s, e := b.SourceRange(i, i+len(tt.word))
		if got := src[s:e]; got != tt.source {
			t.Errorf("SourceRange(%q) = %q, want %q", tt.word, got, tt.source)
		}
	}
}

func TestPosition(t *testing.T) {
	t.Parallel()
	src := "ab\nçé☃x\n\n😀y"
	d := Parse([]byte(src))
	tests := []struct {
		off  int
		want Position
	}{
		{0, Position{1, 1}},
		{2, Position{1, 3}},
		{3, Position{2, 1}},
		{strings.Index(src, "x"), Position{2, 4}},
		{strings.Index(src, "y"), Position{4, 2}},
		{len(src), Position{4, 3}},
		{-5, Position{1, 1}},
		{len(src) + 9, Position{4, 3}},
	}
	for _, tt := range tests {
		if got := d.Position(tt.off); got != tt.want {
			t.Errorf("Position(%d) = %+v, want %+v", tt.off, got, tt.want)
		}
	}
	if got := d.LineCount(); got != 4 {
		t.Errorf("LineCount() = %d, want 4", got)
	}
}

func TestStructure(t *testing.T) {
	t.Parallel()
	src := `---
title: Fast builds
description: How we cut build time.
---
# Fast builds

Intro with a [guide](guide.md#setup "Setup") and <https://go.dev>.
See www.example.com too. <!-- speedgrapher-disable weasel-word -->

![A flame graph](img/flame.png)
![](empty.png)

## Fast builds

1. one
2. two

- a
  - b

` + "```go\npackage main\n\nfunc main() {}\n```" + `

    indented code

| x | y |
|---|---|
| 1 | 2 |

## Why ` + "`go build`" + ` is slow?

<!--
block
-->
`
	d := Parse([]byte(src))
	wantHeadings := []HeadingInfo{
		{Level: 1, Text: "Fast builds", Slug: "fast-builds", Line: 5, Column: 1, Block: 0},
		{Level: 2, Text: "Fast builds", Slug: "fast-builds-1", Line: 13, Column: 1, Block: 3},
		{Level: 2, Text: "Why go build is slow?", Slug: "why-go-build-is-slow", Line: 33, Column: 1, Block: 12},
	}
	if diff := cmp.Diff(wantHeadings, d.Headings); diff != "" {
		t.Errorf("headings (-want +got):\n%s", diff)
	}
	wantLinks := []Link{
		{Text: "guide", Destination: "guide.md#setup", Title: "Setup", Line: 7, Column: 14, Start: 91},
		{Text: "https://go.dev", Destination: "https://go.dev", Auto: true, Line: 7, Column: 50, Start: 127},
		{Text: "www.example.com", Destination: "http://www.example.com", Auto: true, Line: 8, Column: 5, Start: 149},
	}
	if diff := cmp.Diff(wantLinks, d.Links); diff != "" {
		t.Errorf("links (-want +got):\n%s", diff)
	}
	wantImages := []Image{
		{Alt: "A flame graph", Destination: "img/flame.png", Line: 10, Column: 1, Start: 213},
		{Alt: "", Destination: "empty.png", Line: 11, Column: 1, Start: 245},
	}
	if diff := cmp.Diff(wantImages, d.Images); diff != "" {
		t.Errorf("images (-want +got):\n%s", diff)
	}
	wantCode := []CodeBlock{
		{Fenced: true, Language: "go", Info: "go", Line: 21, EndLine: 25, Lines: 3},
		{Fenced: false, Line: 27, EndLine: 27, Lines: 1},
	}
	if diff := cmp.Diff(wantCode, d.CodeBlocks); diff != "" {
		t.Errorf("code blocks (-want +got):\n%s", diff)
	}
	var comments []string
	for _, c := range d.Comments {
		comments = append(comments, c.Text)
	}
	if diff := cmp.Diff([]string{"speedgrapher-disable weasel-word", "block"}, comments); diff != "" {
		t.Errorf("comments (-want +got):\n%s", diff)
	}
	if d.Comments[0].Line != 8 || d.Comments[0].Column != 26 || !d.Comments[0].Inline {
		t.Errorf("inline comment at %d:%d inline=%v, want 8:26 inline", d.Comments[0].Line, d.Comments[0].Column, d.Comments[0].Inline)
	}
	counts := [4]int{d.Paragraphs, d.Lists, d.ListItems, d.Tables}
	if counts != [4]int{2, 3, 4, 1} {
		t.Errorf("paragraphs, lists, items, tables = %v, want [2 3 4 1]", counts)
	}
	if d.FrontMatter.Title != "Fast builds" || d.FrontMatter.Description != "How we cut build time." {
		t.Errorf("front matter title %q, description %q", d.FrontMatter.Title, d.FrontMatter.Description)
	}
}

func TestFrontMatter(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, src          string
		format, raw, title string
		end                int
		wantErr            bool
	}{
		{"yaml", "---\ntitle: Hi\n---\nx", "yaml", "title: Hi\n", "Hi", 17, false},
		{"yaml closed by dots", "---\ntitle: Hi\n...\nx", "yaml", "title: Hi\n", "Hi", 17, false},
		{"toml", "+++\ntitle = \"Hi\"\n+++\n", "toml", "title = \"Hi\"\n", "Hi", 20, false},
		{"crlf", "---\r\ntitle: Hi\r\n---\r\nx", "yaml", "title: Hi\r\n", "Hi", 19, false},
		{"bom", "\ufeff---\ntitle: Hi\n---\n", "yaml", "title: Hi\n", "Hi", 20, false},
		{"title not a string", "---\ntitle: [1, 2]\n---\n", "yaml", "title: [1, 2]\n", "", 21, false},
		{"bad yaml", "---\ntitle: [1, 2\n---\n", "yaml", "title: [1, 2\n", "", 20, true},
		{"bad toml", "+++\ntitle = \n+++\n", "toml", "title = \n", "", 16, true},
		{"not at the top", "\n---\ntitle: Hi\n---\n", "", "", "", 0, false},
		{"a thematic break", "---\n\nText.\n", "", "", "", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fm := Parse([]byte(tt.src)).FrontMatter
			if fm.Format != tt.format || fm.Raw != tt.raw || fm.Title != tt.title || fm.End != tt.end || (fm.Err != nil) != tt.wantErr {
				t.Errorf("got format %q raw %q title %q end %d err %v; want %q %q %q %d err=%v",
					fm.Format, fm.Raw, fm.Title, fm.End, fm.Err, tt.format, tt.raw, tt.title, tt.end, tt.wantErr)
			}
		})
	}
}

func TestSlug(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"Hello World", "hello-world"},
		{"Why `go build` is slow?", "why-go-build-is-slow"},
		{"C++ & Go: a tale", "c--go-a-tale"},
		{"Ünïcödé Straße", "ünïcödé-straße"},
		{"snake_case and kebab-case", "snake_case-and-kebab-case"},
		{"  padded  ", "padded"},
		{"2024 in review!", "2024-in-review"},
	}
	for _, tt := range tests {
		if got := Slug(tt.in); got != tt.want {
			t.Errorf("Slug(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	s := slugger{}
	var got []string
	for _, h := range []string{"Intro", "Intro", "Intro-1", "Intro"} {
		got = append(got, s.unique(h))
	}
	// GitHub: the third heading "Intro-1" collides with the second's slug.
	if diff := cmp.Diff([]string{"intro", "intro-1", "intro-1-1", "intro-2"}, got); diff != "" {
		t.Errorf("unique slugs (-want +got):\n%s", diff)
	}
}

// Raw HTML's id and name attributes are link targets; those in comments,
// and attributes that only end in "id", are not.
func TestAnchors(t *testing.T) {
	t.Parallel()
	src := "# Title\n\n<h2 id=\"faq\">FAQ</h2>\n\nText <a name='step-2'></a> and <span ID=bare>x</span>.\n\n" +
		"<!-- <a id=\"commented\"></a> -->\n\n<div data-id=\"data\" id=\"a&amp;b\"></div>\n\n`<a id=\"in-code\">`\n"
	got := Parse([]byte(src)).Anchors
	want := []string{"faq", "step-2", "bare", "a&b"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("anchors (-want +got):\n%s", diff)
	}
}
