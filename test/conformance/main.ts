/**
 * `npm run conformance`: the corpus, the verdicts by group, by function and by cause.
 * Options: --file=TEXT (only files whose name contains TEXT), --wrong (list every WRONG),
 * --unsupported (list every UNSUPPORTED), --json=PATH (every outcome).
 */
import * as fs from "fs";
import { corpusFiles } from "./corpus";
import { readKnown } from "./known";
import { knownKey, report } from "./report";
import { runFile } from "./run";

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
  const json = arg("json");
  if (json) fs.writeFileSync(json, JSON.stringify(all, null, 1));
  console.log(`\n${files.length} workbooks, ${all.length} formulas in ${(ms / 1000).toFixed(1)} s; WRONG not in the known-differences list: ${unlisted.length}; listed but no longer WRONG: ${fixed.length}`);
  if (unlisted.length || fixed.length) process.exitCode = 1;
}

main();
