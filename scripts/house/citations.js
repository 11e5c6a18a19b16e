/**
 * Citation rule: every text file of the repository (source, tests, scripts, documents, pages, root
 * configs) names only what a reader of the repository can open. A document it cites (`x.md`) must
 * exist beside the file or from the repository root; issue numbers, lettered contracts and briefs of a
 * planning round, and paths on someone's machine are never cited: say the fact instead.
 * Not read: what is not ours or not text (node_modules, build output, git, fixtures' binary files),
 * this file's own patterns, and the house rules' tests, which plant citations to prove the rule fails.
 */
"use strict";
const fs = require("fs");
const path = require("path");

/** Text files by name; everything else (xlsx, png, lock files' data) is not read. */
const TEXT = /(\.(ts|js|mjs|cjs|json|md|html|css|xml|yml|yaml|txt|sh)|^\.gitignore|^\.npmrc)$/;
const SKIP_DIRS = new Set(["node_modules", ".git", "dist", "build", "coverage", ".svc-cache"]);
const SKIP_FILES = new Set(["scripts/house/citations.js", "npm-shrinkwrap.json", "package-lock.json"]);
const SKIP_UNDER = ["test/house/"];

/** Words that point outside the repository, each with what it is called in a report. */
const OUTSIDE = [
  [/\b[Ii]ssues? #?\d+/g, "an issue number"],
  [/(?<=[\s(])#\d{1,4}(?=[\s),.;:]|$)/gm, "an issue number"],
  [/\b[Cc]ontracts? (?:C\d+|\d+)\b/g, "a contract of a planning round"],
  [/(?<=\s)\(C\d+\)|\bC\d+'s\b|\bas C\d+ says\b/g, "a contract of a planning round"],
  [/\b(?:the|a|our|helpers') brief\b|\bCONTRACTS\b/g, "a planning brief"],
  [/(?<![\w.])\/(?:home|Users|work)\/[\w./-]+/g, "a path on someone's machine"],
  [/\boffice-addin-facts\b/gi, "a reference document not in the repository"],
];
const DOC_NAME = /(?<![\w/.-])((?:[\w-]+\/)*[\w-]+\.md)\b/g;

function files(root, rel) {
  const full = rel ? path.join(root, rel) : root;
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((e) => {
    const p = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) return SKIP_DIRS.has(e.name) || SKIP_UNDER.some((u) => `${p}/`.startsWith(u)) ? [] : files(root, p);
    return e.isFile() && TEXT.test(e.name) && !SKIP_FILES.has(p) ? [p] : [];
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
  return files(root, "").sort().flatMap((f) => checkText(root, f, fs.readFileSync(path.join(root, f), "utf8")));
}

module.exports = { checkCitations };
