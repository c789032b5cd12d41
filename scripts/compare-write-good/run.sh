#!/bin/sh
# run.sh compares write-good with speedgrapher's lint on twelve READMEs and
# docs from the Go module cache (their text is not committed here).
# Needs node and write-good: cd /tmp && npm install write-good
set -e
MOD=$(go env GOMODCACHE)
cd "$(dirname "$0")"
export WRITE_GOOD_DIR=${WRITE_GOOD_DIR:-/tmp/node_modules}
exec node compare.mjs "$@" \
  "$MOD/github.com/yuin/goldmark@v1.8.7/README.md" \
  "$MOD/github.com/goccy/go-yaml@v1.19.2/README.md" \
  "$MOD/github.com/google/go-cmp@v0.7.0/README.md" \
  "$MOD/github.com/fsnotify/fsnotify@v1.10.1/README.md" \
  "$MOD/github.com/rogpeppe/go-internal@v1.16.0/README.md" \
  "$MOD/github.com/google/jsonschema-go@v0.4.3/README.md" \
  "$MOD/github.com/modelcontextprotocol/go-sdk@v1.8.0/README.md" \
  "$MOD/github.com/modelcontextprotocol/go-sdk@v1.8.0/docs/server.md" \
  "$MOD/github.com/modelcontextprotocol/go-sdk@v1.8.0/docs/client.md" \
  "$MOD/github.com/modelcontextprotocol/go-sdk@v1.8.0/docs/protocol.md" \
  "$MOD/github.com/modelcontextprotocol/go-sdk@v1.8.0/docs/troubleshooting.md" \
  "$MOD/github.com/modelcontextprotocol/go-sdk@v1.8.0/docs/rough_edges.md" \
  "$MOD/golang.org/x/tools@v0.42.0/README.md"
