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
// Sentence rules (so-start, there-is, long-sentence) read paragraphs, list
// items and quotes; headings and table cells are labels, as in readability.
// Word-list rules read all prose, headings included.
//
// # Rules
//
// Each rule's kind, default severity, fix and documentation are in
// rules.yaml; this list is generated from it (go generate).
//
// Style (the lint tool):
//
//	lexical-illusion  suggestion  A word repeated by accident ("the the").
//	passive-voice     suggestion  A form of "be" followed by a past participle ("was written"), irregular participles included.
//	weasel-word       suggestion  Hedges and empty intensifiers ("very", "quite", "fairly", "somewhat").
//	wordy             suggestion  Wordy phrases, each with a simpler replacement ("in order to" → "to").
//	cliche            suggestion  Clichés ("at the end of the day", "low-hanging fruit").
//	long-sentence     suggestion  Sentences over 25 words, and sentences of 20 words or more that are hard to read by their own grade.
//	inclusive         suggestion  Inconsiderate or exclusionary wording, with alternatives ("whitelist" → "allowlist").
//	ai-trope          suggestion  Phrasing often found in machine-written text ("delve into", "rich tapestry", "it's not X — it's Y").
//	adverb            suggestion  Adverbs ending in -ly that weaken a verb ("quickly ran").
//	so-start          suggestion  A sentence that starts with "So".
//	there-is          suggestion  A sentence that starts with "There is" or "There are".
//
// Structure (the structure tool):
//
//	multiple-h1         suggestion  More than one top-level heading (a front matter title counts as one).
//	heading-increment   suggestion  A heading that skips a level (## followed by ####).
//	duplicate-heading   suggestion  A heading with the same text as an earlier sibling heading.
//	empty-heading       warning     A heading with no text.
//	image-alt           warning     An image without alt text.
//	empty-link          suggestion  A link with no text or no destination ("[]()", "[text]()", "[text](#)").
//	broken-anchor       suggestion  A link ("#setup", "guide.md#setup") to a heading that does not exist.
//	missing-file        suggestion  A relative link or image to a file that is not in the workspace.
//	fence-language      suggestion  A fenced code block without a language (```go, ```text).
//	title-length        suggestion  A front matter title outside 30–60 characters (search results cut longer ones).
//	description-length  suggestion  A front matter description outside 120–160 characters (search results cut longer ones).
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
// The lists are this project's own, text files in data/ read by two rule
// kinds: existence (flag these phrases) and substitution (replace this with
// that; see ParseSubstitution). All of them are compiled once into a
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
