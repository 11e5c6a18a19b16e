#!/usr/bin/env node
/**
 * `npm run bench`: what a finance model costs through the real composition root (src/compose/cli:
 * engine + file cache + lock file) against the fake API (test/fakes/api) with 50 ms latency per call.
 * Prints figures; asserts nothing.
 *
 * The workbook mixes spelled-out defaults (HOLDERS("AAPL") and HOLDERS("AAPL",20)), different limits
 * and years, case variants and equivalent screen filters. Distinct identities are computed HERE, from
 * the issue's rule (tool + ticker/query + the parameters that change the content), independently of
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
 * The fake API runs on a thread of its own (scripts/bench-api-worker.js), as the real one runs on
 * another machine; --fake=inline puts it on the bench's event loop.
 *
 * Options: --latency=50 --burst=50 --gap=5 --tickers=25 --runs=1 (recalculation passes of each kind)
 * --fake=inline --pricing=0 (skip the pricing figures, which start Chromium)
 */
"use strict";
const { execSync } = require("child_process");
const fs = require("fs");
const os = require("os");
const path = require("path");
const { performance } = require("perf_hooks");

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

const SERIES = ["UNRATE", "DGS10", "CPIAUCSL", "DFF", "PAYEMS", "T10Y2Y", "VIXCLS", "M2SL"];

/**
 * A synthetic model, as {fn, tool, params}: per ticker, FINANCIALS cells over metrics of the three
 * statements (annual and quarterly, various years, defaults spelled out or not), COMPANY fields,
 * FILINGS/HEADLINES/HOLDERS/LEADERSHIP at different limits and years, PEERS; plus ECONOMY, insider and
 * congress feeds and SCREEN cells shared by the sheet.
 */
function workbook(tickers, FIN) {
  const out = [];
  const add = (fn, tool, params) => out.push({ fn, tool, params });
  const pick = (list, n, off) => Array.from({ length: n }, (_, i) => list[(i * 3 + off) % list.length]);
  tickers.forEach((t, ti) => {
    const lc = t.toLowerCase();
    for (const field of ["name", "exchange", "industry", "shares_outstanding", "float", "cik"])
      add("COMPANY", "get_company", { ticker: ti % 2 ? lc : t, _field: field });
    pick(FIN.income, 12, ti).forEach((m, i) =>
      add("FINANCIALS", "get_financials", { ticker: t, metrics: m, years: [3, 5, 10, 20][i % 4] }),
    );
    add("FINANCIALS", "get_financials", { ticker: t, metrics: ["revenue", "net_income"], years: 3 });
    add("FINANCIALS", "get_financials", { ticker: t });
    add("FINANCIALS", "get_financials", { ticker: lc, statement: "income", period_type: "annual", years: 5 });
    pick(FIN.balance, 8, ti).forEach((m, i) =>
      add("FINANCIALS", "get_financials", { ticker: t, statement: "balance", metrics: m, years: i % 2 ? 5 : 3 }),
    );
    pick(FIN.cash_flow, 6, ti).forEach((m) =>
      add("FINANCIALS", "get_financials", { ticker: t, statement: "cash_flow", metrics: m, years: 5 }),
    );
    pick(FIN.income, 4, ti + 1).forEach((m, i) =>
      add("FINANCIALS", "get_financials", { ticker: t, metrics: m, period_type: "quarterly", years: 1 + i }),
    );
    add("FILINGS", "list_filings", { ticker: t, form_type: "10-K", limit: 5 });
    add("FILINGS", "list_filings", { ticker: t, form_type: "10-K" });
    add("FILINGS", "list_filings", { ticker: t, limit: 10 });
    add("FILINGS", "list_filings", { ticker: t, limit: 20 });
    add("FILINGS", "list_filings", { ticker: lc });
    add("HEADLINES", "get_headlines", { ticker: t, limit: 5 });
    add("HEADLINES", "get_headlines", { ticker: t });
    add("HEADLINES", "get_headlines", { ticker: t, limit: 10 });
    add("HOLDERS", "get_institutional_holders", { ticker: t });
    add("HOLDERS", "get_institutional_holders", { ticker: t, limit: 20 });
    add("HOLDERS", "get_institutional_holders", { ticker: t, limit: 50 });
    add("LEADERSHIP", "get_leadership", { ticker: t });
    add("LEADERSHIP", "get_leadership", { ticker: t, years: 5 });
    add("LEADERSHIP", "get_leadership", { ticker: t, years: 3 });
    add("PEERS", "get_peers", { ticker: t });
  });
  for (const s of SERIES) {
    add("ECONOMY", "get_economy", { series_id: s, range: "5Y" });
    add("ECONOMY", "get_economy", { series_id: s });
    add("ECONOMY", "get_economy", { series_id: s, range: "10Y" });
    add("ECONOMY", "get_economy", { series_id: s, range: "MAX" });
  }
  add("ECONOMY", "get_economy", { series_id: "DGS10", range: "1Y" });
  add("ECONOMY", "get_economy", {});
  add("ECONOMY", "get_economy", { range: "MAX" });
  for (let i = 0; i < 3; i++) {
    add("INSIDERFEED", "get_insider_feed", { days: 7 });
    add("INSIDERFEED", "get_insider_feed", {});
    add("INSIDERFEED", "get_insider_feed", { days: 7, buys_only: true, clusters: false, limit: 25 });
    add("INSIDERFEED", "get_insider_feed", { days: 7, limit: 10 });
    add("INSIDERFEED", "get_insider_feed", { days: 30, clusters: true });
    add("CONGRESSFEED", "get_congress_feed", { days: 30 });
    add("CONGRESSFEED", "get_congress_feed", {});
    add("CONGRESSFEED", "get_congress_feed", { limit: 10 });
    add("SCREEN", "screen_companies", { filters: ["roic:15:", "net_debt_to_ebitda::2"], limit: 20 });
    add("SCREEN", "screen_companies", { filters: ["roic:15.0:", "net_debt_to_ebitda::2.00"] });
    add("SCREEN", "screen_companies", { filters: ["revenue_growth_yoy:10:"], sort_by: "rule_of_40" });
  }
  for (const f of out) delete f.params._field; // the field picks a cell, not a request
  return out;
}

/**
 * Distinct identities by the issue's rule, written out here for the tools this workbook uses: the
 * tool, ticker/query/series, and the parameters that change the content (never limit/years/metrics,
 * which a wide call answers by slicing).
 */
function identityOf({ tool, params: p }) {
  const up = (s) => String(s).toUpperCase();
  switch (tool) {
    case "get_financials":
      return `fin|${up(p.ticker)}|${p.statement || "income"}|${p.period_type || "annual"}`;
    case "list_filings":
      return `filings|${up(p.ticker)}|${p.form_type || ""}`;
    case "get_economy":
      if (!p.series_id) return "economy|snapshot";
      return `economy|${p.series_id}|${p.range === "1Y" ? "daily" : "long"}`;
    case "get_insider_feed": {
      const base = `${p.days ?? 7}|${p.buys_only ?? true}|${p.min_value_usd ?? ""}|${p.clusters ?? false}`;
      return p.clusters ? `insiderfeed|${base}|${p.limit ?? 25}` : `insiderfeed|${base}`;
    }
    case "get_congress_feed":
      return `congressfeed|${p.days ?? 30}|${p.member ?? ""}|${p.party ?? ""}|${p.chamber ?? ""}|${p.transaction_type ?? ""}`;
    case "screen_companies": {
      const filters = p.filters.map((f) => f.split(":").map((x, i) => (i === 0 || x === "" ? x : String(Number(x)))).join(":"));
      return `screen|${filters.join(",")}|${p.sort_by || filters[0].split(":")[0]}|${p.descending ?? true}`;
    }
    default:
      return `${tool}|${up(p.ticker)}`;
  }
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

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : 0;
}

/** The p-th percentile (0-100) of `xs`, nearest rank. */
function percentile(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] : 0;
}

/**
 * Busy span / (calls x median server time): how close the calls ran back to back; and the gaps
 * between calls at the fake (one call's end to the next one's start): the client's own share.
 */
function busyFigures(log) {
  const done = log.filter((e) => e.end > 0);
  if (done.length === 0) return { span: 0, median: 0, ratio: NaN, overlaps: 0, gap: { median: 0, mean: 0, p90: 0 } };
  const span = Math.max(...done.map((e) => e.end)) - Math.min(...done.map((e) => e.start));
  const med = median(done.map((e) => e.end - e.start));
  const sorted = [...done].sort((a, b) => a.start - b.start);
  let overlaps = 0;
  let lastEnd = -Infinity;
  const gaps = [];
  for (const e of sorted) {
    if (e.start < lastEnd) overlaps++;
    else if (lastEnd > -Infinity) gaps.push(e.start - lastEnd);
    lastEnd = Math.max(lastEnd, e.end);
  }
  const mean = gaps.length ? gaps.reduce((a, b) => a + b, 0) / gaps.length : 0;
  return { span, median: med, ratio: span / (done.length * med), overlaps, gap: { median: median(gaps), mean, p90: percentile(gaps, 90) } };
}

/**
 * The fake API on its own thread (scripts/bench-api-worker.js): {url, reset(), log(), calls(), close()},
 * each method async. `--fake=inline` runs it on the bench's own event loop instead (the old way: its
 * work then counts in the gaps between calls).
 */
async function startApiThread(mods, opts) {
  if (process.argv.includes("--fake=inline")) {
    const api = await mods.fake.startFakeApi(opts);
    return { url: api.url, reset: async () => api.reset(), log: async () => api.log, calls: async () => api.log.length, close: () => api.close() };
  }
  const { Worker } = require("worker_threads");
  const worker = new Worker(path.join(__dirname, "bench-api-worker.js"), { workerData: { build: BUILD, ...opts } });
  const waiting = new Map();
  let next = 1;
  worker.on("message", ({ id, result }) => {
    waiting.get(id)?.(result);
    waiting.delete(id);
  });
  const ask = (cmd) => new Promise((r) => {
    const id = next++;
    waiting.set(id, r);
    worker.postMessage({ cmd, id });
  });
  const url = await new Promise((r, j) => {
    waiting.set(0, r);
    worker.once("error", j);
  });
  return {
    url,
    reset: () => ask("reset"),
    log: () => ask("log"),
    calls: async () => (await ask("log")).length,
    close: async () => {
      await ask("close");
      await worker.terminate();
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
  const proto = mods.client.ApiClient.prototype;
  const call = proto.call;
  const marks = [];
  proto.call = async function (...args) {
    const m = { invoked: performance.now(), returned: 0 };
    marks.push(m);
    try {
      return await call.apply(this, args);
    } finally {
      m.returned = performance.now();
    }
  };
  return {
    stop: () => (proto.call = call),
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
  const log = await api.log();
  return { engine, wall, calls: log.length, errors: results.filter((r) => !r.ok), busy: busyFigures(log), own: watch.share(), stats: engine.stats() };
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

async function main() {
  const arg = numberArg;
  const latencyMs = arg("latency", 50);
  const burst = arg("burst", 50);
  const gapMs = arg("gap", 5);
  const nTickers = arg("tickers", 25);

  const mods = load();
  const FIN = mods.catalogue.FINANCIAL_METRICS;
  const tickers = mods.companies.sampleTickers().filter((t) => t !== "SPRS").slice(0, nTickers);
  if (tickers.length < nTickers) throw new Error(`the fake API has only ${tickers.length} sample tickers`);
  const formulas = workbook(tickers, FIN);
  const identities = new Set(formulas.map(identityOf)).size;
  const byFn = {};
  for (const f of formulas) byFn[f.fn] = (byFn[f.fn] || 0) + 1;

  console.log(`SVC engine bench: fake API latency ${latencyMs} ms/call (${process.argv.includes("--fake=inline") ? "on this thread" : "on a thread of its own"}); ${nTickers} tickers; engine built by src/compose/cli`);
  console.log(`  formulas ${fmt(formulas.length)} (${Object.entries(byFn).map(([k, v]) => `${k} ${v}`).join(", ")})`);

  const api = await startApiThread(mods, { latencyMs, quota: 1_000_000 });
  const lockDir = tmp("svc-bench-locks-");
  const dirs = [lockDir];
  try {
    // Warm-up (not measured): JIT-compile the client, the engine and the fake on a small sheet of
    // other tickers, so the first measured pass is not the one paying for it.
    const warmDir = tmp("svc-bench-warm-");
    dirs.push(warmDir);
    const others = mods.companies.sampleTickers().filter((t) => t !== "SPRS" && !tickers.includes(t)).slice(0, 3);
    const warmTickers = others.length ? others : tickers.slice(0, 3);
    await pass(mods, api, { formulas: workbook(warmTickers, FIN), cacheDir: warmDir, lockDir, mode: "recalc", burst, gapMs });

    const runs = arg("runs", 1);
    for (let i = 1; i <= runs; i++) {
      const memory = await pass(mods, api, { formulas: shuffle([...formulas], 42), cacheDir: null, lockDir, mode: "recalc", burst, gapMs });
      report(`recalculation without a cache directory${runs > 1 ? `, run ${i}` : ""} (all at once, bursts of ${burst} every ${gapMs} ms, shuffled)`, memory, identities, formulas.length);
    }
    let recalc;
    let cacheDir;
    for (let i = 1; i <= runs; i++) {
      cacheDir = tmp("svc-bench-cache-");
      dirs.push(cacheDir);
      recalc = await pass(mods, api, { formulas: shuffle([...formulas], 42), cacheDir, lockDir, mode: "recalc", burst, gapMs });
      report(`recalculation with a cache directory${runs > 1 ? `, run ${i}` : ""} (file cache + lock file)`, recalc, identities, formulas.length);
    }

    // Reference: the same requests through a bare ApiClient, one after another, no engine: what the
    // client and this machine cost between calls (the engine's own share is the difference).
    const sent = (await api.log()).map((e) => ({ tool: e.tool, params: { ...e.query } }));
    await api.reset();
    const bare = new mods.client.ApiClient({ baseUrl: api.url, credentials: mods.client.staticCredentials(mods.fake.SANDBOX_API_KEY) });
    for (const r of sent) await bare.call(r.tool, r.params).catch(() => undefined);
    const raw = busyFigures(await api.log());
    console.log(`  reference: the same ${sent.length} requests through a bare ApiClient loop: busy span / (calls x median) = ${raw.ratio.toFixed(3)}`);

    const reopen = await pass(mods, api, { formulas, cacheDir, lockDir, mode: "recalc", burst, gapMs });
    console.log(`\nreopen (new engine, same --cache-dir)`);
    console.log(`  calls                ${reopen.calls}   (target 0)`);
    console.log(`  wall                 ${fmt(reopen.wall, 1)} ms; errors ${reopen.errors.length}`);

    const typingDir = tmp("svc-bench-typing-");
    dirs.push(typingDir);
    const typing = await pass(mods, api, { formulas: shuffle([...formulas], 7), cacheDir: typingDir, lockDir, mode: "typing" });
    report("typing (fresh cache; each formula a separate evaluation, one after another)", typing, identities, formulas.length);

    // 10,000 formulas from cache: per-formula overhead of a hit (canonicalise, key, slice).
    const engine = reopen.engine;
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
  } finally {
    await api.close();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  }
  // The pane's price of a cell-driven model beside a literal one (scripts/bench-pricing.js; --pricing=0 skips it).
  if (!process.argv.includes("--pricing=0")) await require("./bench-pricing").pricingFigures();
}

/** Overlapping calls in a fake API log (scripts/soak.js uses it). */
const logOverlaps = (log) => busyFigures(log).overlaps;

module.exports = { load, ensureBuild, workbook, identityOf, shuffle, deliver, typeIn, busyFigures, logOverlaps, rng, tmp, numberArg };

if (require.main === module) {
  main().then(
    () => (process.exitCode = 0),
    (e) => {
      console.error(e);
      process.exitCode = 1;
    },
  );
}
