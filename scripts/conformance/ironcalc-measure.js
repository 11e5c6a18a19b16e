#!/usr/bin/env node
/**
 * OPTIONAL measurement, not a test and not part of `npm run conformance`: the IronCalc engine
 * (@ironcalc/wasm, MIT/Apache-2.0) on the same corpus, with the same skips and the same comparison
 * (test/conformance/judged.ts, compare.ts), beside our engine on exactly the same files, so the
 * engine decision in docs/formula.md carries figures.
 *
 *   (mkdir -p /tmp/ic && cd /tmp/ic && npm init -y && npm install @ironcalc/wasm@0.8.4)
 *   IRONCALC_WASM=/tmp/ic/node_modules/@ironcalc/wasm nice -n 19 node scripts/conformance/ironcalc-measure.js \
 *     [--group=public|ironcalc|all] [--budget=SECONDS] [--file=TEXT[,TEXT...]] [--list] [--json=PATH]
 *
 * The package is installed outside the project (it is not a dependency). Each workbook goes through
 * IronCalc in a process of its own (ironcalc-book.js), killed after --budget seconds (default 60):
 * a wasm trap or a runaway workbook costs that workbook only. Its formulas are then reported as
 * "not measured" with the reason (timed out, wasm trap, failed), never dropped. Ours runs here
 * (test/conformance/run.ts, as `npm run conformance`), one process, the workbooks one after another.
 * Printed per group: IronCalc, ours on the same files, and the combination "ours, and IronCalc where
 * ours says UNSUPPORTED"; ours against IronCalc verdict by verdict; what was not measured; times.
 * --list prints every formula where IronCalc does not MATCH; --json writes both verdicts per formula.
 */
"use strict";
const { spawnSync } = require("child_process");
const fs = require("fs");
const path = require("path");
require("./ts-load");

const ROOT = path.resolve(__dirname, "../..");
const PKG = process.env.IRONCALC_WASM;
if (!PKG || !fs.existsSync(path.join(PKG, "wasm_bg.wasm"))) {
  console.error("IRONCALC_WASM must name an installed @ironcalc/wasm folder, e.g.\n  (mkdir -p /tmp/ic && cd /tmp/ic && npm init -y && npm install @ironcalc/wasm@0.8.4)\n  IRONCALC_WASM=/tmp/ic/node_modules/@ironcalc/wasm node scripts/conformance/ironcalc-measure.js");
  process.exit(2);
}

const { corpusFiles } = require(path.join(ROOT, "test/conformance/corpus.ts"));
const { runFile } = require(path.join(ROOT, "test/conformance/run.ts"));
const { header, line } = require(path.join(ROOT, "test/conformance/report.ts"));

const VERDICTS = ["MATCH", "UNSUPPORTED", "WRONG"];
const GROUPS = { public: ["other"], ironcalc: ["ironcalc"], all: ["other", "ironcalc"] };
const GROUP_TITLE = { other: "public test workbooks", ironcalc: "ironcalc/ (IronCalc's own corpus)" };
const zero = () => ({ MATCH: 0, UNSUPPORTED: 0, WRONG: 0 });

/**
 * One workbook through IronCalc in its own process. --liftoff-only: V8's baseline wasm compiler
 * only; the optimising tier costs each short-lived process about a second of CPU and was not
 * faster on the heaviest workbook (formulas__full-range.xlsx).
 */
function measureBook(file, budgetMs) {
  const start = Date.now();
  const r = spawnSync(process.execPath, ["--liftoff-only", path.join(__dirname, "ironcalc-book.js"), file.name], {
    env: process.env,
    timeout: budgetMs,
    killSignal: "SIGKILL",
    maxBuffer: 1 << 30,
    encoding: "utf8",
  });
  const ms = Date.now() - start;
  const lines = (r.stderr || "").split("\n").filter((l) => l.trim());
  const phase = lines.filter((l) => l.startsWith("phase: ")).pop()?.slice(7) ?? "starting";
  if (r.error && r.error.code === "ETIMEDOUT") return { status: "timed out", ms, why: `killed after ${budgetMs / 1000} s, ${phase}` };
  const why = `${lines.find((l) => !l.startsWith("phase: ")) ?? `exit ${r.status} ${r.signal ?? ""}`}, ${phase}`;
  if (r.status === 3) return { status: "wasm trap", ms, why };
  if (r.status !== 0) return { status: "failed", ms, why };
  const out = JSON.parse(r.stdout);
  return { status: "measured", ms, times: out.times, verdicts: new Map(out.verdicts.map(([cell, verdict, detail]) => [cell, { verdict, detail }])) };
}

/** Ours and IronCalc on one workbook: the counts go into the group's totals. */
function tally(g, ours, ic, rows) {
  g.files++;
  g.oursMs += ours.ms;
  g.icMs += ic.ms;
  if (ic.status !== "measured") {
    const mine = zero();
    for (const o of ours.outcomes) mine[o.verdict]++, g.oursNotMeasured[o.verdict]++;
    g.notMeasured.push({ name: ours.file.name, status: ic.status, why: ic.why, formulas: ours.outcomes.length, ms: ic.ms, ours: mine });
    return;
  }
  for (const k of ["setMs", "evaluateMs", "refineMs"]) g[k] += ic.times[k] ?? 0;
  for (const o of ours.outcomes) {
    const theirs = ic.verdicts.get(o.cell);
    if (!theirs) {
      g.oneSided++;
      continue;
    }
    g.ours[o.verdict]++;
    g.ironcalc[theirs.verdict]++;
    g.combined[o.verdict === "UNSUPPORTED" ? theirs.verdict : o.verdict]++;
    g.cross[o.verdict][theirs.verdict]++;
    rows.push({ file: o.file, cell: o.cell, formula: o.formula, ours: o.verdict, oursDetail: o.detail, ironcalc: theirs.verdict, ironcalcDetail: theirs.detail });
  }
  const oursCells = new Set(ours.outcomes.map((o) => o.cell));
  for (const cell of ic.verdicts.keys()) if (!oursCells.has(cell)) g.oneSided++;
}

function newGroup() {
  return {
    files: 0, oursMs: 0, icMs: 0, setMs: 0, evaluateMs: 0, refineMs: 0, oneSided: 0, notMeasured: [],
    ours: zero(), ironcalc: zero(), combined: zero(), oursNotMeasured: zero(),
    cross: { MATCH: zero(), UNSUPPORTED: zero(), WRONG: zero() },
  };
}

/** One group's tables: the three engines on the measured files, ours against IronCalc, the rest. */
function groupLines(group, g) {
  const measured = g.files - g.notMeasured.length;
  const w = 44;
  const out = ["", `${GROUP_TITLE[group]}: ${g.files} workbooks, ${measured} measured by IronCalc`, header("", w)];
  out.push(line("IronCalc", g.ironcalc, w), line("ours (same files, same formulas)", g.ours, w), line("ours, IronCalc where ours says UNSUPPORTED", g.combined, w));
  out.push("", `Ours (rows) against IronCalc (columns), formulas:`, `${"".padEnd(14)}${VERDICTS.map((v) => v.padStart(12)).join("")}`);
  for (const v of VERDICTS) out.push(`${v.padEnd(14)}${VERDICTS.map((x) => String(g.cross[v][x]).padStart(12)).join("")}`);
  if (g.notMeasured.length) {
    const n = g.notMeasured.reduce((s, x) => s + x.formulas, 0);
    out.push("", `Not measured by IronCalc: ${g.notMeasured.length} workbooks, ${n} formulas (ours on them below):`);
    for (const x of g.notMeasured) out.push(`  ${x.name}: ${x.status} after ${(x.ms / 1000).toFixed(1)} s (${x.why.slice(0, 100)}); ${x.formulas} formulas, ours ${VERDICTS.map((v) => `${v} ${x.ours[v]}`).join(" ")}`);
    out.push(header("", w), line("ours on the workbooks not measured", g.oursNotMeasured, w));
  }
  if (g.oneSided) out.push(`WARNING: ${g.oneSided} formulas judged by one side only (the skip rules differ?)`);
  out.push(`Times: IronCalc ${(g.icMs / 1000).toFixed(1)} s wall in its processes (of which setting cells ${(g.setMs / 1000).toFixed(1)} s, evaluating ${(g.evaluateMs / 1000).toFixed(1)} s, refining numbers ${(g.refineMs / 1000).toFixed(1)} s on the measured files); ours ${(g.oursMs / 1000).toFixed(1)} s`);
  return out;
}

function packageLine() {
  const pkg = JSON.parse(fs.readFileSync(path.join(PKG, "package.json"), "utf8"));
  const wasm = fs.statSync(path.join(PKG, "wasm_bg.wasm")).size, js = fs.statSync(path.join(PKG, "wasm.js")).size;
  return `@ironcalc/wasm ${pkg.version}: wasm_bg.wasm ${wasm} bytes (${(wasm / 1048576).toFixed(2)} MiB) + wasm.js ${js} bytes`;
}

function main() {
  const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
  const group = arg("group") ?? "all";
  if (!GROUPS[group]) throw new Error(`--group must be one of ${Object.keys(GROUPS).join(", ")}`);
  const budgetMs = Number(arg("budget") ?? 60) * 1000;
  const filter = arg("file")?.split(",");
  const files = corpusFiles().filter((f) => GROUPS[group].includes(f.group) && (!filter || filter.some((x) => f.name.includes(x))));
  const wall = Date.now();
  const totals = {}, rows = [];
  for (const [i, file] of files.entries()) {
    const ic = measureBook(file, budgetMs);
    const ours = runFile(file);
    if (ours.failure) throw new Error(`${file.name}: our reader failed (${ours.failure}); npm run conformance must read every workbook`);
    process.stderr.write(`  [${i + 1}/${files.length}] ${file.name}: IronCalc ${ic.status} ${(ic.ms / 1000).toFixed(1)} s, ours ${(ours.ms / 1000).toFixed(1)} s\n`);
    tally((totals[file.group] ??= newGroup()), ours, ic, rows);
  }
  if (process.argv.includes("--list")) for (const r of rows.filter((x) => x.ironcalc !== "MATCH")) console.log(`${r.ironcalc} ${r.file} ${r.cell} =${r.formula}  ${r.ironcalcDetail} (ours: ${r.ours})`);
  for (const [g, t] of Object.entries(totals)) console.log(groupLines(g, t).join("\n"));
  console.log(`\n${packageLine()}; per-workbook budget ${budgetMs / 1000} s; wall ${((Date.now() - wall) / 1000).toFixed(1)} s`);
  console.log("IronCalc evaluates the whole model: a wrong cell can propagate to the cells that read it (ours evaluates each formula against the stored values).");
  const json = arg("json");
  if (json) fs.writeFileSync(json, JSON.stringify(rows, null, 1));
}

main();
