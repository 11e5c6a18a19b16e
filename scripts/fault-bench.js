#!/usr/bin/env node
/**
 * `npm run bench:faults`: a 1,000-formula book facing each outage of the fake API
 * (an unrecognised 429 "Rate limit exceeded", a 429 HTML gateway page, 503, a hang), through the engine
 * as the CLI builds it (src/compose/cli, default timeouts and breaker). Prints, per outage: requests
 * the fake received (target <= 2 x distinct identities), whether every cell settled, seconds to
 * settle, and what the cells got. Then the same with `Retry-After: 120` on a 503 (honoured: one
 * request, nothing more for two minutes). Prints figures; asserts nothing.
 *
 * Options: --formulas=1000 --latency=20
 */
"use strict";
const { performance } = require("perf_hooks");
const fs = require("fs");
const { load, workbook, identityOf, shuffle, tmp, numberArg: arg } = require("./bench.js");

async function face(mods, formulas, outage, retryAfterSeconds, latencyMs) {
  const api = await mods.fake.startFakeApi({ latencyMs, quota: 1_000_000, outage: { mode: outage, retryAfterSeconds } });
  const lockDir = tmp("svc-faults-locks-");
  const key = mods.fake.SANDBOX_API_KEY;
  try {
    const { engine, lock } = mods.composeCli(
      { baseUrl: api.url, credentials: mods.client.staticCredentials(key), identity: mods.compose.credentialFingerprint(key) },
      { cacheDir: null, lockDir },
    );
    const t0 = performance.now();
    let settled = 0;
    const kinds = {};
    await Promise.all(
      formulas.map((f) =>
        engine.request(f.tool, f.params).then(
          () => {
            settled++;
            kinds.value = (kinds.value || 0) + 1;
          },
          (e) => {
            settled++;
            kinds[e.kind] = (kinds[e.kind] || 0) + 1;
          },
        ),
      ),
    );
    const seconds = (performance.now() - t0) / 1000;
    const s = engine.stats();
    await lock.releaseAll();
    return { requests: api.requests(), settled, seconds, kinds, stats: s };
  } finally {
    await api.close();
    fs.rmSync(lockDir, { recursive: true, force: true });
  }
}

async function main() {
  const n = arg("formulas", 1000);
  const latencyMs = arg("latency", 20);
  const mods = load();
  const tickers = mods.companies.sampleTickers().filter((t) => t !== "SPRS");
  const formulas = shuffle(workbook(tickers, mods.catalogue.FINANCIAL_METRICS), 3).slice(0, n);
  const identities = new Set(formulas.map(identityOf)).size;
  console.log(`SVC fault bench: ${formulas.length} formulas, ${identities} distinct identities; engine built by src/compose/cli (default timeouts and breaker)`);
  console.log("  outage                    requests  <= 2 x identities  settled        seconds  cells got");
  const cases = [
    ["429-text", undefined],
    ["429-html", undefined],
    ["503", undefined],
    ["hang", undefined],
    ["503", 120],
  ];
  for (const [outage, ra] of cases) {
    const r = await face(mods, formulas, outage, ra, latencyMs);
    const label = ra === undefined ? outage : `${outage} + Retry-After ${ra}`;
    const kinds = Object.entries(r.kinds).map(([k, v]) => `${k} ${v}`).join(", ");
    console.log(
      `  ${label.padEnd(24)}  ${String(r.requests).padStart(8)}  ${(r.requests <= 2 * identities ? "yes" : "NO").padStart(17)}  ${`${r.settled}/${formulas.length}`.padStart(9)}  ${r.seconds.toFixed(1).padStart(12)}  ${kinds}`,
    );
  }
}

if (require.main === module) {
  main().then(
    () => (process.exitCode = 0),
    (e) => {
      console.error(e);
      process.exitCode = 1;
    },
  );
}
