/**
 * `npm run conformance`: the corpus, the verdicts by group, by function and by cause.
 * Options: --file=TEXT (only files whose name contains TEXT), --wrong (list every WRONG),
 * --unsupported (list every UNSUPPORTED), --json=PATH (every outcome).
 */
import * as fs from "fs";
import { corpusFiles } from "./corpus";
import { KNOWN_FILE, readKnown } from "./known";
import { knownKey, report, type KnownDifference } from "./report";
import { runFile, type Outcome } from "./run";

/**
 * --write-known: the list as the run finds it, causes kept for entries already listed, derived for
 * new ones (the main function and the kind of difference). Review the diff: the list may only shrink.
 */
function writeKnown(wrong: Outcome[], known: Map<string, KnownDifference>): void {
  const list = wrong.map((o) => known.get(knownKey(o.file, o.cell)) ?? { file: o.file, cell: o.cell, formula: o.formula, cause: `${o.functions[0] ?? "operators"}: ${o.kind ?? "another value"}` });
  fs.writeFileSync(KNOWN_FILE, `[\n${list.map((k) => JSON.stringify(k)).join(",\n")}\n]\n`);
}

function main(): void {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}`))?.split("=")[1];
  const filter = arg("file");
  const files = corpusFiles().filter((f) => !filter || f.name.includes(filter));
  const start = Date.now();
  const runs = files.map((f) => {
    const r = runFile(f);
    if (r.ms > 2000) process.stderr.write(`  (${f.name}: ${(r.ms / 1000).toFixed(1)} s)\n`);
    return r;
  });
  const ms = Date.now() - start;
  const known = readKnown();
  console.log(report(runs, known));
  const all = runs.flatMap((r) => r.outcomes);
  const wrong = all.filter((o) => o.verdict === "WRONG");
  const unlisted = wrong.filter((o) => !known.has(knownKey(o.file, o.cell)));
  const fixed = [...known.values()].filter((k) => all.some((o) => o.verdict !== "WRONG" && o.file === k.file && o.cell === k.cell));
  for (const v of ["wrong", "unsupported"] as const)
    if (process.argv.includes(`--${v}`)) for (const o of all.filter((x) => x.verdict === v.toUpperCase())) console.log(`${v.toUpperCase()} ${o.file} ${o.cell} =${o.formula}  ${o.detail}`);
  if (process.argv.includes("--write-known")) writeKnown(wrong, known);
  const json = arg("json");
  if (json) fs.writeFileSync(json, JSON.stringify(all, null, 1));
  console.log(`\n${files.length} workbooks, ${all.length} formulas in ${(ms / 1000).toFixed(1)} s; WRONG not in the known-differences list: ${unlisted.length}; listed but no longer WRONG: ${fixed.length}`);
  if (unlisted.length || fixed.length) process.exitCode = 1;
}

main();
