// Package lint checks the style and structure of a markdown draft and
// reports each finding with a rule, a severity, a line and column range and,
// where one exists, a suggested replacement.
//
// Style rules read only the prose a markdown.Document holds, split into
// sentences and words by package prose: code blocks, inline code, URLs, link
// destinations, HTML and front matter never trigger anything, and a phrase
// never matches across inline code, a link boundary or punctuation. A match
// wrapped in quotation marks is an example, not a use (`the "the the"
// error`), and so is quoted text in a table cell; a licence quoted verbatim
// (licenceBlocks) is not the author's prose. None of them is flagged.
// Structure rules read the document's headings, links, images, code blocks
// and front matter.
//
// # Rules
//
// Style (the lint tool):
//
//	lexical-illusion  error       "the the": a word repeated by accident
//	passive-voice     warning     "was written": be + past participle (see passiveVoice)
//	weasel-word       warning     "very", "quite", "fairly", "kind of"
//	wordy             warning     "in order to" → "to", "utilize" → "use"
//	cliche            warning     "at the end of the day", "low-hanging fruit"
//	long-sentence     warning     over 25 words, or hard (20+ words) / very hard (14+) by its own grade
//	inclusive         warning     "whitelist" → "allowlist", "guys" → "everyone"
//	ai-trope          warning     "delve into", "rich tapestry", "it's not X — it's Y"
//	adverb            suggestion  "quickly ran"
//	so-start          suggestion  "So we decided…"
//	there-is          suggestion  "There are three ways…"
//
// Structure (the structure tool):
//
//	multiple-h1         warning     a second "# Title" (a front matter title counts as one)
//	heading-increment   warning     "##" followed by "####"
//	duplicate-heading   warning     two sibling headings with the same text
//	empty-heading       error       "##" with no text
//	image-alt           warning     "![](chart.png)"
//	empty-link          error       "[text]()", "[](https://…)"
//	broken-anchor       error       "[setup](#setpu)" or "[setup](guide.md#setpu)" with no heading of that slug
//	missing-file        error       "[notes](notes.md)" not in the workspace
//	fence-language      suggestion  "```" with no language
//	title-length        suggestion  front matter title outside 30–60 characters
//	description-length  suggestion  front matter description outside 120–160 characters
//
// Sentence rules (so-start, there-is, long-sentence) read paragraphs, list
// items and quotes; headings and table cells are labels, as in readability.
// Word-list rules read all prose, headings included.
//
// # Document kinds
//
// Options.DocKind (or the front matter's "kind", or headings that are
// release numbers) says whether a draft is an article, a changelog or a
// reference page: a changelog gets no multiple-h1 or heading-increment, a
// reference page no passive-voice.
//
// # Word lists
//
// The lists are this project's own; the newer ones are text files in data/. All of them are compiled once into a
// single matcher, a trie keyed by lower-case words, so a sentence is matched
// against every list in one pass over its words.
//
// # Turning rules off
//
// Options choose rules, severities and accepted words (words and phrases
// never flagged, matched as whole words in any case). In a draft, the HTML
// comment <!-- speedgrapher-disable passive-voice weasel-word --> turns the
// named rules off from there on, <!-- speedgrapher-enable passive-voice -->
// turns them back on, and either without rule names means every rule;
// speedgrapher-disable-line and speedgrapher-disable-next-line act on one line.
// markdownlint's switches (markdownlint-disable, -enable, -disable-line,
// -disable-next-line, -disable-file, -capture, -restore) apply to the rules
// that match one of its rules, and Vale's ("vale off", "vale on",
// "vale Style.Rule = NO") to the style rules; see directives.go.
//
// # Positions
//
// Lines and columns are 1-based; columns count Unicode characters. The end
// (EndLine, EndColumn) is exclusive: it is the position just after the last
// character of the match.
package lint
