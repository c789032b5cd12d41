package markdown

// Placeholder stands in Block.Text for an inline element that is not prose
// (inline code, an image, raw HTML, an autolink): U+FFFC OBJECT REPLACEMENT
// CHARACTER. It is neither a letter nor a space, so words on either side stay
// apart and "the `x` the" never reads as "the the".
const Placeholder = '\uFFFC'

// Kind says what sort of prose block a Block is.
type Kind uint8

const (
	Heading Kind = iota + 1
	Paragraph
	ListItem
	Quote
	TableCell
)

var kindNames = [...]string{
	Heading:   "heading",
	Paragraph: "paragraph",
	ListItem:  "list item",
	Quote:     "quote",
	TableCell: "table cell",
}

func (k Kind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return "unknown"
}

// Document is a parsed draft: its prose blocks and its structure.
type Document struct {
	// Source is the draft exactly as given to Parse.
	Source []byte
	// FrontMatter is the metadata block at the top of the draft, if any.
	FrontMatter FrontMatter
	// Blocks is the prose, in source order.
	Blocks []Block

	Headings   []HeadingInfo
	Links      []Link
	Images     []Image
	CodeBlocks []CodeBlock
	// Comments are HTML comments, block or inline, in source order.
	Comments []Comment
	// Anchors are the id and name attributes in raw HTML, block or inline:
	// link targets other than the headings' slugs.
	Anchors []string

	// Paragraphs counts paragraph blocks outside lists and quotes; Lists
	// counts lists, nested ones included; ListItems counts their items.
	Paragraphs, Lists, ListItems, Tables int

	lines lineIndex
}

// Block is one run of prose: a heading, a paragraph, a list-item paragraph, a
// quoted paragraph or a table cell.
type Block struct {
	Kind Kind
	// Level is the heading level (1-6) of a Heading block, otherwise 0.
	Level int
	// Text is the prose a reader reads; see the package doc for what is left out.
	Text string
	// Spans map Text back to the source, in order, covering all of Text.
	Spans []Span
	// Start and End are the byte range in the source that the block's text
	// comes from (End exclusive).
	Start, End int
	// Line is the 1-based line where the block's text starts.
	Line int
	// Section is the index in Document.Headings of the heading this block
	// sits under, -1 before the first heading.
	Section int
}

// Span maps Text[Text:Text+Len] to Source[Source:Source+SourceLen]. The bytes
// are identical unless Replaced is set, when the text stands in for the
// source (an escape, a character reference, a line break, a removed element)
// and maps to the whole source range.
type Span struct {
	Text, Len         int
	Source, SourceLen int
	Replaced          bool
}

// SourceOffset maps a byte offset in b.Text (0 <= off <= len(b.Text)) to a
// byte offset in the source. An offset inside a replaced span maps to the
// start of what it replaced.
func (b *Block) SourceOffset(off int) int {
	if len(b.Spans) == 0 {
		return b.Start
	}
	s := b.spanAt(off)
	d := off - s.Text
	switch {
	case d <= 0:
		return s.Source
	case d >= s.Len:
		return s.Source + s.SourceLen
	case !s.Replaced:
		return s.Source + d
	default:
		return s.Source
	}
}

// SourceRange maps the text range [start, end) of b.Text to the source byte
// range it came from. A range that ends inside a replaced span takes all of it.
func (b *Block) SourceRange(start, end int) (int, int) {
	s := b.SourceOffset(start)
	if end <= start || len(b.Spans) == 0 {
		return s, s
	}
	sp := b.spanAt(end - 1)
	e := sp.Source + sp.SourceLen
	if d := end - 1 - sp.Text; !sp.Replaced && d >= 0 && d < sp.Len {
		e = sp.Source + d + 1
	}
	return s, max(e, s)
}

// spanAt returns the last span that starts at or before off.
func (b *Block) spanAt(off int) Span {
	lo, hi := 0, len(b.Spans)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if b.Spans[mid].Text <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return b.Spans[lo]
}

// FrontMatter is the metadata block at the top of a draft.
type FrontMatter struct {
	// Format is "yaml", "toml", or "" when the draft has none.
	Format string
	// Raw is the text between the delimiter lines.
	Raw string
	// Start and End are the byte range of the whole block, delimiters included.
	Start, End int
	// Line is the line of the first line of Raw (the line after the opening delimiter).
	Line int
	// Fields is the parsed block; nil when it is absent or does not parse.
	Fields map[string]any
	// Title and Description are the "title" and "description" fields when
	// they are strings.
	Title, Description string
	// Err says why the block did not parse, nil when it did.
	Err error
}

// HeadingInfo is a heading as an outline sees it.
type HeadingInfo struct {
	Level int
	// Text is all the heading's text, inline code included.
	Text string
	// Slug is the GitHub-style anchor, unique within the document.
	Slug         string
	Line, Column int
	// Block is the index of the heading's prose block in Document.Blocks.
	Block int
}

// Link is an inline link, a reference link or an autolink.
type Link struct {
	// Text is the link's text; for an autolink, the URL as written.
	Text        string
	Destination string
	Title       string
	// Auto is true for autolinks and bare URLs.
	Auto         bool
	Line, Column int
	// Start is the byte offset of the link in the source.
	Start int
}

// Image is an inline image.
type Image struct {
	Alt, Destination, Title string
	Line, Column            int
	Start                   int
}

// CodeBlock is a fenced or indented code block.
type CodeBlock struct {
	Fenced bool
	// Language is the first word of a fenced block's info string, "" if none.
	Language string
	// Info is the whole info string.
	Info string
	// Line is the line of the opening fence (fenced) or first code line (indented).
	Line int
	// EndLine is the last line of the block, its closing fence included.
	EndLine int
	// Lines is the number of lines of code.
	Lines int
}

// Comment is an HTML comment, as "<!-- speedgrapher-disable passive-voice -->".
type Comment struct {
	// Text is the comment's content without "<!--" and "-->", trimmed.
	Text string
	// Start and End are the comment's byte range in the source.
	Start, End   int
	Line, Column int
	// Inline is true for a comment inside a paragraph or other block.
	Inline bool
}

// Position is a 1-based line and a 1-based column counted in Unicode characters.
type Position struct {
	Line, Column int
}

// Position returns the line and column of a byte offset in the source.
// Offsets outside the source are clamped to it.
func (d *Document) Position(offset int) Position {
	return d.lines.position(d.Source, offset)
}

// LineCount returns the number of lines in the source.
func (d *Document) LineCount() int { return len(d.lines.starts) }
