// Package prose measures English prose: words, sentences, syllables and the
// classic readability formulas, computed on the prose a markdown.Document
// holds (no code, no URLs, no front matter).
//
// # Words, sentences, syllables
//
// Words are Unicode (UAX #29) word segments that hold a letter or a digit;
// hyphenated compounds stay whole. Sentences end at ".", "!", "?", "…" or
// "..." (with closing quotes and brackets) before a space and a word that
// does not start in lower case; abbreviations ("e.g.", "Dr.", "vs."),
// initials, "No. 5", decimals and versions ("3.14", "v1.2.3") do not end one.
// Every markdown block ends a sentence (see package markdown).
//
// Syllables are counted by spelling rules (suffixes peeled, vowel groups
// counted, silent e and vowel pairs spoken apart corrected) and a table of
// the frequent words the rules miss, generated from the CMU Pronouncing
// Dictionary (testdata/syllables). Agreement with the dictionary: 100% of the
// 20,000 most frequent words with the table, 96.97% by the rules alone, and
// 94.68% of 21,075 rarer words that no table holds.
//
// # What the formulas count
//
// Readability counts the sentences of paragraphs, list items and block quotes.
// Headings and table cells are labels, not sentences: they are left out of
// the formulas (sections still report the words under each heading). A
// number is a word of one syllable. Letters are Unicode letters; characters
// are letters and digits. A polysyllable has three or more syllables.
//
// # Formulas
//
// With W words, S sentences, Y syllables, P polysyllables, C complex words,
// L letters and K characters:
//
//	Flesch reading ease  = 206.835 − 1.015 (W/S) − 84.6 (Y/W)
//	    Flesch, R. (1948). A new readability yardstick. Journal of Applied Psychology 32(3).
//	Flesch–Kincaid grade = 0.39 (W/S) + 11.8 (Y/W) − 15.59
//	    Kincaid, Fishburne, Rogers & Chissom (1975). Derivation of new readability
//	    formulas for Navy enlisted personnel. Research Branch Report 8-75.
//	Gunning fog          = 0.4 [(W/S) + 100 (C/W)]
//	    Gunning, R. (1952). The Technique of Clear Writing. McGraw-Hill.
//	SMOG grade           = 1.0430 √(P × 30/S) + 3.1291
//	    McLaughlin, G. H. (1969). SMOG grading: a new readability formula.
//	    Journal of Reading 12(8).
//	Coleman–Liau index   = 0.0588 (100 L/W) − 0.296 (100 S/W) − 15.8
//	    Coleman, M. & Liau, T. L. (1975). A computer readability formula designed
//	    for machine scoring. Journal of Applied Psychology 60(2).
//	Automated readability index = 4.71 (K/W) + 0.5 (W/S) − 21.43
//	    Senter, R. J. & Smith, E. A. (1967). Automated Readability Index.
//	    AMRL-TR-66-220, Wright-Patterson Air Force Base.
//
// A complex word (Gunning) has three or more syllables, not counting a word
// that is capitalised inside a sentence (a proper name), a hyphenated
// compound, or a word whose third syllable is an -es, -ed or -ing ending.
//
// The consensus grade is the mean of the five grade formulas (Flesch–Kincaid,
// fog, SMOG, Coleman–Liau, ARI). Its audience label: up to grade 6 "everyone",
// 6–8 "general public", 8–10 "high school", 10–12 "high school graduate",
// 12–16 "college", above 16 "graduate or specialist".
//
// Reading time assumes 238 words a minute, the mean silent reading rate of
// adults for non-fiction in Brysbaert, M. (2019), How many words do we read
// per minute? A review and meta-analysis of reading rate, Journal of Memory
// and Language 109, 104047.
//
// # Hard sentences
//
// Each sentence gets its own grade, the automated readability index of the
// sentence alone (letters-and-digits per word and words per sentence need no
// syllables, so one sentence is enough to score). Like the Hemingway Editor,
// a sentence of 14 words or more is hard at grade 10 and very hard at grade
// 14; shorter sentences are never marked.
package prose
