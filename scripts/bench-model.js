#!/usr/bin/env node
/**
 * `npm run bench:model`: `svc-excel refresh` of a generated 1,000-formula model file (25 tickers x 40
 * metrics, each row one shared formula, a SUM per row; test/fakes/xlsx/large-model.ts) beside
 * `svc-excel eval` of the same 1,000 calls as formula text, both the real bin against the fake API
 * (50 ms latency per call), each with a fresh cache. Prints time and calls; asserts nothing.
 * Then the cost of self-verification (each recomputed dependent first recomputed from the file's stored
 * inputs and compared with Excel's stored value): the same refresh in this process, answers instant,
 * with and without verification, median of --runs each (alternating), and the difference.
 *
 * Options: --latency=50 --tickers=25 --metrics=40 --runs=15
 */
"use strict";
const { spawn } = require("child_process");
const fs = require("fs");
const path = require("path");
const { performance } = require("perf_hooks");
const v8 = require("v8");
const vm = require("vm");
const { ensureBuild, numberArg, tmp } = require("./bench.js");

const ROOT = path.resolve(__dirname, "..");
const BIN = path.join(ROOT, "bin", "svc-excel.js");

/** Run the bin without blocking this process (the fake API answers from here). */
function run(args, env) {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) reject(new Error(`svc-excel ${args[0]} exited ${code}: ${err}`));
      else resolve({ ms: performance.now() - t0, doc: JSON.parse(out) });
    });
  });
}

// a collection before each timed run, so one run does not pay for the garbage of the one before
v8.setFlagsFromString("--expose-gc");
const collect = vm.runInNewContext("gc");

/** One in-process refresh of the model, every call answered at once; ms. */
async function refreshOnce(refreshModel, readModel, bytes, verify) {
  const call = async (calls) => calls.map((c, i) => ({ value: [[1000 + i]] }));
  collect();
  const t0 = performance.now();
  const out = await refreshModel(readModel(bytes), { call, verify });
  return { ms: performance.now() - t0, recomputed: out.report.recomputed.length };
}

async function verificationCost(bytes, runs) {
  const { refreshModel, readModel } = require(path.join(ROOT, "build/src/model-file/index.js"));
  const { Verifier } = require(path.join(ROOT, "build/src/model-file/model/verify.js"));
  await refreshOnce(refreshModel, readModel, bytes, true); // warm the engine's caches and the JIT
  await refreshOnce(refreshModel, readModel, bytes, false);
  const with_ = [], without = [];
  let recomputed = 0;
  for (let i = 0; i < runs; i++) {
    without.push((await refreshOnce(refreshModel, readModel, bytes, false)).ms);
    const r = await refreshOnce(refreshModel, readModel, bytes, true);
    with_.push(r.ms);
    recomputed = r.recomputed;
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  // the time spent inside verification during refreshes, clocked around the verifier's one entry point
  const check = Verifier.prototype.check;
  let spent = 0;
  Verifier.prototype.check = function (n) {
    const t0 = performance.now();
    try {
      return check.call(this, n);
    } finally {
      spent += performance.now() - t0;
    }
  };
  const inside = [];
  for (let i = 0; i < runs; i++) {
    spent = 0;
    const r = await refreshOnce(refreshModel, readModel, bytes, true);
    inside.push({ spent, ms: r.ms });
  }
  Verifier.prototype.check = check;
  const a = median(without), b = median(with_);
  const share = median(inside.map((x) => x.spent / (x.ms - x.spent)));
  const v = median(inside.map((x) => x.spent));
  console.log(`self-verification (in process, answers instant, median of ${runs}; ${recomputed} dependents recomputed and verified):`);
  console.log(`  refresh without verification ${a.toFixed(1)} ms, with ${b.toFixed(1)} ms: ${b >= a ? "+" : ""}${(b - a).toFixed(1)} ms (${((100 * (b - a)) / a).toFixed(1)} %)`);
  console.log(`  time inside verification during a refresh: ${v.toFixed(1)} ms, +${(100 * share).toFixed(1)} % over the rest of the refresh`);
}

async function main() {
  ensureBuild();
  const { startFakeApi, SANDBOX_API_KEY } = require(path.join(ROOT, "build/test/fakes/api/server.js"));
  const { largeModel } = require(path.join(ROOT, "build/test/fakes/xlsx/large-model.js"));
  const latency = numberArg("latency", 50);
  const model = largeModel(numberArg("tickers", 25), numberArg("metrics", 40));
  const dir = tmp("svc-bench-model-");
  const api = await startFakeApi({ latencyMs: latency, quota: 1_000_000 });
  try {
    const file = path.join(dir, "model.xlsx");
    fs.writeFileSync(file, model.bytes);
    fs.writeFileSync(path.join(dir, "formulas.txt"), model.formulas.join("\n") + "\n");
    const env = { SVC_TOKEN: SANDBOX_API_KEY, SVC_BASE_URL: api.url, XDG_CONFIG_HOME: dir };
    const refresh = await run(["refresh", file, "--out", path.join(dir, "out.xlsx"), "--json"], env);
    // Recording what changed (--changes) against a plain refresh: each twice, alternating, the faster of each.
    const withChanges = await run(["refresh", file, "--out", path.join(dir, "out2.xlsx"), "--json", "--changes"], env);
    const plain2 = await run(["refresh", file, "--out", path.join(dir, "out.xlsx"), "--json"], env);
    const changes2 = await run(["refresh", file, "--out", path.join(dir, "out2.xlsx"), "--json", "--changes"], env);
    const plainMs = Math.min(refresh.ms, plain2.ms);
    const changesMs = Math.min(withChanges.ms, changes2.ms);
    const evaluated = await run(["eval", "--json", "--file", path.join(dir, "formulas.txt")], env);
    const errors = refresh.doc.cells.filter((c) => c.error).length;
    console.log(`model: ${model.formulas.length} SVC formulas (${(model.bytes.length / 1024).toFixed(1)} KiB .xlsx), fake API latency ${latency} ms/call`);
    console.log(`                         wall ms   calls   cache hits   coalesced`);
    const line = (name, r, s) => console.log(`  ${name.padEnd(22)} ${String(Math.round(r.ms)).padStart(7)} ${String(s.calls).padStart(7)} ${String(s.cache_hits).padStart(12)} ${String(s.coalesced).padStart(11)}`);
    line("refresh MODEL.xlsx", refresh, refresh.doc.stats);
    line("eval (same formulas)", evaluated, evaluated.doc.stats);
    console.log(`  refresh: ${refresh.doc.stats.cells_written} cells written, ${refresh.doc.recomputed.length} dependents recomputed, ${errors} cells with errors`);
    console.log(`  (wall ms includes starting node; refresh reads, recomputes, verifies and writes the file)`);
    const extra = (changesMs / plainMs - 1) * 100;
    console.log(`  refresh --changes: ${Math.round(changesMs)} ms vs ${Math.round(plainMs)} ms without (${extra >= 0 ? "+" : ""}${extra.toFixed(1)} %), ${withChanges.doc.stats.calls} calls vs ${refresh.doc.stats.calls}, ${withChanges.doc.changes.length} changes recorded`);
    await verificationCost(model.bytes, numberArg("runs", 15));
  } finally {
    await api.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => (process.exitCode = 0),
  (e) => {
    console.error(e);
    process.exitCode = 1;
  }
);
