// client.mjs BIN: drives `BIN lsp` with the official vscode-languageserver-protocol
// client connection (the library VS Code's language client is built on) and
// checks diagnostics, incremental sync, a quick fix, hover, symbols, errors
// and the shutdown handshake. Prints one line per check and exits 1 if any failed.
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import {
  createProtocolConnection, StreamMessageReader, StreamMessageWriter,
  InitializeRequest, InitializedNotification, DidOpenTextDocumentNotification,
  DidChangeTextDocumentNotification, PublishDiagnosticsNotification, CodeActionRequest,
  HoverRequest, DocumentSymbolRequest, ShutdownRequest, ExitNotification, ResponseError,
  TextDocumentSyncKind,
} from "vscode-languageserver-protocol/node";

const bin = process.argv[2];
if (!bin) { console.error("usage: node client.mjs BIN"); process.exit(2); }

const ws = realpathSync(mkdtempSync(join(tmpdir(), "sg-lsp-")));
const draftPath = join(ws, "guide.md");
// Hand counts in UTF-16 code units (JavaScript's own string units): "😀 " is
// 3, "We left " 8 more, so "in order to" spans 11-22 on line 2.
const text = "# Guide 😀\n\n😀 We left in order to see it. 中文 is here.\n\n## Install\n\nRun it in order to win.\n";
writeFileSync(draftPath, text);
// The workspace's configuration sets the severity the diagnostics must carry.
writeFileSync(join(ws, ".speedgrapher.yaml"), "rules:\n  wordy: warning\n");
const uri = pathToFileURL(draftPath).href;

const child = spawn(bin, ["lsp", "--root", ws], { stdio: ["pipe", "pipe", "inherit"] });
const conn = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
const published = [];
let waiters = [];
conn.onNotification(PublishDiagnosticsNotification.type, (p) => {
  published.push(p);
  waiters = waiters.filter((w) => !w(p));
});
conn.listen();

function diagnosticsFor(version) {
  const found = published.find((p) => p.uri === uri && p.version === version);
  if (found) return Promise.resolve(found);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no diagnostics for version ${version} in 10 s`)), 10000);
    waiters.push((p) => {
      if (p.uri !== uri || p.version !== version) return false;
      clearTimeout(timer);
      resolve(p);
      return true;
    });
  });
}

let passed = 0, failed = 0;
async function check(name, fn) {
  try {
    await fn();
    passed++;
    console.log(`ok - ${name}`);
  } catch (e) {
    failed++;
    console.log(`not ok - ${name}: ${e.message}`);
  }
}
function expect(cond, msg) { if (!cond) throw new Error(msg); }
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const range = (l1, c1, l2, c2) => ({ start: { line: l1, character: c1 }, end: { line: l2, character: c2 } });
const wordy = (p) => p.diagnostics.filter((d) => d.code === "wordy").map((d) => d.range);

// applyEdits applies LSP edits to a string: JavaScript strings are UTF-16,
// so a position's character is a string index within its line.
function applyEdits(s, edits) {
  const lines = s.split("\n");
  const offset = (p) => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  for (const e of [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start))) {
    s = s.slice(0, offset(e.range.start)) + e.newText + s.slice(offset(e.range.end));
  }
  return s;
}

let current = text;
await check("initialize: incremental sync, hover, symbols, code actions", async () => {
  const res = await conn.sendRequest(InitializeRequest.type, {
    processId: process.pid, rootUri: pathToFileURL(ws).href, workspaceFolders: null,
    capabilities: { textDocument: { publishDiagnostics: { versionSupport: true } } },
  });
  const c = res.capabilities;
  expect(c.textDocumentSync.change === TextDocumentSyncKind.Incremental, `change = ${JSON.stringify(c.textDocumentSync)}`);
  expect(c.hoverProvider && c.documentSymbolProvider && c.codeActionProvider, JSON.stringify(c));
  await conn.sendNotification(InitializedNotification.type, {});
});

await check("diagnostics on open, ranges in UTF-16", async () => {
  await conn.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: "markdown", version: 1, text } });
  const p = await diagnosticsFor(1);
  const want = [range(2, 11, 2, 22), range(6, 7, 6, 18)];
  expect(same(wordy(p), want), `wordy ranges ${JSON.stringify(wordy(p))}, want ${JSON.stringify(want)}`);
  const d = p.diagnostics.find((d) => d.code === "wordy");
  expect(d.severity === 2 && d.source === "speedgrapher" && d.codeDescription?.href, JSON.stringify(d));
});

await check("incremental change moves the diagnostic", async () => {
  const change = { range: range(2, 0, 2, 0), text: "中文 " };
  await conn.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version: 2 }, contentChanges: [change] });
  current = applyEdits(current, [{ range: change.range, newText: change.text }]);
  const p = await diagnosticsFor(2);
  const want = [range(2, 14, 2, 25), range(6, 7, 6, 18)];
  expect(same(wordy(p), want), `wordy ranges ${JSON.stringify(wordy(p))}, want ${JSON.stringify(want)}`);
});

await check("quick fix replaces the wordy phrase", async () => {
  const p = published.findLast((p) => p.uri === uri);
  const diag = p.diagnostics.find((d) => d.code === "wordy" && d.range.start.line === 6);
  const actions = await conn.sendRequest(CodeActionRequest.type, { textDocument: { uri }, range: diag.range, context: { diagnostics: [diag] } });
  const fix = actions.find((a) => a.kind === "quickfix" && a.title === 'Replace "in order to" with "to"');
  expect(fix, `actions: ${JSON.stringify(actions.map((a) => a.title))}`);
  const after = applyEdits(current, fix.edit.changes[uri]);
  expect(after.split("\n")[6] === "Run it to win.", `line 6 after the fix: ${JSON.stringify(after.split("\n")[6])}`);
  expect(actions.some((a) => a.title === "Disable wordy on this line"), "no disable action");
});

await check("hover on a sentence and on a heading", async () => {
  // "Run it in order to win.": 6 words, too few to be marked hard.
  const s = await conn.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 6, character: 2 } });
  expect(s && /^Sentence: 6 words, grade \d+\.\d, normal/.test(s.contents.value), JSON.stringify(s));
  expect(same(s.range, range(6, 0, 6, 23)), JSON.stringify(s.range));
  // The same 6 words under "Install", at 238 words a minute: 1.5 s, rounded to 2.
  const h = await conn.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 4, character: 4 } });
  expect(h && /^\*\*Install\*\*: grade \d+\.\d .* 6 words in 1 sentence, about 2 s to read$/.test(h.contents.value), JSON.stringify(h));
});

await check("document symbols: the outline, nested", async () => {
  const syms = await conn.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } });
  const shape = syms.map((s) => [s.name, (s.children || []).map((c) => c.name)]);
  expect(same(shape, [["Guide 😀", ["Install"]]]), JSON.stringify(shape));
  expect(same(syms[0].selectionRange, range(0, 0, 0, 10)), JSON.stringify(syms[0].selectionRange));
});

await check("unknown method gets -32601 and the session goes on", async () => {
  try {
    await conn.sendRequest("speedgrapher/nope", {});
    throw new Error("no error");
  } catch (e) {
    expect(e instanceof ResponseError && e.code === -32601, `${e}`);
  }
  const h = await conn.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 1, character: 0 } });
  expect(h === null, JSON.stringify(h));
});

await check("shutdown and exit: status 0", async () => {
  const exited = new Promise((resolve) => child.on("exit", (code) => resolve(code)));
  await conn.sendRequest(ShutdownRequest.type);
  await conn.sendNotification(ExitNotification.type);
  const code = await exited;
  expect(code === 0, `exit status ${code}`);
});

conn.dispose();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
