#!/usr/bin/env node
/**
 * `npm run bench`: what a finance model of 1,000+ SVC formulas costs through the real engine, against
 * the fake API (test/fakes/api) with 50 ms latency per call. Prints figures; asserts nothing.
 *
 *   formulas        SVC formulas in the synthetic workbook
 *   naive calls     one call per formula
 *   floor calls     distinct requests after coalescing, computed here independently of the engine:
 *                   get_financials grouped by (ticker, statement, period_type, include_provenance),
 *                   every other tool by its normalised parameters
 *   actual calls    requests the fake API logged
 *   wall / floor ms floor ms = floor calls x latency (the best serial calls permit)
 *
 * Then: a reopen pass (new engine, same persistent cache directory: should cost 0 calls), and a
 * 10,000-formula pass served from cache (per-formula overhead). The coalescing window is chosen by
 * a sweep over candidate windows on a smaller workbook delivered the same way.
 *
 * Formulas are delivered like a recalculation: in bursts (BURST formulas, then a GAP_MS pause),
 * in a shuffled sheet order. Options: --latency=50 --burst=50 --gap=5 --tickers=25 --no-sweep
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
    path.join(BUILD, "src/api/client.js"),
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
    client: require(path.join(BUILD, "src/api/client.js")),
    locks: require(path.join(BUILD, "src/platform/locks.js")),
    catalogue: require(path.join(BUILD, "src/api/catalogue.js")),
    fake: require(path.join(BUILD, "test/fakes/api/server.js")),
    companies: require(path.join(BUILD, "test/fakes/api/companies.js")),
  };
}

/** Deterministic PRNG (mulberry32). */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A synthetic model: per ticker, FINANCIALS cells over metrics of all three statements (annual and
 * quarterly, various years, some with the statement's default metrics), COMPANY field cells, FILINGS,
 * HEADLINES and PEERS; plus ECONOMY, insider and congress feeds and SCREEN cells shared by the sheet.
 * Each formula is {fn, tool, params}.
 */
function workbook(tickers, FIN) {
  const out = [];
  const add = (fn, tool, params) => out.push({ fn, tool, params });
  const pick = (list, n, off) => Array.from({ length: n }, (_, i) => list[(i * 3 + off) % list.length]);
  tickers.forEach((t, ti) => {
    for (const field of ["name", "exchange", "industry", "shares_outstanding", "float", "cik"])
      add(`COMPANY("${t}","${field}")`, "get_company", { ticker: t });
    // Income statement, annual: one metric per cell, model columns of 5 and 10 years.
    pick(FIN.income, 12, ti).forEach((m, i) =>
      add("FINANCIALS", "get_financials", { ticker: t, metrics: m, years: i % 3 === 0 ? 10 : 5 }),
    );
    // Two metrics in one cell, and the default metrics.
    add("FINANCIALS", "get_financials", { ticker: t, metrics: ["revenue", "net_income"], years: 3 });
    add("FINANCIALS", "get_financials", { ticker: t });
    pick(FIN.balance, 10, ti).forEach((m, i) =>
      add("FINANCIALS", "get_financials", { ticker: t, statement: "balance", metrics: m, years: i % 2 ? 5 : 3 }),
    );
    pick(FIN.cash_flow, 8, ti).forEach((m) =>
      add("FINANCIALS", "get_financials", { ticker: t, statement: "cash_flow", metrics: m, years: 5 }),
    );
    // Quarterly: last eight quarters of a few lines.
    pick(FIN.income, 5, ti + 1).forEach((m) =>
      add("FINANCIALS", "get_financials", { ticker: t, metrics: m, period_type: "quarterly", years: 2 }),
    );
    pick(FIN.cash_flow, 3, ti).forEach((m) =>
      add("FINANCIALS", "get_financials", { ticker: t, statement: "cash_flow", metrics: m, period_type: "quarterly", years: 1 }),
    );
    add("FILINGS", "list_filings", { ticker: t, form_type: "10-K", limit: 5 });
    add("FILINGS", "list_filings", { ticker: t, form_type: "10-K", limit: 5 });
    add("FILINGS", "list_filings", { ticker: t, limit: 10 });
    add("HEADLINES", "get_headlines", { ticker: t, limit: 5 });
    add("PEERS", "get_peers", { ticker: t });
  });
  for (const s of ["UNRATE", "DGS10", "CPIAUCSL", "DFF", "PAYEMS", "T10Y2Y", "VIXCLS", "M2SL"]) {
    add("ECONOMY", "get_economy", { series_id: s, range: "5Y" });
    add("ECONOMY", "get_economy", { series_id: s, range: "5Y" });
  }
  add("ECONOMY", "get_economy", {});
  add("ECONOMY", "get_economy", { series_id: "DGS10", range: "1Y" });
  for (let i = 0; i < 3; i++) {
    add("INSIDERFEED", "get_insider_feed", { days: 7 });
    add("INSIDERFEED", "get_insider_feed", { days: 30, clusters: true });
    add("CONGRESSFEED", "get_congress_feed", { days: 30 });
    add("SCREEN", "screen_companies", { filters: ["roic:15:", "net_debt_to_ebitda::2"], limit: 20 });
    add("SCREEN", "screen_companies", { filters: ["revenue_growth_yoy:10:"], sort_by: "rule_of_40" });
  }
  return out;
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

/** Floor calls, independently of the engine: distinct non-coalescable parameter groups. */
function floorCalls(formulas) {
  const keys = new Set();
  for (const { tool, params } of formulas) {
    const p = { ...params };
    if (typeof p.ticker === "string") p.ticker = p.ticker.toUpperCase();
    if (tool === "get_financials") {
      keys.add(
        [tool, p.ticker, p.statement || "income", p.period_type || "annual", p.include_provenance === true].join("|"),
      );
    } else {
      const norm = Object.keys(p)
        .filter((k) => p[k] !== undefined && p[k] !== null && p[k] !== "")
        .sort()
        .map((k) => `${k}=${Array.isArray(p[k]) ? p[k].join(",") : String(p[k])}`);
      keys.add(`${tool}?${norm.join("&")}`);
    }
  }
  return keys.size;
}

/** Deliver formulas like a recalculation: bursts of `burst`, `gapMs` apart. Resolves with the settled results. */
async function deliver(engine, formulas, { burst, gapMs }, gaps = []) {
  const promises = [];
  let last = performance.now();
  for (let i = 0; i < formulas.length; i += burst) {
    const now = performance.now();
    if (i > 0) gaps.push(now - last);
    last = now;
    for (const f of formulas.slice(i, i + burst))
      promises.push(engine.request(f.tool, f.params).then((a) => ({ ok: true, a }), (e) => ({ ok: false, e })));
    if (i + burst < formulas.length && gapMs > 0) await new Promise((r) => setTimeout(r, gapMs));
  }
  return Promise.all(promises);
}

/** Overlaps in the fake's log, recomputed from its timestamps (independent of its own counter). */
function logOverlaps(log) {
  const sorted = [...log].sort((a, b) => a.start - b.start);
  let n = 0;
  let lastEnd = -Infinity;
  for (const e of sorted) {
    if (e.start < lastEnd) n++;
    lastEnd = Math.max(lastEnd, e.end);
  }
  return n;
}

function tmp(prefix) {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

async function run(mods, { formulas, latencyMs, windowMs, burst, gapMs, cacheDir, lock }) {
  const api = await mods.fake.startFakeApi({ latencyMs, quota: 100_000 });
  try {
    const client = new mods.client.ApiClient({
      baseUrl: api.url,
      credentials: mods.client.staticCredentials(mods.fake.SANDBOX_API_KEY),
      timeoutMs: 20_000,
    });
    const store = new mods.engine.FileStore(cacheDir);
    const engine = mods.engine.createEngine({ client, store, windowMs, lock });
    const t0 = performance.now();
    const gaps = [];
    const results = await deliver(engine, formulas, { burst, gapMs }, gaps);
    const wall = performance.now() - t0;
    await engine.flush();
    return {
      api,
      engine,
      client,
      wall,
      calls: api.calls(),
      errors: results.filter((r) => !r.ok),
      overlaps: Math.max(api.overlaps(), logOverlaps(api.log)),
      maxConcurrent: api.maxConcurrent(),
      stats: engine.stats(),
      maxGap: gaps.length ? Math.max(...gaps) : 0,
    };
  } catch (e) {
    await api.close();
    throw e;
  }
}

const fmt = (n, d = 0) => n.toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d });

async function main() {
  const arg = (name, dflt) => {
    const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
    return hit ? Number(hit.split("=")[1]) : dflt;
  };
  const latencyMs = arg("latency", 50);
  const burst = arg("burst", 50);
  const gapMs = arg("gap", 5);
  const nTickers = arg("tickers", 25);
  const sweep = !process.argv.includes("--no-sweep");

  const mods = load();
  const FIN = mods.catalogue.FINANCIAL_METRICS;
  const all = mods.companies.sampleTickers().filter((t) => t !== "SPRS");
  const tickers = all.slice(0, nTickers);
  if (tickers.length < nTickers) throw new Error(`the fake API has only ${tickers.length} sample tickers`);

  console.log(`SVC engine bench: fake API latency ${latencyMs} ms/call; recalc delivered in bursts of ${burst} every ${gapMs} ms, shuffled`);

  // 1. Choose the coalescing window. The hard case is a sheet of FINANCIALS cells only: nothing else
  //    can use the line while a group waits for siblings, so only the window keeps a group together.
  let windowMs = mods.engine.DEFAULT_WINDOW_MS;
  if (sweep) {
    const small = shuffle(workbook(all.slice(0, 6), FIN).filter((f) => f.tool === "get_financials"), 7);
    const floorSmall = floorCalls(small);
    console.log(`\nwindow sweep: FINANCIALS-only sheet, ${small.length} formulas, floor ${floorSmall} calls = ${fmt(floorSmall * latencyMs)} ms`);
    console.log("  window ms   calls   wall ms   wall/floor   max gap between bursts ms");
    let chosen = null;
    for (const w of [0, 5, 10, 15, 25, 50]) {
      const r = await run(mods, { formulas: small, latencyMs, windowMs: w, burst, gapMs, cacheDir: tmp("svc-bench-") });
      await r.api.close();
      console.log(`  ${String(w).padStart(9)}   ${String(r.calls).padStart(5)}   ${fmt(r.wall).padStart(7)}   ${(r.wall / (floorSmall * latencyMs)).toFixed(3).padStart(10)}   ${r.maxGap.toFixed(1)}`);
      if (chosen === null && r.calls === floorSmall) chosen = w;
    }
    console.log(`  smallest window reaching the floor: ${chosen === null ? "none" : `${chosen} ms`}; engine default DEFAULT_WINDOW_MS = ${windowMs} ms`);
  }

  // 2. The model, cold.
  const formulas = shuffle(workbook(tickers, FIN), 42);
  const floor = floorCalls(formulas);
  const cacheDir = tmp("svc-bench-cache-");
  const cold = await run(mods, { formulas, latencyMs, windowMs, burst, gapMs, cacheDir });
  await cold.api.close();
  const floorMs = floor * latencyMs;
  const byFn = {};
  for (const f of formulas) byFn[f.fn.replace(/\(.*/, "")] = (byFn[f.fn.replace(/\(.*/, "")] || 0) + 1;
  console.log(`\ncold pass (${nTickers} tickers, window ${windowMs} ms)`);
  console.log(`  formulas            ${fmt(formulas.length)}   (${Object.entries(byFn).map(([k, v]) => `${k} ${v}`).join(", ")})`);
  console.log(`  naive calls         ${fmt(formulas.length)}`);
  console.log(`  floor calls         ${fmt(floor)}`);
  console.log(`  actual calls        ${fmt(cold.calls)}   (actual/floor ${(cold.calls / floor).toFixed(3)}, naive/actual ${(formulas.length / cold.calls).toFixed(1)}x)`);
  console.log(`  wall ms             ${fmt(cold.wall)}`);
  console.log(`  floor ms            ${fmt(floorMs)}   (wall/floor ${(cold.wall / floorMs).toFixed(3)}; target <= 1.15)`);
  console.log(`  errors              ${cold.errors.length}${cold.errors.length ? ` (first: ${cold.errors[0].e.kind}: ${cold.errors[0].e.message})` : ""}`);
  console.log(`  overlapping calls   ${cold.overlaps}   (fake API max concurrent ${cold.maxConcurrent})`);
  console.log(`  engine stats        ${JSON.stringify(cold.stats)}`);

  // 3. Reopen: a new engine over the same persistent cache.
  const reopen = await run(mods, { formulas, latencyMs, windowMs, burst, gapMs, cacheDir });
  await reopen.api.close();
  console.log(`\nreopen pass (new engine, same --cache-dir)`);
  console.log(`  calls               ${reopen.calls}   (target 0)`);
  console.log(`  wall ms             ${fmt(reopen.wall, 1)}`);
  console.log(`  errors              ${reopen.errors.length}`);
  console.log(`  engine stats        ${JSON.stringify(reopen.stats)}`);

  // 4. 10,000 formulas served from cache: per-formula overhead of a cache hit (validate, key, slice).
  const engine = reopen.engine;
  const big = [];
  while (big.length < 10_000) big.push(...formulas);
  big.length = 10_000;
  const callsBefore = reopen.api.calls();
  let t0 = performance.now();
  const res = await Promise.all(big.map((f) => engine.request(f.tool, f.params).then(() => true, () => false)));
  const burstMs = performance.now() - t0;
  t0 = performance.now();
  for (const f of big) await engine.request(f.tool, f.params).catch(() => undefined);
  const serialMs = performance.now() - t0;
  console.log(`\n10,000 formulas served from cache`);
  console.log(`  calls               ${reopen.api.calls() - callsBefore}`);
  console.log(`  all at once         ${fmt(burstMs, 1)} ms   = ${(burstMs / big.length).toFixed(4)} ms/formula (target < 0.2)`);
  console.log(`  one after another   ${fmt(serialMs, 1)} ms   = ${(serialMs / big.length).toFixed(4)} ms/formula`);
  console.log(`  failures            ${res.filter((x) => !x).length}`);

  fs.rmSync(cacheDir, { recursive: true, force: true });
}

module.exports = { load, ensureBuild, workbook, shuffle, floorCalls, deliver, logOverlaps, rng, tmp };

if (require.main === module) {
  main().then(
    () => process.exit(0),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
