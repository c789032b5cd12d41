// Package markdown turns a markdown draft into the prose a writer means,
// mapped back to the bytes, lines and columns of the source.
//
// Parse reads a draft once with goldmark (CommonMark plus the GitHub
// extensions: tables, strikethrough, autolinks, task lists) and returns a
// Document. Its Blocks hold the prose: headings, paragraphs, list items,
// block quotes and table cells, each with the text a reader reads and Spans
// that map every byte of that text back to the source. The same parse also
// yields what structure checks need: headings with GitHub-style slugs, links,
// images, code blocks, HTML comments and counts of paragraphs, lists and
// tables.
//
// ParseContext does the same and looks at a context between blocks. It
// refuses, with a *LimitError naming the limit and the line, the few shapes
// that goldmark or the YAML and TOML parsers read in more than linear time
// or memory (lists nested past MaxNesting, paragraphs with more than
// MaxMarkersPerBlock inline markers, link destinations that never close,
// front matter over MaxFrontMatter bytes or MaxFrontMatterNesting levels;
// see limits.go). Each limit is checked in linear time before or while
// goldmark reads the shape, and lies far beyond what real documents use.
//
// # What counts as prose
//
// Kept: the text of headings, paragraphs, list items, block quotes and table
// cells; the text of emphasis, strong emphasis, strikethrough and links.
//
// Removed: front matter, fenced and indented code blocks, inline code, raw
// HTML (inline and block, comments included), images and their alt text,
// autolinks and bare URLs, link destinations and titles, task-list check
// boxes, and link text that is itself a URL. An inline element that is
// removed leaves one Placeholder character (U+FFFC) in the text, mapped to
// where the element starts, so the words on either side never fuse and
// "the `x` the" does not read as "the the". Word and sentence code treats it
// as neither a word nor the end of a sentence.
//
// Backslash escapes and character references are read as the character they
// stand for ("\*" is "*", "&amp;" is "&"); a soft or hard line break reads as
// one space.
//
// # Conventions
//
//   - Every block ends a sentence. A heading, a list item or a table cell
//     that has no terminal punctuation is still a sentence of its own: no
//     sentence runs from one block into the next.
//   - A paragraph inside a list item is a ListItem block; a paragraph inside
//     a block quote (and not inside a list item) is a Quote block. Each
//     paragraph of a multi-paragraph item is its own block.
//   - Block.Section is the index in Document.Headings of the heading the
//     block sits under, or -1 before the first heading. A heading's own
//     block belongs to its own section.
//   - Front matter is YAML between "---" lines or TOML between "+++" lines
//     at the very top of the draft (after an optional byte order mark). It
//     is replaced by spaces, newlines kept, before goldmark sees the draft,
//     so every offset, line and column stays true to the original bytes.
//     A YAML block may also close with "...".
//   - Lines and columns are 1-based; columns count Unicode characters (runes),
//     so a tab or an emoji is one column. Byte offsets are 0-based.
//   - Slugs follow GitHub: lower case; letters, marks, digits, "_" and "-"
//     kept; each space becomes "-"; everything else dropped; a repeated slug
//     gets "-1", "-2" and so on. A heading's slug is made from all its text,
//     inline code included.
package markdown
