// Package style runs a team's house styles, written as Vale styles, on a
// parsed markdown draft.
//
// A style is a folder of YAML rule files; a Vale configuration (.vale.ini,
// read by ParseConfig) says which styles run on which files, at which
// levels, with which vocabularies. Load reads the styles and vocabularies
// through an fs.FS, House.For picks the rules for one file, and Set.Check
// runs them on a markdown.Document, returning lint findings whose rule is
// Vale's check name ("Google.Passive"), whose severity is the rule's level
// and whose line and column are where Vale puts the match.
//
// Each rule kind has its file: existence, substitution, occurrence,
// repetition, consistency, conditional, capitalization and metric.
// sequence, script and spelling rules load but do not run.
//
// The text a rule reads is the text Vale reads: the prose of a block, with
// inline code and other removed elements standing as "***" and soft line
// breaks kept (see valeText). Vale's patterns are .NET-style regular
// expressions; Go's regexp runs those it accepts, github.com/dlclark/regexp2
// the ones that need look-around or back-references. A prefilter (an
// Aho-Corasick pass over the literals each term needs) keeps the thousands
// of terms of the public styles from running on blocks they cannot match.
//
// The package does no I/O of its own and never imports the MCP SDK.
package style
