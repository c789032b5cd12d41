// client.mjs checks speedgrapher with the official MCP TypeScript SDK client,
// over stdio or streamable HTTP:
//
//   node client.mjs --workspace DIR -- BIN [ARGS…]   (stdio; DIR is the server's --root)
//   node client.mjs --workspace DIR --url URL        (HTTP)
//
// The SDK validates every result against the MCP schema and every
// structuredContent against the tool's outputSchema, so a malformed answer
// fails the call it belongs to. Last line: "N passed, N failed".
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { McpError, EmptyResultSchema, ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { writeFileSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

const argv = process.argv.slice(2);
let url = "", workspace = "", command = [];
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === "--") { command = argv.slice(i + 1); break; }
  if (argv[i] === "--url") url = argv[++i];
  else if (argv[i] === "--workspace") workspace = argv[++i];
  else { console.error(`client.mjs: unknown argument ${argv[i]}`); process.exit(2); }
}
if (!url && command.length === 0) { console.error("client.mjs: give --url URL or -- COMMAND"); process.exit(2); }

let passed = 0, failed = 0;
async function check(name, fn) {
  try {
    const detail = await fn();
    passed++;
    console.log(`ok    ${name}${detail ? ` (${detail})` : ""}`);
  } catch (err) {
    failed++;
    console.log(`FAIL  ${name}: ${err?.message ?? err}`);
  }
}
function expect(cond, message) { if (!cond) throw new Error(message); }
async function expectCode(promise, code) {
  try { await promise; } catch (err) {
    expect(err instanceof McpError, `want an MCP error ${code}, got ${err}`);
    expect(err.code === code, `want code ${code}, got ${err.code}: ${err.message}`);
    return err.message;
  }
  throw new Error(`want error ${code}, got a result`);
}

// The client declares form elicitation, as an editor that can ask its user
// does; the fix tool's checks set what the "user" answers.
const client = new Client({ name: "speedgrapher-interop", version: "1" }, { capabilities: { elicitation: { form: {} } } });
let elicitAnswer = { action: "decline" };
const asked = [];
client.setRequestHandler(ElicitRequestSchema, async (req) => { asked.push(req.params); return elicitAnswer; });
const transport = url
  ? new StreamableHTTPClientTransport(new URL(url))
  : new StdioClientTransport({ command: command[0], args: command.slice(1), stderr: "ignore" });
const draft = "drafts/flaky-tests.md";

await check("initialize", async () => {
  await client.connect(transport);
  const info = client.getServerVersion();
  expect(info?.name === "speedgrapher", `server name ${info?.name}`);
  const caps = client.getServerCapabilities();
  for (const c of ["prompts", "tools", "resources", "completions"]) expect(caps?.[c], `no ${c} capability`);
  return `${info.name} ${info.version}`;
});
await check("ping", async () => { await client.ping(); });

let prompts = [];
await check("prompts/list: the 15 shipped commands, each described", async () => {
  prompts = (await client.listPrompts()).prompts;
  const names = new Set(prompts.map((p) => p.name));
  for (const n of ["context", "interview", "outline", "voice", "expand", "review", "readability", "proofread",
    "localize", "title", "summarize", "seo", "publish", "reflect", "haiku"]) expect(names.has(n), `no prompt ${n}`);
  for (const p of prompts) {
    expect(p.description, `${p.name} has no description`);
    for (const a of p.arguments ?? []) expect(a.description, `${p.name}.${a.name} has no description`);
  }
  return `${prompts.length} prompts`;
});

const sample = { path: draft, samples: "drafts", target_language: "pt-BR", topic: "flaky tests", hint: "short" };
await check("prompts/get: every prompt renders with its arguments", async () => {
  let messages = 0;
  for (const p of prompts) {
    const args = {};
    for (const a of p.arguments ?? []) if (a.required || a.name in sample) args[a.name] = sample[a.name] ?? "x";
    const r = await client.getPrompt({ name: p.name, arguments: args });
    expect(r.messages.length > 0, `${p.name}: no messages`);
    messages += r.messages.length;
  }
  return `${messages} messages`;
});
await check("prompts/get review path=…: the draft comes as an embedded resource", async () => {
  const r = await client.getPrompt({ name: "review", arguments: { path: draft } });
  const res = r.messages.find((m) => m.content.type === "resource");
  expect(res, "no resource message");
  expect(res.content.resource.uri.endsWith(draft), `resource uri ${res.content.resource.uri}`);
  expect(res.content.resource.text.length > 0, "empty resource text");
});
await check("completion/complete: path offers the workspace's markdown", async () => {
  const r = await client.complete({ ref: { type: "ref/prompt", name: "review" }, argument: { name: "path", value: "dra" } });
  expect(r.completion.values.includes(draft), `values ${JSON.stringify(r.completion.values)}`);
  return r.completion.values.join(", ");
});
await check("completion/complete: focus offers its values", async () => {
  const r = await client.complete({ ref: { type: "ref/prompt", name: "review" }, argument: { name: "focus", value: "st" } });
  expect(JSON.stringify(r.completion.values) === JSON.stringify(["structure"]), `values ${JSON.stringify(r.completion.values)}`);
});

let tools = [];
await check("tools/list: readability, lint, structure with output schemas", async () => {
  tools = (await client.listTools()).tools;
  for (const n of ["readability", "lint", "structure"]) {
    const t = tools.find((t) => t.name === n);
    expect(t, `no tool ${n}`);
    expect(t.description && t.outputSchema, `${n}: no description or output schema`);
  }
  return tools.map((t) => t.name).join(", ");
});
for (const name of ["readability", "lint", "structure"]) {
  await check(`tools/call ${name} path=${draft}`, async () => {
    const r = await client.callTool({ name, arguments: { path: draft } });
    expect(!r.isError, `isError: ${r.content?.[0]?.text}`);
    expect(r.structuredContent, "no structuredContent");
    expect(r.content?.[0]?.type === "text" && r.content[0].text, "no text summary");
    return r.content[0].text.slice(0, 80);
  });
}
await check("tools/call readability text=…: counts a sentence by hand", async () => {
  const r = await client.callTool({ name: "readability", arguments: { text: "The cat sat on the mat. It was warm." } });
  expect(!r.isError, r.content?.[0]?.text);
  expect(r.structuredContent.words === 9 && r.structuredContent.sentences === 2,
    `words ${r.structuredContent.words}, sentences ${r.structuredContent.sentences}; want 9 and 2`);
});
await check("tools/call lint text=…: finds the repeated word", async () => {
  const r = await client.callTool({ name: "lint", arguments: { text: "We went to the the shop." } });
  const f = r.structuredContent.findings.find((f) => f.rule === "lexical-illusion");
  expect(f, `findings ${JSON.stringify(r.structuredContent.findings)}`);
  expect(f.line === 1 && f.column === 12, `at ${f.line}:${f.column}; want 1:12`);
});
await check("tools/call with a missing file: isError with a sentence", async () => {
  const r = await client.callTool({ name: "readability", arguments: { path: "no-such-draft.md" } });
  expect(r.isError, "no isError");
  expect(/no-such-draft\.md/.test(r.content[0].text), r.content[0].text);
});
await check("tools/call outside the workspace: refused", async () => {
  const r = await client.callTool({ name: "readability", arguments: { path: "../../../../etc/passwd" } });
  expect(r.isError && /outside the workspace/.test(r.content[0].text), r.content[0].text);
});
await check("unknown tool: -32602", () => expectCode(client.callTool({ name: "nope", arguments: {} }), -32602));
await check("unknown prompt: -32602", () => expectCode(client.getPrompt({ name: "nope" }), -32602));
await check("missing required argument: -32602 names it", async () => {
  const msg = await expectCode(client.getPrompt({ name: "localize", arguments: {} }), -32602);
  expect(/target_language/.test(msg), msg);
});
await check("unknown method: -32601", () =>
  expectCode(client.request({ method: "no/such/method", params: {} }, EmptyResultSchema), -32601));

await check("resources: the guidelines and every prompt's source", async () => {
  const list = (await client.listResources()).resources;
  const uris = list.map((r) => r.uri);
  expect(uris.includes("speedgrapher://guidelines/editorial"), `uris ${uris.join(" ")}`);
  for (const uri of uris) {
    const r = await client.readResource({ uri });
    expect(r.contents.length > 0 && r.contents[0].text, `${uri}: empty`);
  }
  const ed = await client.readResource({ uri: "speedgrapher://guidelines/editorial" });
  if (workspace) expect(ed.contents[0].text.length > 0, "empty guideline");
  return `${list.length} resources`;
});
await check("logging/setLevel", async () => { await client.setLoggingLevel("info"); });
// The fix tool edits a file: only a temporary copy inside the workspace,
// never a tracked draft, and the copy is removed whatever happens.
await check("tools/list: fix is destructive and idempotent", async () => {
  const t = tools.find((t) => t.name === "fix");
  expect(t, "no tool fix");
  const a = t.annotations ?? {};
  expect(a.readOnlyHint === false && a.destructiveHint === true && a.idempotentHint === true, `annotations ${JSON.stringify(a)}`);
});
if (workspace) {
  const name = `.interop-fix-${process.pid}.md`;
  const file = join(workspace, name);
  const draftText = "We went to the the shop in order to buy milk.\n";
  const fixedText = "We went to the shop to buy milk.\n";
  writeFileSync(file, draftText);
  try {
    await check("tools/call fix apply=false: a preview, no question, nothing written", async () => {
      asked.length = 0;
      const r = await client.callTool({ name: "fix", arguments: { path: name, apply: false } });
      expect(!r.isError, r.content?.[0]?.text);
      const s = r.structuredContent;
      expect(s.status === "preview" && s.total === 2 && s.fixes.wordy === 1 && s.fixes["lexical-illusion"] === 1,
        `result ${JSON.stringify(s)}`);
      expect(s.diff.includes(`-${draftText}+${fixedText}`), `diff ${s.diff}`);
      expect(asked.length === 0, "asked the user for a preview");
      expect(readFileSync(file, "utf8") === draftText, "file changed");
    });
    await check("tools/call fix, the user declines: nothing written", async () => {
      asked.length = 0;
      elicitAnswer = { action: "decline" };
      const r = await client.callTool({ name: "fix", arguments: { path: name } });
      expect(!r.isError && r.structuredContent.status === "declined", JSON.stringify(r.structuredContent ?? r.content));
      expect(asked.length === 1 && asked[0].message.startsWith(`Apply 2 fixes to ${name}`), `asked ${JSON.stringify(asked)}`);
      expect(readFileSync(file, "utf8") === draftText, "file changed");
    });
    await check("tools/call fix, the user accepts: the file is fixed", async () => {
      asked.length = 0;
      elicitAnswer = { action: "accept", content: { apply: true } };
      const r = await client.callTool({ name: "fix", arguments: { path: name } });
      expect(!r.isError && r.structuredContent.status === "written", JSON.stringify(r.structuredContent ?? r.content));
      expect(asked.length === 1, `asked ${asked.length} times`);
      expect(readFileSync(file, "utf8") === fixedText, `file holds ${JSON.stringify(readFileSync(file, "utf8"))}`);
      const again = await client.callTool({ name: "fix", arguments: { path: name } });
      expect(again.structuredContent.status === "nothing to fix", `second call ${JSON.stringify(again.structuredContent)}`);
    });
  } finally {
    rmSync(file, { force: true });
  }
}
await check("a cancelled call does not stop the session", async () => {
  const ac = new AbortController();
  const p = client.callTool({ name: "lint", arguments: { path: draft } }, undefined, { signal: ac.signal });
  ac.abort();
  await p.then(() => {}, () => {});
  await client.ping();
});

await client.close();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
