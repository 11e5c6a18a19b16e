#!/usr/bin/env node
/**
 * The acceptance measurement of our share of each call: the real CLI, as a user runs it
 * (`node bin/svc-excel.js eval --json --file MODEL --cache-dir DIR`, the compiled build/src/cli),
 * evaluating the benchmark model (scripts/bench-workbook.js written out as a formula file the CLI
 * reads: 18 tickers give 1,040 formulas) against the fake API with a fixed latency in a process of
 * its own (scripts/bench-api-worker.js); then, in the same run, a bare loop of exactly the requests
 * the CLI sent (read from the fake's log), one at a time (scripts/bench-bare.js).
 *
 * Our share per call = (CLI's API busy span - bare loop's busy span) / calls. The busy span is
 * measured at the fake, from the first tool request's arrival to the last tool answer written: that
 * is what a user waits for per call, and it leaves out what is not per-call work — starting Node and
 * loading modules, reading and parsing the formula file, and printing the results all happen before
 * the first request or after the last answer. (The CLI's total wall time would add those; it is
 * printed beside, not subtracted.) Both spans hold the same calls at the same fixed server latency,
 * so their difference is the time between calls: ours minus what Node's HTTP stack costs anyway.
 *
 * Also printed: the CLI process's CPU time from the first tool request to the last answer
 * (scripts/bench-cli-probe.js, loaded with --require) per call, beside the bare loop's: less noisy
 * than wall time on a loaded machine, since other processes' work does not count in it; and, on the
 * CLI's own clock, the time from each answer's headers to the next request handed to fetch.
 *
 * `npm run bench` prints this figure (bench.js runs it first); `node scripts/bench-cli.js` alone runs
 * only it. Options: --latency=50 --cli-tickers=18 --runs=3
 */
"use strict";
const { spawn } = require("child_process");
const fs = require("fs");
const path = require("path");
const { performance } = require("perf_hooks");
const { busyFigures, median, percentile } = require("./bench-figures");
const { workbook } = require("./bench-workbook");
const { bareFetchLoop } = require("./bench-bare");

const ROOT = path.resolve(__dirname, "..");
const BIN = path.join(ROOT, "bin", "svc-excel.js");
const PROBE = path.join(__dirname, "bench-cli-probe.js");

/** A formula argument as typed in Excel: text quoted, numbers and booleans bare, lists as "a,b", omitted empty. */
function arg(v) {
  if (v === undefined || v === null) return "";
  if (Array.isArray(v)) return arg(v.join(","));
  if (typeof v === "boolean") return v ? "TRUE" : "FALSE";
  if (typeof v === "number") return String(v);
  return `"${String(v).replace(/"/g, '""')}"`;
}

/** SVC.FINANCIALS's arguments from get_financials parameters: the period as N years or a run of quarters, the statement as an option. */
function financialsArgs(p) {
  const period = p.period_type === "quarterly" ? `FQ-${4 * (p.years ?? 1) - 1}:FQ` : p.years;
  return [p.ticker, p.metrics, period, p.statement ? `statement=${p.statement}` : undefined];
}

/** The formula text of one workbook cell, arguments in the catalogue's order (TOOLS[tool].fnArgs). */
function formulaOf(cell, TOOLS) {
  const p = { ...cell.params, field: cell.field };
  const args = cell.tool === "get_financials" ? financialsArgs(p) : TOOLS[cell.tool].fnArgs.map((n) => p[n]);
  while (args.length > 0 && (args[args.length - 1] === undefined || args[args.length - 1] === null)) args.pop();
  return `=SVC.${cell.fn}(${args.map(arg).join(",")})`;
}

/** The benchmark model as a formula file (one formula a line, as `eval --file` reads it); its path and formula count. */
function writeModel(dir, mods, nTickers) {
  const tickers = mods.companies.sampleTickers().filter((t) => t !== "SPRS").slice(0, nTickers);
  if (tickers.length < nTickers) throw new Error(`the fake API has only ${tickers.length} sample tickers`);
  const formulas = workbook(tickers, mods.catalogue.FINANCIAL_METRICS).map((c) => formulaOf(c, mods.catalogue.TOOLS));
  const file = path.join(dir, "model.txt");
  fs.writeFileSync(file, `# scripts/bench-workbook.js, ${tickers.length} tickers\n${formulas.join("\n")}\n`);
  return { file, count: formulas.length };
}

/** Run the CLI as a user does (a new Node process), with the CPU probe; its JSON document, wall time and probe figures. */
function runCli(args, env, probeFile) {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--require", PROBE, BIN, ...args], { env: { ...process.env, ...env, SVC_BENCH_PROBE: probeFile }, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0 && code !== 1) return reject(new Error(`svc-excel ${args[0]} exited ${code}: ${err}`));
      resolve({ wallMs: performance.now() - t0, doc: JSON.parse(out), probe: JSON.parse(fs.readFileSync(probeFile, "utf8")) });
    });
  });
}

/** One CLI eval of the model with a fresh cache directory, then the bare loop of the same requests: the figures of both. */
async function oneRun(mods, api, ctx, i) {
  const cacheDir = fs.mkdtempSync(path.join(ctx.dir, `cache-${i}-`));
  await api.reset();
  const cli = await runCli(["eval", "--json", "--file", ctx.file, "--cache-dir", cacheDir], ctx.env, path.join(ctx.dir, `probe-${i}.json`));
  const log = await api.log();
  const overlaps = await api.overlaps();
  const bare = await bareFetchLoop(api, log, mods.fake.SANDBOX_API_KEY);
  const busy = busyFigures(log);
  const calls = log.length;
  const errors = cli.doc.results.filter((r) => r.error).length;
  return { calls, overlaps, errors, busy, bare, cli, share: (busy.span - bare.span) / calls, cpu: cli.probe.cpuMs / calls, bareCpu: bare.cpuMs / calls };
}

function printRun(r, i, runs) {
  const f = (n) => n.toFixed(2);
  console.log(`  run ${i} of ${runs}: ${r.calls} calls (CLI stats ${r.cli.doc.stats.calls}), ${r.overlaps} overlapping, ${r.errors} formulas with errors; CLI wall ${Math.round(r.cli.wallMs)} ms with Node's start`);
  console.log(`    API busy span   CLI ${Math.round(r.busy.span)} ms, bare loop ${Math.round(r.bare.span)} ms; median server time ${f(r.busy.median)} ms`);
  console.log(`    gap between calls  CLI mean ${f(r.busy.gap.mean)} ms (median ${f(r.busy.gap.median)}, p90 ${f(r.busy.gap.p90)}), bare loop mean ${f(r.bare.gap.mean)} ms`);
  console.log(`    CPU per call    CLI ${f(r.cpu)} ms (first request to last answer; whole process ${Math.round(r.cli.probe.processCpuMs)} ms), bare loop ${f(r.bareCpu)} ms: ${f(r.cpu - r.bareCpu)} ms more`);
  const own = r.cli.probe.gaps;
  console.log(`    in the CLI      answer's headers in -> next request handed to fetch: median ${f(median(own))} ms, mean ${f(own.reduce((a, b) => a + b, 0) / Math.max(1, own.length))} ms, p90 ${f(percentile(own, 90))} ms`);
  console.log(`    our share       ${f(r.share)} ms a call (busy span difference / calls; target <= 1 ms)`);
}

/**
 * The acceptance figure, `runs` times: prints each run and the summary line; returns the shares.
 * `mods` and `startApi` come from bench.js (load(), startApiProcess()).
 */
async function cliShare(mods, startApi, o) {
  const dir = fs.mkdtempSync(path.join(require("os").tmpdir(), "svc-bench-cli-"));
  const api = await startApi(mods, { latencyMs: o.latencyMs, quota: 1_000_000 });
  try {
    const { file, count } = writeModel(dir, mods, o.tickers);
    const env = { SVC_TOKEN: mods.fake.SANDBOX_API_KEY, SVC_BASE_URL: api.url, XDG_CONFIG_HOME: dir };
    const ctx = { dir, file, env };
    console.log(`\nCLI eval (acceptance): node bin/svc-excel.js eval --json --file MODEL --cache-dir DIR, ${count} formulas (${o.tickers} tickers), fake API ${o.latencyMs} ms/call in its own process`);
    await oneRun(mods, api, ctx, 0); // warm-up: the fake's and the bench's own JIT (the CLI is a new process each run)
    const runs = [];
    for (let i = 1; i <= o.runs; i++) {
      const r = await oneRun(mods, api, ctx, i);
      printRun(r, i, o.runs);
      runs.push(r);
    }
    const list = (xs) => xs.map((x) => `${x.toFixed(2)} ms`).join(", ");
    console.log(`\nour share of each call (CLI eval over a bare loop of the same requests), ${o.runs} runs: ${list(runs.map((r) => r.share))} (target <= 1 ms)`);
    console.log(`CLI CPU time per call (first request to last answer), ${o.runs} runs: ${list(runs.map((r) => r.cpu))}; bare loop ${list(runs.map((r) => r.bareCpu))}`);
    return runs.map((r) => r.share);
  } finally {
    await api.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

module.exports = { cliShare, formulaOf };

if (require.main === module) {
  const bench = require("./bench");
  const o = { latencyMs: bench.numberArg("latency", 50), tickers: bench.numberArg("cli-tickers", 18), runs: bench.numberArg("runs", 3) };
  cliShare(bench.load(), bench.startApiProcess, o).then(
    () => (process.exitCode = 0),
    (e) => {
      console.error(e);
      process.exitCode = 1;
    },
  );
}
