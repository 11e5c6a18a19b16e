#!/usr/bin/env node
/**
 * `npm run bench`: what a finance model costs through the real composition root (src/compose/cli:
 * engine + file cache + lock file) against the fake API (test/fakes/api) with 50 ms latency per call.
 * Prints figures; asserts nothing.
 *
 * The workbook mixes spelled-out defaults (HOLDERS("AAPL") and HOLDERS("AAPL",20)), different limits
 * and years, case variants and equivalent screen filters. Distinct identities are computed HERE, from
 * the rule (tool + ticker/query + the parameters that change the content), independently of
 * the engine's rules. Passes:
 *   recalculation   every formula at once, delivered in bursts (shuffled sheet order)
 *   reopen          a new engine over the same --cache-dir: should cost 0 calls
 *   typing          a fresh cache; each formula a separate evaluation, one after another
 *   cache overhead  10,000 formulas served from cache
 *   pricing         the pane's price of a 1,000-formula model whose arguments are in cells, beside the
 *                   same model with literal arguments, in the workbench host (scripts/bench-pricing.js)
 * Figures: calls vs distinct identities vs naive calls (one per formula), and the API busy span
 * (first request start to last request end, at the fake) / (calls x median server time per call):
 * 1.00 means the line to the API never idled between calls (target <= 1.05), and the gap between
 * calls (median, mean, p90), with a --cache-dir (file cache + lock file, as `svc-excel eval
 * --cache-dir`) and without one (memory only).
 *
 * A small warm-up sheet of other tickers runs first, unmeasured (JIT compilation).
 *
 * The fake API runs in a process of its own (scripts/bench-api-worker.js), as the real one runs on
 * another machine; --fake=inline puts it on the bench's event loop.
 *
 * First, the acceptance figure (scripts/bench-cli.js): our share of each call, the real CLI's
 * `eval` of the benchmark model (1,040 formulas) against the fake API beside a bare loop of the same
 * requests in the same run, once per --runs run (target <= 1 ms), and the CLI's CPU time per call.
 *
 * Options: --latency=50 --burst=50 --gap=5 --tickers=25 --runs=3 (CLI runs) --cli-tickers=18
 * --fake=inline --pricing=0 (skip the pricing figures, which start Chromium)
 */
"use strict";
const { execSync } = require("child_process");
const fs = require("fs");
const os = require("os");
const path = require("path");
const { performance } = require("perf_hooks");
const { busyFigures, logOverlaps, median, percentile } = require("./bench-figures");
const { workbook, identityOf } = require("./bench-workbook");
const { cpuMsSince } = require("./bench-bare");

const ROOT = path.resolve(__dirname, "..");
const BUILD = path.join(ROOT, "build");

function newestMtime(dir) {
  let t = 0;
  if (!fs.existsSync(dir)) return t;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) t = Math.max(t, newestMtime(p));
    else if (e.name.endsWith(".ts")) t = Math.max(t, fs.statSync(p).mtimeMs);
  }
  return t;
}

/** Compile src/** and test/fakes/** into build/ when build/ is missing or older than the sources. */
function ensureBuild() {
  const outputs = [
    path.join(BUILD, "src/engine/index.js"),
    path.join(BUILD, "src/compose/cli.js"),
    path.join(BUILD, "test/fakes/api/server.js"),
  ];
  const oldest = Math.min(...outputs.map((f) => (fs.existsSync(f) ? fs.statSync(f).mtimeMs : 0)));
  const newest = Math.max(newestMtime(path.join(ROOT, "src")), newestMtime(path.join(ROOT, "test/fakes")));
  if (oldest >= newest) return;
  process.stderr.write("bench: compiling (tsc -p tsconfig.cli.json)...\n");
  try {
    execSync("npx tsc -p tsconfig.cli.json", { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
  } catch {
    // tsc still emits on type errors elsewhere in the tree; go on if what we need is there.
    if (!outputs.every((f) => fs.existsSync(f))) throw new Error("bench: build failed");
    process.stderr.write("bench: tsc reported errors; using the emitted build anyway\n");
  }
}

function load() {
  ensureBuild();
  return {
    engine: require(path.join(BUILD, "src/engine/index.js")),
    compose: require(path.join(BUILD, "src/compose/index.js")),
    composeCli: require(path.join(BUILD, "src/compose/cli.js")).composeCli,
    client: require(path.join(BUILD, "src/api/client.js")),
    catalogue: require(path.join(BUILD, "src/api/catalogue.js")),
    fake: require(path.join(BUILD, "test/fakes/api/server.js")),
    companies: require(path.join(BUILD, "test/fakes/api/companies.js")),
  };
}

/** Deterministic PRNG: the fake API's mulberry32 (test/fakes/api/rng.ts, compiled by load()). */
function rng(seed) {
  ensureBuild();
  const g = new (require(path.join(BUILD, "test/fakes/api/rng.js")).Rng)(seed);
  return () => g.next();
}

/** `--name=<number>` from the command line, or `dflt`. */
function numberArg(name, dflt) {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? Number(hit.split("=")[1]) : dflt;
}

/** Shuffle in place, deterministically. */
function shuffle(list, seed) {
  const r = rng(seed);
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}




/** Deliver formulas like a recalculation: bursts of `burst`, `gapMs` apart. */
async function deliver(engine, formulas, { burst, gapMs }) {
  const promises = [];
  for (let i = 0; i < formulas.length; i += burst) {
    for (const f of formulas.slice(i, i + burst))
      promises.push(engine.request(f.tool, f.params).then((a) => ({ ok: true, a }), (e) => ({ ok: false, e })));
    if (i + burst < formulas.length && gapMs > 0) await new Promise((r) => setTimeout(r, gapMs));
  }
  return Promise.all(promises);
}

/** One formula at a time, each awaited: a user typing the model cell by cell. */
async function typeIn(engine, formulas) {
  const out = [];
  for (const f of formulas) out.push(await engine.request(f.tool, f.params).then((a) => ({ ok: true, a }), (e) => ({ ok: false, e })));
  return out;
}




/**
 * The fake API in a process of its own (scripts/bench-api-worker.js): {url, reset(), log(), calls(),
 * close()}, each method async. `--fake=inline` runs it on the bench's own event loop instead (its
 * work then counts in the gaps between calls and in the bench's CPU time).
 */
async function startApiProcess(mods, opts) {
  if (process.argv.includes("--fake=inline")) {
    const api = await mods.fake.startFakeApi(opts);
    return { url: api.url, reset: async () => api.reset(), log: async () => api.log, calls: async () => api.log.length, overlaps: async () => api.overlaps(), close: () => api.close() };
  }
  const { fork } = require("child_process");
  const child = fork(path.join(__dirname, "bench-api-worker.js"), [], { env: { ...process.env, SVC_BENCH_API: JSON.stringify({ build: BUILD, ...opts }) } });
  const waiting = new Map();
  let next = 1;
  child.on("message", ({ id, result }) => {
    waiting.get(id)?.(result);
    waiting.delete(id);
  });
  const ask = (cmd) => new Promise((r) => {
    const id = next++;
    waiting.set(id, r);
    child.send({ cmd, id });
  });
  const url = await new Promise((r, j) => {
    waiting.set(0, r);
    child.once("error", j);
    child.once("exit", (code) => j(new Error(`the fake API process ended (${code})`)));
  });
  return {
    url,
    reset: () => ask("reset"),
    log: () => ask("log"),
    calls: async () => (await ask("log")).length,
    overlaps: () => ask("overlaps"),
    close: async () => {
      await ask("close");
      if (child.exitCode === null) await new Promise((r) => child.once("exit", r));
    },
  };
}

function tmp(prefix) {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** An engine built exactly as the CLI builds it. */
function compose(mods, api, cacheDir, lockDir) {
  const key = mods.fake.SANDBOX_API_KEY;
  return mods.composeCli(
    { baseUrl: api.url, credentials: mods.client.staticCredentials(key), identity: mods.compose.credentialFingerprint(key) },
    { cacheDir, lockDir },
  );
}

/**
 * Watch the client: when each call was handed to ApiClient and when its answer came back (this
 * thread's clock). From one answer back to the next call handed over is the engine's own share of
 * the gap; the rest is the HTTP stack and the network.
 */
function watchClient(mods) {
  // The engine sends with receive() (an answer handed back before it is parsed).
  const proto = mods.client.ApiClient.prototype;
  const call = proto.receive;
  const marks = [];
  proto.receive = async function (...args) {
    const m = { invoked: performance.now(), returned: 0 };
    marks.push(m);
    try {
      return await call.apply(this, args);
    } finally {
      m.returned = performance.now();
    }
  };
  return {
    stop: () => (proto.receive = call),
    share: () => {
      const xs = [];
      for (let i = 1; i < marks.length; i++) if (marks[i - 1].returned > 0 && marks[i].invoked >= marks[i - 1].returned) xs.push(marks[i].invoked - marks[i - 1].returned);
      const mean = xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0;
      return { median: median(xs), mean, p90: percentile(xs, 90) };
    },
  };
}

async function pass(mods, api, { formulas, cacheDir, lockDir, mode, burst, gapMs }) {
  await api.reset();
  const { engine, lock } = compose(mods, api, cacheDir, lockDir);
  const watch = watchClient(mods);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let results;
  try {
    results = mode === "typing" ? await typeIn(engine, formulas) : await deliver(engine, formulas, { burst, gapMs });
  } finally {
    watch.stop();
  }
  const wall = performance.now() - t0;
  await engine.flush();
  await lock.releaseAll();
  const cpuMs = cpuMsSince(cpu0);
  const log = await api.log();
  return { engine, wall, cpuMs, log, calls: log.length, errors: results.filter((r) => !r.ok), busy: busyFigures(log), own: watch.share(), stats: engine.stats() };
}

const fmt = (n, d = 0) => n.toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d });

function report(title, r, identities, naive) {
  console.log(`\n${title}`);
  console.log(`  calls                ${fmt(r.calls)}   (engine stats().calls ${r.stats.calls})`);
  console.log(`  distinct identities  ${fmt(identities)}   (calls = identities: ${r.calls === identities ? "yes" : "NO"})`);
  console.log(`  naive calls          ${fmt(naive)}   (one per formula)`);
  if (r.calls > 0) {
    console.log(`  API busy span        ${fmt(r.busy.span)} ms; median server time per call ${r.busy.median.toFixed(1)} ms`);
    console.log(`  busy span / (calls x median) = ${r.busy.ratio.toFixed(3)}   (target <= 1.05)`);
    console.log(`  gap between calls    median ${r.busy.gap.median.toFixed(2)} ms, mean ${r.busy.gap.mean.toFixed(2)} ms, p90 ${r.busy.gap.p90.toFixed(2)} ms (at the fake API)`);
    console.log(`  engine's own share   median ${r.own.median.toFixed(2)} ms, mean ${r.own.mean.toFixed(2)} ms, p90 ${r.own.p90.toFixed(2)} ms (answer back -> next call handed to the client)`);
    console.log(`  overlapping calls    ${r.busy.overlaps}`);
  }
  console.log(`  wall                 ${fmt(r.wall)} ms`);
  console.log(`  errors               ${r.errors.length}${r.errors.length ? ` (first: ${r.errors[0].e.kind}: ${r.errors[0].e.message})` : ""}`);
}

/** `--name`-style options of the run. */
function options() {
  return { latencyMs: numberArg("latency", 50), burst: numberArg("burst", 50), gapMs: numberArg("gap", 5), nTickers: numberArg("tickers", 25), runs: numberArg("runs", 3) };
}

/**
 * Recalculations as the engine runs them in this process: memory only, then with a cache directory
 * (file cache + lock file, as `svc-excel eval --cache-dir`). Our share of each call over a bare loop
 * is measured on the real CLI instead (scripts/bench-cli.js, printed first).
 */
async function recalculations(mods, api, ctx) {
  const { formulas, identities, lockDir, dirs, o } = ctx;
  const memory = await pass(mods, api, { formulas: shuffle([...formulas], 42), cacheDir: null, lockDir, mode: "recalc", burst: o.burst, gapMs: o.gapMs });
  report(`recalculation without a cache directory (all at once, bursts of ${o.burst} every ${o.gapMs} ms, shuffled)`, memory, identities, formulas.length);
  const cacheDir = tmp("svc-bench-cache-");
  dirs.push(cacheDir);
  const recalc = await pass(mods, api, { formulas: shuffle([...formulas], 42), cacheDir, lockDir, mode: "recalc", burst: o.burst, gapMs: o.gapMs });
  report("recalculation with a cache directory (file cache + lock file, as svc-excel eval --cache-dir)", recalc, identities, formulas.length);
  console.log(`  CPU time per call    ${(recalc.cpuMs / recalc.calls).toFixed(2)} ms (this process, the whole pass)`);
  return cacheDir;
}

/** 10,000 formulas from cache: per-formula overhead of a hit (canonicalise, key, slice). */
async function cacheOverhead(engine, api, formulas) {
  const big = [];
  while (big.length < 10_000) big.push(...formulas);
  big.length = 10_000;
  const before = await api.calls();
  let t0 = performance.now();
  await Promise.all(big.map((f) => engine.request(f.tool, f.params).catch(() => undefined)));
  const burstMs = performance.now() - t0;
  t0 = performance.now();
  for (const f of big) await engine.request(f.tool, f.params).catch(() => undefined);
  const serialMs = performance.now() - t0;
  console.log(`\n10,000 formulas served from cache`);
  console.log(`  calls                ${(await api.calls()) - before}`);
  console.log(`  all at once          ${(burstMs / big.length).toFixed(4)} ms/formula`);
  console.log(`  one after another    ${(serialMs / big.length).toFixed(4)} ms/formula`);
}

/** The passes after the first recalculations: reopen over the same cache, typing, cache hits. */
async function laterPasses(mods, api, ctx, cacheDir) {
  const { formulas, identities, lockDir, dirs, o } = ctx;
  const reopen = await pass(mods, api, { formulas, cacheDir, lockDir, mode: "recalc", burst: o.burst, gapMs: o.gapMs });
  console.log(`\nreopen (new engine, same --cache-dir)`);
  console.log(`  calls                ${reopen.calls}   (target 0)`);
  console.log(`  wall                 ${fmt(reopen.wall, 1)} ms; errors ${reopen.errors.length}`);
  const typingDir = tmp("svc-bench-typing-");
  dirs.push(typingDir);
  const typing = await pass(mods, api, { formulas: shuffle([...formulas], 7), cacheDir: typingDir, lockDir, mode: "typing" });
  report("typing (fresh cache; each formula a separate evaluation, one after another)", typing, identities, formulas.length);
  await cacheOverhead(reopen.engine, api, formulas);
}

async function main() {
  const o = options();
  const mods = load();
  // The acceptance figure first: the real CLI against the fake API, beside a bare loop of its requests.
  await require("./bench-cli").cliShare(mods, startApiProcess, { latencyMs: o.latencyMs, tickers: numberArg("cli-tickers", 18), runs: o.runs });
  console.log("");
  const FIN = mods.catalogue.FINANCIAL_METRICS;
  const tickers = mods.companies.sampleTickers().filter((t) => t !== "SPRS").slice(0, o.nTickers);
  if (tickers.length < o.nTickers) throw new Error(`the fake API has only ${tickers.length} sample tickers`);
  const formulas = workbook(tickers, FIN);
  const identities = new Set(formulas.map(identityOf)).size;
  const byFn = {};
  for (const f of formulas) byFn[f.fn] = (byFn[f.fn] || 0) + 1;
  console.log(`SVC engine bench: fake API latency ${o.latencyMs} ms/call (${process.argv.includes("--fake=inline") ? "on this thread" : "in a process of its own"}); ${o.nTickers} tickers; engine built by src/compose/cli`);
  console.log(`  formulas ${fmt(formulas.length)} (${Object.entries(byFn).map(([k, v]) => `${k} ${v}`).join(", ")})`);

  const api = await startApiProcess(mods, { latencyMs: o.latencyMs, quota: 1_000_000 });
  const lockDir = tmp("svc-bench-locks-");
  const ctx = { formulas, identities, lockDir, dirs: [lockDir], o };
  try {
    // Warm-up (not measured): JIT-compile the client, the engine and the fake on a small sheet of
    // other tickers, so the first measured pass is not the one paying for it.
    const warmDir = tmp("svc-bench-warm-");
    ctx.dirs.push(warmDir);
    const others = mods.companies.sampleTickers().filter((t) => t !== "SPRS" && !tickers.includes(t)).slice(0, 3);
    await pass(mods, api, { formulas: workbook(others.length ? others : tickers.slice(0, 3), FIN), cacheDir: warmDir, lockDir, mode: "recalc", burst: o.burst, gapMs: o.gapMs });
    await laterPasses(mods, api, ctx, await recalculations(mods, api, ctx));
  } finally {
    await api.close();
    for (const d of ctx.dirs) fs.rmSync(d, { recursive: true, force: true });
  }
  // The pane's price of a cell-driven model beside a literal one (scripts/bench-pricing.js; --pricing=0 skips it).
  if (!process.argv.includes("--pricing=0")) await require("./bench-pricing").pricingFigures();
}

module.exports = { load, ensureBuild, startApiProcess, workbook, identityOf, shuffle, deliver, typeIn, busyFigures, logOverlaps, rng, tmp, numberArg };

if (require.main === module) {
  main().then(
    () => (process.exitCode = 0),
    (e) => {
      console.error(e);
      process.exitCode = 1;
    },
  );
}
