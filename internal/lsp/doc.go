// Package lsp is speedgrapher's editor server: the Language Server Protocol
// over a byte stream (stdio), answering from the same analysis as the MCP
// tools and the CLI, in-process. It publishes the lint findings of open
// markdown drafts as diagnostics (columns in UTF-16 code units, as the
// protocol requires), offers quick fixes and "disable this rule here" code
// actions, hovers with a sentence's or a section's readability, and the
// outline as document symbols.
//
// The protocol's JSON types are written here once (protocol.go), with the
// Content-Length framing (jsonrpc.go), rather than taken from a module: the
// server needs about twenty of them. Of the Go modules the proxy serves,
// github.com/tliron/glsp (v0.2.2, LSP 3.16) brings pkg/errors, gorilla/websocket,
// sourcegraph/jsonrpc2 and a logging framework with about fifteen more
// modules, and gopls keeps its protocol package internal.
package lsp
