#!/usr/bin/env node
/**
 * `node scripts/formula-bench.js`: CPU time of the formula module (src/formula) on a loaded machine.
 * Prints figures; asserts nothing (timing assertions in tests would be flaky here).
 *   engine    2,000 simple plain formulas (=B2/C2, =SUM(...), =IFERROR(...), cross-sheet, &) evaluated
 *             once cold (parse + library tokens) and then again warm (cached), as a host recalculates.
 *   resolver  1,000 cell-driven SVC formulas (tickers from a column, metrics from a header row, one
 *             period cell, a name, INDEX into a spill; 3 sheets) through resolveCalls with an in-memory
 *             reader: CPU time cold and warm, and the reader passes.
 * Options: --formulas=2000 --sites=1000 --rounds=5
 */
"use strict";
const path = require("path");
const { ensureBuild, numberArg } = require("./bench");

const ROOT = path.resolve(__dirname, "..");

function load() {
  ensureBuild();
  return {
    engine: require(path.join(ROOT, "build/src/formula/engine/evaluate.js")),
    address: require(path.join(ROOT, "build/src/formula/text/address.js")),
    resolve: require(path.join(ROOT, "build/src/formula/resolve/resolve.js")),
  };
}

/** A model: Data!A1:F400 numbers, Model!A1:A400 labels; plain formulas in Model!B..F. */
function model(n) {
  const values = new Map();
  const key = (s, r, c) => `${s}!${r},${c}`;
  for (let r = 0; r < 400; r++) {
    for (let c = 0; c < 6; c++) values.set(key("Data", r, c), (r + 1) * (c + 2));
    values.set(key("Model", r, 0), `row ${r + 1}`);
  }
  const kinds = [
    (r) => `=Data!B${r}/Data!C${r}`,
    (r) => `=SUM(Data!A${r}:F${r})`,
    (r) => `=IFERROR(Data!A${r}/(Data!B${r}-Data!B${r}),"n/a")`,
    (r) => `=A${r}&" "&Data!D${r}`,
    (r) => `=ROUND(Data!E${r}*1.05,2)`,
  ];
  const formulas = [];
  for (let i = 0; i < n; i++) {
    const r = (i % 400) + 1;
    formulas.push({ text: kinds[i % kinds.length](r), at: { sheet: "Model", row: r - 1, col: 1 + (i % 5) } });
  }
  const cells = {
    value: (ref) => values.get(key(ref.sheet, ref.row, ref.col)) ?? null,
    names: () => [],
    spill: () => null,
    used: (sheet) => ({ sheet, r0: 0, c0: 0, r1: 399, c1: 5 }),
  };
  return { formulas, cells };
}

/** Inputs!A2:A251 tickers, Inputs!B1 the period, Model!B1:E1 metrics, Peers!A2# a spill of 50 tickers. */
function cellModel(n) {
  const values = new Map();
  const key = (s, r, c) => `${s}!${r},${c}`;
  for (let r = 1; r <= 250; r++) values.set(key("Inputs", r, 0), `T${r}`);
  values.set(key("Inputs", 0, 1), "FY-4:FY");
  ["revenue", "net_income", "eps_diluted", "fcf"].forEach((m, c) => values.set(key("Model", 0, c + 1), m));
  for (let r = 1; r <= 50; r++) values.set(key("Peers", r, 0), `T${r}`);
  const sites = [];
  for (let i = 0; i < n; i++) {
    const row = (i % 250) + 2, col = "BCDE"[Math.floor(i / 250) % 4];
    sites.push(
      i % 10 === 9
        ? { address: `Peers!${col}${row}`, formula: `=SVC.FINANCIALS(INDEX($A$2#,${(i % 50) + 1},1),Model!${col}$1,period)` }
        : { address: `Model!${col}${row}`, formula: `=SVC.FINANCIALS(Inputs!$A${row},${col}$1,Inputs!$B$1)` },
    );
  }
  let passes = 0;
  const reader = {
    async read() {
      passes++;
      return {
        values: (ref) => values.get(key(ref.sheet, ref.row, ref.col)) ?? null,
        spill: (a) => (a.sheet === "Peers" && a.row === 1 && a.col === 0 ? { sheet: "Peers", r0: 1, c0: 0, r1: 50, c1: 0 } : null),
        names: [{ name: "period", sheet: null, formula: "Inputs!$B$1" }],
        sheets: ["Inputs", "Model", "Peers"],
      };
    },
  };
  const params = () => [{ name: "ticker", optional: false }, { name: "metrics", optional: false }, { name: "period", optional: true }];
  return { sites, reader, params, passes: () => passes };
}

async function resolverFigures(resolve) {
  const n = numberArg("sites", 1000);
  const rounds = numberArg("rounds", 5);
  const m = cellModel(n);
  const cpu = async () => {
    const before = process.cpuUsage();
    const out = await resolve.resolveCalls(m.sites, m.reader, { params: m.params });
    const used = process.cpuUsage(before);
    if (!out.every((r) => r.status === "resolved")) throw new Error("bench: a site did not resolve");
    return (used.user + used.system) / 1000;
  };
  const cold = await cpu();
  const passesPerRun = m.passes();
  const warm = [];
  for (let i = 0; i < rounds; i++) warm.push(await cpu());
  warm.sort((a, b) => a - b);
  console.log(`resolver: ${n} cell-driven SVC formulas on 3 sheets, CPU cold ${cold.toFixed(1)} ms; warm median ${warm[Math.floor(rounds / 2)].toFixed(1)} ms; ${passesPerRun} reader pass(es) per run`);
}

async function main() {
  const { engine, resolve } = load();
  const n = numberArg("formulas", 2000);
  const rounds = numberArg("rounds", 5);
  const { formulas, cells } = model(n);
  // CPU time of this process (the machine is shared: wall time measures the neighbours too)
  const pass = () => {
    const before = process.cpuUsage();
    for (const f of formulas) engine.evaluateFormula(f.text, f.at, cells);
    const used = process.cpuUsage(before);
    return (used.user + used.system) / 1000;
  };
  const cold = pass();
  const warm = [];
  for (let i = 0; i < rounds; i++) warm.push(pass());
  warm.sort((a, b) => a - b);
  console.log(`engine: ${n} plain formulas, CPU cold ${cold.toFixed(1)} ms; warm median ${warm[Math.floor(rounds / 2)].toFixed(1)} ms (best ${warm[0].toFixed(1)} ms)`);
  await resolverFigures(resolve);
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
