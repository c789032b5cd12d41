// compare.mjs runs write-good and speedgrapher's lint on the same markdown
// files and prints per-rule totals: write-good on the raw markdown (as it is
// usually run), write-good on the prose speedgrapher extracts (so code and
// URLs are out of the picture), and speedgrapher. With --diff RULE it also
// lists that rule's matches the two disagree on (write-good on prose only).
//
// Usage: node compare.mjs [--diff RULE] FILE...   (run.sh sets it up)
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(process.env.WRITE_GOOD_DIR ? path.join(process.env.WRITE_GOOD_DIR, 'x.js') : import.meta.url);
const writeGood = require('write-good');

const checks = {
  illusion: 'lexical-illusion', passive: 'passive-voice', weasel: 'weasel-word',
  tooWordy: 'wordy', cliches: 'cliche', adverb: 'adverb', so: 'so-start', thereIs: 'there-is',
};

// run returns write-good's matches per check, one check at a time so every
// match is attributed to one check.
function run(text) {
  const out = {};
  for (const check of Object.keys(checks)) {
    const opts = Object.fromEntries(Object.keys(checks).map((c) => [c, c === check]));
    out[check] = writeGood(text, opts).map((s) => text.substr(s.index, s.offset));
  }
  return out;
}

const args = process.argv.slice(2);
const diffRule = args[0] === '--diff' ? args[1] : '';
const files = diffRule ? args.slice(2) : args;
const diffCheck = Object.keys(checks).find((c) => checks[c] === diffRule);
const here = path.dirname(new URL(import.meta.url).pathname);
const lines = execFileSync('go', ['run', './prose', ...files.map((f) => path.resolve(f))], { cwd: here, encoding: 'utf8', maxBuffer: 1 << 28 })
  .trim().split('\n').map((l) => JSON.parse(l));

const totals = {};
const only = { wg: [], sg: [] };
for (const r of lines) {
  const raw = run(readFileSync(r.file, 'utf8'));
  const prose = run(r.prose);
  for (const [check, rule] of Object.entries(checks)) {
    const t = (totals[rule] ??= { raw: 0, prose: 0, sg: 0 });
    t.raw += raw[check].length;
    t.prose += prose[check].length;
    t.sg += (r.matches[rule] ?? []).length;
  }
  for (const rule of ['long-sentence', 'inclusive', 'ai-trope']) {
    const t = (totals[rule] ??= { raw: '-', prose: '-', sg: 0 });
    t.sg += (r.matches[rule] ?? []).length;
  }
  if (diffCheck) {
    // Matches compare by their last word: "is not used" and "is used" agree.
    const last = (m) => m.toLowerCase().split(/\s+/).pop();
    const ours = (r.matches[diffRule] ?? []).map(last);
    const theirs = prose[diffCheck].map(last);
    for (const m of prose[diffCheck]) if (!ours.includes(last(m))) only.wg.push(m.toLowerCase());
    for (const m of r.matches[diffRule] ?? []) if (!theirs.includes(last(m))) only.sg.push(m.toLowerCase());
  }
}

console.log(`${files.length} files\n`);
console.log('| rule | write-good (raw markdown) | write-good (prose only) | speedgrapher |');
console.log('|---|---:|---:|---:|');
for (const [rule, t] of Object.entries(totals)) console.log(`| ${rule} | ${t.raw} | ${t.prose} | ${t.sg} |`);
if (diffCheck) {
  const count = (list) => Object.entries(list.reduce((m, x) => ((m[x] = (m[x] ?? 0) + 1), m), {})).sort((a, b) => b[1] - a[1]);
  console.log(`\n${diffRule}: only write-good flags (prose only):`);
  for (const [m, n] of count(only.wg)) console.log(`  ${n} × ${m}`);
  console.log(`\n${diffRule}: only speedgrapher flags:`);
  for (const [m, n] of count(only.sg)) console.log(`  ${n} × ${m}`);
}
