// Package lsp is speedgrapher's editor server: the Language Server Protocol
// over a byte stream (stdio), answering from the same analysis as the MCP
// tools and the CLI, in-process. It publishes the lint findings of open
// markdown drafts as diagnostics (columns in UTF-16 code units, as the
// protocol requires), offers quick fixes and "disable this rule here" code
// actions, hovers with a sentence's or a section's readability, and the
// outline as document symbols.
//
// The protocol's few JSON types are written here once (protocol.go) rather
// than taken from a module: the server needs about fifteen of them, and the
// Go modules that define all of them are large or unmaintained.
package lsp
