// Package prompts parses, validates and renders speedgrapher prompt
// templates, the files behind its slash commands, and offers completions for
// their arguments.
//
// # Files
//
// A template is a markdown file: YAML front matter between two "---" lines,
// then a body in Go text/template syntax.
//
//	---
//	name: review            # optional; defaults to the file's path
//	title: Editorial review # optional
//	description: Reviews a draft against the editorial guidelines.
//	arguments:
//	  - name: path
//	    description: The draft to review, a path inside the workspace.
//	    complete: files     # or: languages
//	  - name: focus
//	    description: What to look at first.
//	    values: [structure, clarity, tone]
//	    default: clarity
//	---
//	Review {{ if .path }}{{ draft .path }}{{ else }}the draft in context{{ end }}.
//
// Top-level keys are name, title, description and arguments; argument keys
// are name, title, description, required, default, values and complete.
// Descriptions are required. A command's name comes from its path, a folder
// giving a prefix ("git/commit.md" is "git:commit"), unless front matter sets
// name, which is then the whole name. Names must be typable as slash
// commands; argument names are lower-case identifiers.
//
// Files whose base name starts with "_" are partials: their whole text is a
// template, available to every template under its path without ".md", as in
// {{ template "_tone" . }}. README.md files, hidden files and the top-level
// guidelines folder are not templates.
//
// Load reports each problem as "file:line: message" with the line in the
// file, and skips broken files; warnings (an argument the body never uses)
// do not keep a template out. Library.Reload loads again but keeps the last
// good version of a file that no longer loads, and Library.Stale tells,
// by stat alone, whether any file or folder changed since the load.
//
// # Commands written for other agents
//
// A Source may hold commands written for Claude Code (FormatClaude:
// .claude/commands/**/*.md, optional front matter whose description and
// argument-hint are used, $ARGUMENTS and $1 to $9 in the body) or Gemini CLI
// (FormatGemini: .gemini/commands/**/*.toml with description and prompt,
// {{args}} and @{path} in the prompt). Each becomes a Template with one
// optional argument, args: $ARGUMENTS and {{args}} are its whole value, $1
// to $9 its whitespace-separated words, and @{path} embeds a workspace file
// as {{ draft }} does. A body that never places args gets it appended after
// a blank line. Folders namespace as in those agents' own loaders
// ("git/commit.toml" is "git:commit"). Everything else in the file is text:
// shell commands (!{...}, and ! before a backtick command) are never run and
// stay in the prompt as written, with a warning; template syntax in the file
// or in args is output as it is.
//
// # Messages
//
// A line that is exactly <!-- user --> or <!-- assistant --> starts a
// message of that role; text before the first marker is a user message. The
// body is split at markers before it is parsed, so no argument value can
// start a message. Each message is trimmed; an empty one is dropped.
//
// # Rendering
//
// The body executes with every declared argument as a field: the value
// given, else the default, else "". Values are trimmed, and one that is
// empty counts as absent. Values are data: template syntax in a value is
// output as it is. A field that is not a declared argument is an error at
// load time.
//
// The template funcs, besides text/template's own:
//
//	draft PATH      the workspace file at PATH (Env.ReadFile), as an embedded
//	                resource in a message of its own, in the current role;
//	                the text around it becomes the messages before and after
//	guideline NAME  the guideline text NAME (Env.Guideline), such as "editorial"
//	lower S, upper S, trim S
//	                S in lower case, in upper case, without surrounding space
//
// A cloned repository's templates must not stall the server, so files and
// renders have limits (see MaxFrontMatterBytes and the constants after it):
// front matter and Gemini TOML past their size and nesting limits, and
// ranges over numbers past MaxLoopSteps, are load-time diagnostics; a
// render past its loop steps, bytes, time or printf widths stops with a
// *BudgetError naming the file and line, and RenderContext stops when its
// context is done.
//
// Problems with the arguments — missing, unknown, outside the declared
// values, or naming a draft that cannot be read — are *ArgumentError.
//
// # Completion
//
// Complete offers the declared values that start with a prefix, workspace
// markdown files (complete: files, through Env.ListFiles), or common language
// names (complete: languages), which also match a BCP 47 tag such as "pt-BR".
package prompts
