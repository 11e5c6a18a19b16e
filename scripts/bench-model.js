#!/usr/bin/env node
/**
 * `npm run bench:model`: `svc-excel refresh` of a generated 1,000-formula model file (25 tickers x 40
 * metrics, each row one shared formula, a SUM per row; test/fakes/xlsx/large-model.ts) beside
 * `svc-excel eval` of the same 1,000 calls as formula text, both the real bin against the fake API
 * (50 ms latency per call), each with a fresh cache. Prints time and calls; asserts nothing.
 *
 * Options: --latency=50 --tickers=25 --metrics=40
 */
"use strict";
const { spawn } = require("child_process");
const fs = require("fs");
const path = require("path");
const { performance } = require("perf_hooks");
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
    console.log(`  (wall ms includes starting node; refresh reads, recomputes and writes the file)`);
    const extra = (changesMs / plainMs - 1) * 100;
    console.log(`  refresh --changes: ${Math.round(changesMs)} ms vs ${Math.round(plainMs)} ms without (${extra >= 0 ? "+" : ""}${extra.toFixed(1)} %), ${withChanges.doc.stats.calls} calls vs ${refresh.doc.stats.calls}, ${withChanges.doc.changes.length} changes recorded`);
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
