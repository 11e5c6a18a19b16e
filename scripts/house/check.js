#!/usr/bin/env node
/**
 * The house rules of src/, run by `npm test` (`npm run house`):
 *   size     no file over 400 lines, no function over 60 lines, no non-null assertion `!` (size.js)
 *   copies   no block of 10+ lines duplicated (jscpd, copies.js)
 *   exports  no export nobody imports, no file nothing reaches (knip, exports.js)
 *   citations  no document, issue or path cited that a reader of the repository cannot open (citations.js)
 *   state    no module-level mutable state in src/ outside src/compose: a `let`, a filled registry; no write
 *            to the global object anywhere in src but the page runtime's slot (state.js)
 * (size and copies cover src/, test/fakes and scripts/; `!` is checked in src/ only)
 *
 * Violations that exist while the helper who owns the code is fixing them are listed, one entry per
 * violation with its owner, in .house-known-violations.json ({rule, file, name, owner}); the lead
 * empties it. Any violation not listed fails the run; a listed one that is gone is reported (remove
 * it). Never add an entry to make new code pass.
 *
 * Usage: node scripts/house/check.js [--root DIR] [--known FILE] [--only size,copies,exports,citations,state] [--json] [--prune]
 * (--prune removes the entries that are fixed from the known list).
 */
"use strict";
const fs = require("fs");
const path = require("path");
const { checkSizes } = require("./size");
const { checkCopies } = require("./copies");
const { checkExports } = require("./exports");
const { checkCitations } = require("./citations");
const { checkState } = require("./state");

const CHECKS = { size: checkSizes, copies: checkCopies, exports: checkExports, citations: checkCitations, state: checkState };

function args(argv) {
  const get = (name, dflt) => {
    const a = argv.find((x) => x.startsWith(`--${name}=`));
    const i = argv.indexOf(`--${name}`);
    return a ? a.slice(name.length + 3) : i >= 0 ? argv[i + 1] : dflt;
  };
  const root = path.resolve(get("root", path.join(__dirname, "..", "..")));
  return {
    root,
    known: path.resolve(root, get("known", ".house-known-violations.json")),
    only: get("only", Object.keys(CHECKS).join(",")).split(","),
    json: argv.includes("--json"),
    prune: argv.includes("--prune"),
  };
}

const keyOf = (v) => `${v.rule}\u0000${v.file}\u0000${v.name}`;

/** Split found violations into new ones and known ones; known entries with nothing found are stale. */
function compare(found, known) {
  const left = new Map();
  for (const k of known) left.set(keyOf(k), [...(left.get(keyOf(k)) || []), k]);
  const fresh = [];
  const matched = [];
  for (const v of found) {
    const ks = left.get(keyOf(v));
    if (ks && ks.length) matched.push({ ...v, owner: ks.shift().owner });
    else fresh.push(v);
  }
  const stale = [...left.values()].flat();
  return { fresh, matched, stale };
}

function main() {
  const opts = args(process.argv.slice(2));
  const known = fs.existsSync(opts.known) ? JSON.parse(fs.readFileSync(opts.known, "utf8")) : [];
  const found = opts.only.flatMap((c) => {
    if (!CHECKS[c]) throw new Error(`unknown check ${c} (${Object.keys(CHECKS).join(", ")})`);
    return CHECKS[c](opts.root);
  });
  const rules = new Set(found.map((v) => v.rule));
  const relevant = known.filter((k) => opts.only.some((c) => ruleOfCheck(c).includes(k.rule)) || rules.has(k.rule));
  const { fresh, matched, stale } = compare(found, relevant);
  if (opts.json) {
    process.stdout.write(JSON.stringify({ fresh, matched, stale }) + "\n");
  } else {
    const show = (v) => `  ${v.rule} ${v.file}${v.name ? ` ${v.name}` : ""} (${v.detail})`;
    if (fresh.length) console.error(`House rules: ${fresh.length} new violation(s):\n${fresh.map(show).join("\n")}`);
    if (stale.length) console.log(`House rules: fixed, remove from ${path.basename(opts.known)}:\n${stale.map((k) => `  ${k.rule} ${k.file} ${k.name} (${k.owner})`).join("\n")}`);
    const owners = {};
    for (const m of matched) owners[m.owner] = (owners[m.owner] || 0) + 1;
    const perOwner = Object.entries(owners).map(([o, n]) => `${o} ${n}`).join(", ");
    console.log(`House rules (${opts.only.join(", ")}): ${fresh.length} new, ${matched.length} known${perOwner ? ` (${perOwner})` : ""}, ${stale.length} fixed.`);
  }
  if (opts.prune && stale.length) {
    const gone = new Set(stale);
    const kept = known.filter((k) => !gone.has(k));
    fs.writeFileSync(opts.known, `[\n${kept.map((k) => `  ${JSON.stringify(k)}`).join(",\n")}\n]\n`);
  }
  process.exitCode = fresh.length ? 1 : 0;
}

function ruleOfCheck(check) {
  return { size: ["file-lines", "function-lines", "non-null"], copies: ["duplicate"], exports: ["unused-export", "unused-file"], citations: ["citation"], state: ["module-state", "global-write"] }[check] || [];
}

if (require.main === module) main();
module.exports = { compare };
