#!/usr/bin/env node
/**
 * `node scripts/formula-bench.js`: CPU time of the formula module (src/formula) on a loaded machine.
 * Prints figures; asserts nothing (timing assertions in tests would be flaky here).
 *   engine    2,000 simple plain formulas (=B2/C2, =SUM(...), =IFERROR(...), cross-sheet, &) evaluated
 *             once cold (parse + library tokens) and then again warm (cached), as a host recalculates.
 * Options: --formulas=2000 --rounds=5
 */
"use strict";
const path = require("path");
const { performance } = require("perf_hooks");
const { ensureBuild, numberArg } = require("./bench");

const ROOT = path.resolve(__dirname, "..");

function load() {
  ensureBuild();
  return {
    engine: require(path.join(ROOT, "build/src/formula/engine.js")),
    address: require(path.join(ROOT, "build/src/formula/address.js")),
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

function main() {
  const { engine } = load();
  const n = numberArg("formulas", 2000);
  const rounds = numberArg("rounds", 5);
  const { formulas, cells } = model(n);
  const pass = () => {
    const t0 = performance.now();
    for (const f of formulas) engine.evaluateFormula(f.text, f.at, cells);
    return performance.now() - t0;
  };
  const cold = pass();
  const warm = [];
  for (let i = 0; i < rounds; i++) warm.push(pass());
  warm.sort((a, b) => a - b);
  console.log(`engine: ${n} plain formulas, cold ${cold.toFixed(1)} ms; warm median ${warm[Math.floor(rounds / 2)].toFixed(1)} ms (best ${warm[0].toFixed(1)} ms)`);
}

main();
