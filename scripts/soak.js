#!/usr/bin/env node
/**
 * Soak (large): 2,000 SVC formulas through the real engine and ApiClient against the fake API while
 * it injects 503s, busy 429s, malformed and non-JSON bodies, hung responses, dropped connections and
 * 500s. Prints figures and a verdict:
 *   - every formula settles within the bound, with the value a fault-free run gives or a mapped error;
 *   - no two calls overlap (the fake's counter and its log);
 *   - the engine's call count equals the fake's, and its quota count never exceeds what the fake has left;
 *   - after a 429 "quota used up", nothing more is sent: cells get cached values or the quota error.
 * Options: --formulas=2000 --rate=0.2 --latency=5 --seed=11
 */
"use strict";
const { performance } = require("perf_hooks");
const { load, workbook, shuffle, logOverlaps, numberArg: arg } = require("./bench.js");

const MAPPED = new Set(["unavailable", "network", "timeout", "malformed", "busy"]);
const CLIENT_TIMEOUT_MS = 400;

function isDeepEqual(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** `n` formulas of the bench's workbook over every sample ticker, shuffled by `seed`. */
function soakList(mods, n, seed) {
  const tickers = mods.companies.sampleTickers().filter((t) => t !== "SPRS");
  let list = shuffle(workbook(tickers, mods.catalogue.FINANCIAL_METRICS), seed);
  while (list.length < n) list = list.concat(shuffle([...list], seed + list.length));
  return list.slice(0, n);
}

/** An engine with short timeouts and retries over the fake. */
function mkEngine(mods, api) {
  return mods.engine.createEngine({
    client: new mods.client.ApiClient({ baseUrl: api.url, credentials: mods.client.staticCredentials(mods.fake.SANDBOX_API_KEY), timeoutMs: CLIENT_TIMEOUT_MS }),
    store: new mods.engine.MemoryStore(),
    windowMs: 5,
    timeoutMs: CLIENT_TIMEOUT_MS + 500,
    retryDelayMs: 50,
    busyRetryBaseMs: 20,
    busyRetryBudgetMs: 1_000,
  });
}

const settle = (engine, f, t0) =>
  engine.request(f.tool, f.params).then(
    (a) => ({ ok: true, a, ms: performance.now() - t0 }),
    (e) => ({ ok: false, e, ms: performance.now() - t0 }),
  );

/** Every formula against the faults; the outcomes checked against the fault-free reference, printed. */
async function faultPhase(mods, api, list, ref, o) {
  api.reset();
  api.setFaultRate(o.rate, ["503", "429_busy", "malformed", "non_json", "hang", "drop", "500"], o.seed);
  const engine = mkEngine(mods, api);
  const distinct = new Set(list.map((f) => `${f.tool}|${JSON.stringify(f.params)}`)).size;
  // Bound: every distinct request could in the worst case need its own call with a timeout, the
  // one retry and the busy budget; the deadline is that worst case for the calls this workbook needs.
  const t0 = performance.now();
  const UNSETTLED = Symbol("unsettled");
  const deadlineMs = 10 * 60_000;
  const outcomes = await Promise.race([Promise.all(list.map((f) => settle(engine, f, t0))), new Promise((r) => setTimeout(() => r(UNSETTLED), deadlineMs))]);
  if (outcomes === UNSETTLED) throw new Error(`not every formula settled within ${deadlineMs} ms`);
  const wall = performance.now() - t0;
  await engine.idle();
  let wrong = 0;
  let unmapped = 0;
  const kinds = {};
  outcomes.forEach((x, i) => {
    if (x.ok) {
      if (!isDeepEqual(x.a.data, ref[i].a.data)) wrong++;
    } else {
      const k = x.e && x.e.kind;
      kinds[k] = (kinds[k] || 0) + 1;
      if (!MAPPED.has(k)) unmapped++;
    }
  });
  const times = outcomes.map((x) => x.ms).sort((a, b) => a - b);
  const pct = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  const faults = {};
  for (const e of api.log) if (e.fault) faults[e.fault] = (faults[e.fault] || 0) + 1;
  const s = engine.stats();
  const fakeQuota = api.quotaRemaining(mods.fake.SANDBOX_API_KEY);
  const overlaps = Math.max(api.overlaps(), logOverlaps(api.log));
  console.log(`soak: ${list.length} formulas (${distinct} distinct), fault rate ${o.rate}, latency ${o.latencyMs} ms, seed ${o.seed}`);
  console.log(`  faults injected     ${JSON.stringify(faults)}`);
  console.log(`  answered            ${outcomes.filter((x) => x.ok).length}   (wrong values: ${wrong})`);
  console.log(`  errors              ${outcomes.filter((x) => !x.ok).length}   ${JSON.stringify(kinds)} (unmapped: ${unmapped})`);
  console.log(`  settle ms           p50 ${pct(0.5).toFixed(0)}, p99 ${pct(0.99).toFixed(0)}, max ${times[times.length - 1].toFixed(0)} (wall ${wall.toFixed(0)})`);
  console.log(`  calls               engine ${s.calls}, fake API ${api.calls()}, retries ${s.retries}`);
  console.log(`  overlapping calls   ${overlaps}   (max concurrent ${api.maxConcurrent()})`);
  console.log(`  quota               engine ${s.quota_remaining}, fake API ${fakeQuota}`);
  return { engine, s, ok: wrong === 0 && unmapped === 0 && overlaps === 0 && (s.quota_remaining === null || s.quota_remaining <= fakeQuota) };
}

/**
 * Quota phase: a 429 quota answer stops all calls; cells get cached values or the quota error. If
 * the faults opened the engine's circuit breaker, wait out its cool-down first: the phase needs the
 * next call to be sent (as the breaker's probe). True when it held.
 */
async function quotaPhase(api, engine, s, list) {
  const pausedFor = (s.paused_until ?? 0) - Date.now();
  if (pausedFor > 0) {
    console.log(`  breaker             open after the fault phase; waiting ${(pausedFor / 1000).toFixed(1)} s for its probe`);
    await new Promise((r) => setTimeout(r, pausedFor + 10));
  }
  const mainCalls = api.calls();
  api.setFaultRate(0, []);
  api.injectFaults(["429_quota"]);
  const fresh = list.filter((f) => f.tool === "get_headlines").slice(0, 1);
  const probe = { tool: "get_company", params: { ticker: "ZZZZ" } };
  const q1 = await settle(engine, probe, performance.now());
  const before = api.calls();
  const after = await Promise.all(list.slice(0, 300).concat(fresh).map((f) => settle(engine, f, performance.now())));
  const quotaErrors = after.filter((x) => !x.ok && x.e.kind === "quota_exhausted").length;
  const cached = after.filter((x) => x.ok).length;
  const otherErrors = after.length - quotaErrors - cached;
  console.log(`  quota phase         first: ${q1.ok ? "answered" : q1.e.kind}; then ${cached} cached, ${quotaErrors} quota errors, ${otherErrors} other; calls sent ${api.calls() - before}; blocked until ${new Date(engine.quotaBlockedUntil() || 0).toISOString()}`);
  return s.calls === mainCalls && api.calls() === before && otherErrors === 0;
}

async function main() {
  const o = { n: arg("formulas", 2000), rate: arg("rate", 0.2), latencyMs: arg("latency", 5), seed: arg("seed", 11) };
  const mods = load();
  const list = soakList(mods, o.n, o.seed);
  const api = await mods.fake.startFakeApi({ latencyMs: o.latencyMs });
  try {
    // Fault-free reference.
    const refEngine = mkEngine(mods, api);
    const ref = await Promise.all(list.map((f) => settle(refEngine, f, performance.now())));
    const refFailures = ref.filter((r) => !r.ok);
    if (refFailures.length) throw new Error(`reference run failed: ${refFailures[0].e.kind}: ${refFailures[0].e.message}`);
    const faults = await faultPhase(mods, api, list, ref, o);
    const quotaHeld = await quotaPhase(api, faults.engine, faults.s, list);
    const ok = faults.ok && quotaHeld;
    console.log(`  verdict             ${ok ? "PASS" : "FAIL"}`);
    process.exitCode = ok ? 0 : 1;
  } finally {
    await Promise.race([api.close(), new Promise((r) => setTimeout(r, 2_000))]);
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
