/**
 * Citation rule: a source file (src/, test/fakes, scripts/) or a document of the repository (README,
 * TESTING, docs/) names only what a reader of the repository can open. A document it cites (`x.md`)
 * must exist beside the file or from the repository root; issue numbers, lettered contracts and
 * briefs of a planning round, and paths on someone's machine are never cited: say the fact instead.
 */
"use strict";
const fs = require("fs");
const path = require("path");

const CODE_ROOTS = ["src", "test/fakes", "scripts"];
const DOCS = ["README.md", "TESTING.md", "docs"];
const CODE = /\.(ts|js|mjs|cjs)$/;

/** Words that point outside the repository, each with what it is called in a report. */
const OUTSIDE = [
  [/\b[Ii]ssues? #?\d+/g, "an issue number"],
  [/\b[Cc]ontracts? (?:C\d+|\d+)\b/g, "a contract of a planning round"],
  [/\(C\d+\)|\bC\d+'s\b|\bas C\d+ says\b/g, "a contract of a planning round"],
  [/\b(?:the|a|our|helpers') brief\b|\bCONTRACTS\b/g, "a planning brief"],
  [/(?<![\w.])\/(?:home|Users|work)\/[\w./-]+/g, "a path on someone's machine"],
  [/\boffice-addin-facts\b/gi, "a reference document not in the repository"],
];
const DOC_NAME = /(?<![\w/.-])((?:[\w-]+\/)*[\w-]+\.md)\b/g;

function files(root, rel, pattern) {
  const full = path.join(root, rel);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [rel];
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((e) => {
    const p = `${rel}/${e.name}`;
    if (e.isDirectory()) return e.name === "node_modules" ? [] : files(root, p, pattern);
    return pattern.test(e.name) ? [p] : [];
  });
}

/** Whether a cited document can be opened: beside the file, from the root, or under docs/. */
function exists(root, file, doc) {
  return [path.join(root, path.dirname(file), doc), path.join(root, doc), path.join(root, "docs", doc)].some((p) => fs.existsSync(p));
}

/** The violations of one text (file relative to root). */
function checkText(root, file, text) {
  const out = [];
  const lineOf = (i) => text.slice(0, i).split("\n").length;
  for (const [re, what] of OUTSIDE) {
    for (const m of text.matchAll(re)) out.push({ rule: "citation", file, name: m[0], detail: `${what}, line ${lineOf(m.index)}` });
  }
  for (const m of text.matchAll(DOC_NAME)) {
    if (!exists(root, file, m[1])) out.push({ rule: "citation", file, name: m[1], detail: `a document not in the repository, line ${lineOf(m.index)}` });
  }
  return out;
}

function checkCitations(root) {
  const code = CODE_ROOTS.flatMap((d) => files(root, d, CODE)).filter((f) => f !== "scripts/house/citations.js");
  const docs = DOCS.flatMap((d) => files(root, d, /\.md$/));
  return [...code, ...docs].sort().flatMap((f) => checkText(root, f, fs.readFileSync(path.join(root, f), "utf8")));
}

module.exports = { checkCitations };
