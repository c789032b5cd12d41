// wire.mjs speaks raw JSON-RPC lines to `BIN` over stdio and checks each
// answer byte for byte where the protocol fixes it:
//
//   node wire.mjs -- BIN [ARGS…]
//
// Each case starts a fresh server, writes its lines, closes stdin and reads
// every line of stdout until the process exits. Last line: "N passed, N failed".
import { spawn } from "node:child_process";

const sep = process.argv.indexOf("--");
const command = sep < 0 ? [] : process.argv.slice(sep + 1);
if (command.length === 0) { console.error("wire.mjs: give -- COMMAND"); process.exit(2); }

const init = '{"jsonrpc":"2.0","id":"init","method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"wire","version":"1"}}}';
const initialized = '{"jsonrpc":"2.0","method":"notifications/initialized"}';

function run(lines, { timeoutMs = 20000 } = {}) {
  return new Promise((resolve, reject) => {
    const p = spawn(command[0], command.slice(1), { stdio: ["pipe", "pipe", "pipe"] });
    let out = "", err = "";
    const timer = setTimeout(() => { p.kill("SIGKILL"); reject(new Error(`no exit within ${timeoutMs} ms; stderr: ${err.slice(0, 300)}`)); }, timeoutMs);
    p.stdout.on("data", (d) => { out += d; });
    p.stderr.on("data", (d) => { err += d; });
    p.on("exit", (code) => {
      clearTimeout(timer);
      const got = out.split("\n").filter((l) => l !== "");
      resolve({ code, lines: got, stderr: err });
    });
    p.stdin.end(lines.map((l) => l + "\n").join(""));
  });
}

let passed = 0, failed = 0;
async function check(name, fn) {
  try { await fn(); passed++; console.log(`ok    ${name}`); }
  catch (e) { failed++; console.log(`FAIL  ${name}: ${e.message}`); }
}
function expect(cond, message) { if (!cond) throw new Error(message); }

// answerTo runs the handshake, then line, and returns the answer to line
// (the lines after the initialize result) as raw text.
async function answerTo(line) {
  const r = await run([init, initialized, line]);
  expect(r.code === 0, `exit status ${r.code}`);
  const rest = r.lines.filter((l) => !l.startsWith('{"jsonrpc":"2.0","id":"init",'));
  expect(r.lines.length === 2 && rest.length === 1, `want the initialize result and one answer, got ${r.lines.join(" | ").slice(0, 400)}`);
  return rest[0];
}
function idOf(raw) {
  // the id's raw JSON text: after "id": up to the next , or }
  const m = raw.match(/"id":(-?[0-9.eE+-]+|"(?:[^"\\]|\\.)*"|null)/);
  return m ? m[1] : undefined;
}

await check("the handshake answers initialize and exits 0 at EOF", async () => {
  const r = await run([init, initialized]);
  expect(r.code === 0, `exit status ${r.code}`);
  expect(r.lines.length === 1, `want 1 line, got ${r.lines.length}`);
  const msg = JSON.parse(r.lines[0]);
  expect(msg.id === "init" && msg.result?.serverInfo?.name === "speedgrapher", r.lines[0].slice(0, 200));
});
await check("a line that is not JSON: -32700 with id null", async () => {
  const a = JSON.parse(await answerTo("{not json"));
  expect(a.id === null && a.error?.code === -32700, JSON.stringify(a));
});
await check('"jsonrpc":"1.0": -32600 with its id', async () => {
  const a = JSON.parse(await answerTo('{"jsonrpc":"1.0","id":7,"method":"ping"}'));
  expect(a.id === 7 && a.error?.code === -32600, JSON.stringify(a));
});
await check("a batch: -32600", async () => {
  const a = JSON.parse(await answerTo('[{"jsonrpc":"2.0","id":8,"method":"ping"}]'));
  expect(a.error?.code === -32600, JSON.stringify(a));
});
await check("an unknown method: -32601", async () => {
  const a = JSON.parse(await answerTo('{"jsonrpc":"2.0","id":9,"method":"no/such"}'));
  expect(a.id === 9 && a.error?.code === -32601, JSON.stringify(a));
});
await check("an unknown tool: -32602", async () => {
  const a = JSON.parse(await answerTo('{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"nope","arguments":{}}}'));
  expect(a.id === 10 && a.error?.code === -32602, JSON.stringify(a));
});
for (const id of ['"abc"', '""', "0", "-1", "9223372036854775807", "9007199254740993", "1.5", "1e23", "-0"]) {
  await check(`id ${id} comes back exactly as sent`, async () => {
    const raw = await answerTo(`{"jsonrpc":"2.0","id":${id},"method":"ping"}`);
    expect(idOf(raw) === id, `sent ${id}, got ${raw}`);
    expect(JSON.parse(raw).result !== undefined, raw);
  });
}
for (const id of ["null", "{}", "[]", "true"]) {
  await check(`id ${id}: -32600 with id null`, async () => {
    const a = JSON.parse(await answerTo(`{"jsonrpc":"2.0","id":${id},"method":"ping"}`));
    expect(a.id === null && a.error?.code === -32600, JSON.stringify(a));
  });
}
await check("a notification gets no answer", async () => {
  const r = await run([init, initialized, '{"jsonrpc":"2.0","method":"notifications/roots/list_changed"}']);
  expect(r.code === 0 && r.lines.length === 1, `exit ${r.code}, ${r.lines.length} lines`);
});
await check("every request read before EOF is answered, in any order, and stdout is only JSON", async () => {
  const reqs = [];
  for (let i = 1; i <= 20; i++) reqs.push(`{"jsonrpc":"2.0","id":${i},"method":"tools/call","params":{"name":"readability","arguments":{"text":"One sentence here. And another one."}}}`);
  const r = await run([init, initialized, ...reqs]);
  expect(r.code === 0, `exit status ${r.code}`);
  const ids = new Set();
  for (const l of r.lines) { const m = JSON.parse(l); if (typeof m.id === "number") ids.add(m.id); }
  expect(ids.size === 20, `answered ${ids.size} of 20`);
});

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
