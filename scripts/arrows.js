#!/usr/bin/env node
/**
 * The arrows between the rooms of src/, from dependency-cruiser's own reading of the imports, as the
 * table docs/architecture.md shows between its `arrows:start` and `arrows:end` markers.
 *
 *   node scripts/arrows.js           prints the table
 *   node scripts/arrows.js --write   writes it into docs/architecture.md
 *   node scripts/arrows.js --check   fails when the document's table is not the tree's
 */
"use strict";
const fs = require("fs");
const path = require("path");
const { execFileSync } = require("child_process");

const ROOT = path.join(__dirname, "..");
const DOC = path.join(ROOT, "docs", "architecture.md");
const START = "<!-- arrows:start (node scripts/arrows.js --write) -->";
const END = "<!-- arrows:end -->";

/** The room of a path: a top-level folder of src/ (adapters/browser, adapters/node and model-file/create are rooms of their own). */
const roomOf = (p) => (/^src\/(adapters\/(?:browser|node)|model-file\/create|[^/]+)\//.exec(p) || [])[1];

function arrows() {
  const bin = path.join(ROOT, "node_modules", "dependency-cruiser", "bin", "dependency-cruise.mjs");
  const out = execFileSync(process.execPath, [bin, "src", "--config", ".dependency-cruiser.cjs", "--output-type", "json"], { cwd: ROOT, encoding: "utf8", maxBuffer: 1 << 28 });
  const into = new Map();
  for (const m of JSON.parse(out).modules) {
    const from = roomOf(m.source);
    if (!from) continue;
    if (!into.has(from)) into.set(from, new Map());
    for (const d of m.dependencies) {
      const to = roomOf(d.resolved);
      if (!to || to === from) continue;
      const typeOnly = d.dependencyTypes.includes("type-only") || d.dependencyTypes.includes("pre-compilation-only");
      into.get(from).set(to, (into.get(from).get(to) ?? true) && typeOnly);
    }
  }
  return into;
}

function table(into) {
  const rows = [...into].sort(([a], [b]) => a.localeCompare(b));
  const lines = ["| room | imports (types only in italics) |", "| --- | --- |"];
  for (const [from, tos] of rows) {
    const list = [...tos].sort(([a], [b]) => a.localeCompare(b)).map(([to, typeOnly]) => (typeOnly ? `*${to}*` : to));
    lines.push(`| ${from} | ${list.join(", ") || "(nothing)"} |`);
  }
  const count = rows.reduce((n, [, tos]) => n + tos.size, 0);
  return `${lines.join("\n")}\n\n${count} arrows among ${rows.length} rooms.`;
}

function main() {
  const text = table(arrows());
  const mode = process.argv[2];
  if (!mode) return void console.log(text);
  const doc = fs.readFileSync(DOC, "utf8");
  const a = doc.indexOf(START);
  const b = doc.indexOf(END);
  if (a < 0 || b < a) throw new Error(`docs/architecture.md has no ${START} ... ${END} block`);
  const next = `${doc.slice(0, a + START.length)}\n${text}\n${doc.slice(b)}`;
  if (mode === "--write") fs.writeFileSync(DOC, next);
  else if (next !== doc) {
    console.error("docs/architecture.md: the arrow table is not the tree's; run node scripts/arrows.js --write");
    process.exitCode = 1;
  }
}

main();
