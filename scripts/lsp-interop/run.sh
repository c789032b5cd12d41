#!/usr/bin/env bash
# run.sh BIN: checks `BIN lsp` with language server clients nobody on this
# project wrote:
#
#   - the official vscode-languageserver-protocol / vscode-jsonrpc packages
#     (client.mjs), pinned in package.json and package-lock.json beside this
#     script and installed here by npm on first use;
#   - Neovim's built-in LSP client, headless (nvim.lua). Neovim is installed
#     with apt-get when missing and possible; otherwise this check is skipped
#     with a message.
#
# Needs node 18 or later and npm. Exit status 0 only when every check that
# ran passed; the last line counts them as "N passed, N failed".
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${1:?usage: run.sh BIN}
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")

cd "$here"
stamp=node_modules/.speedgrapher-lock
if ! cmp -s package-lock.json "$stamp" 2>/dev/null; then
  echo "lsp-interop: npm ci from package-lock.json"
  npm ci --no-audit --no-fund --loglevel=error || { echo "0 passed, 1 failed"; exit 1; }
  cp package-lock.json "$stamp"
fi

passed=0 failed=0
step() { # name, command…: runs it, counts it by exit status
  local name=$1; shift
  echo "== $name"
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAILED: $name"; fi
}

step "vscode-languageserver-protocol client" node client.mjs "$bin"

if ! command -v nvim >/dev/null && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "lsp-interop: installing neovim with apt-get"
  { apt-get update -qq && apt-get install -y -qq neovim; } >/dev/null 2>&1 || true
fi
# vim.lsp.start_client and vim.diagnostic need Neovim 0.7.
if command -v nvim >/dev/null && nvim --headless -u NONE -c 'lua if vim.diagnostic and vim.lsp.start_client then vim.cmd("qall!") else vim.cmd("cquit 1") end' >/dev/null 2>&1; then
  step "Neovim $(nvim --version | head -1 | cut -d' ' -f2) built-in LSP client" \
    env SG_BIN="$bin" timeout 120 nvim --headless -u NONE -c "luafile $here/nvim.lua"
else
  echo "== Neovim 0.7 or later is not installed and could not be: its check is skipped"
fi

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
