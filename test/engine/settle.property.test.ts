/**
 * Property, on fake time: whatever the API does (answers, 400, 404, 503, busy and unrecognised 429s,
 * quota 429, hangs, network drops, signed_out, exceptions that are not SvcErrors) and whatever the
 * cells do (arrive in bursts, get cancelled, get cancelled all at once), every cell settles, calls
 * never overlap, and stats().calls counts exactly the requests that reached the client (signed_out
 * is refused before sending).
 */
import { SvcError } from "../../src/api/errors";
import { ToolName } from "../../src/api/catalogue";
import { createEngine } from "../../src/engine";
import { FakeClock } from "./fake-clock";
import { rng } from "../api/gen";
import { Fault, FakeClient } from "./fakeClient";


const FAULTS: Fault[] = [
  { kind: "unavailable", status: 503 },
  { kind: "busy", status: 429 },
  { kind: "busy", status: 429, detail: "Rate limit exceeded" },
  { kind: "quota_exhausted", status: 429 },
  { kind: "bad_request", status: 400 },
  { kind: "not_found", status: 404 },
  "network",
  "hang",
  "bad_body",
];

const REQUESTS: Array<[ToolName, Record<string, unknown>]> = [
  ["get_company", { ticker: "AAPL" }],
  ["get_company", { ticker: "MSFT" }],
  ["get_institutional_holders", { ticker: "AAPL", limit: 5 }],
  ["get_institutional_holders", { ticker: "AAPL" }],
  ["get_financials", { ticker: "AAPL", metrics: "revenue", years: 3 }],
  ["get_financials", { ticker: "AAPL", metrics: "net_income" }],
  ["get_financials", { ticker: "NVDA", statement: "balance", metrics: "cash" }],
  ["get_economy", { series_id: "UNRATE", range: "10Y" }],
  ["list_filings", { ticker: "KO", limit: 3 }],
];

describe.each(Array.from({ length: 25 }, (_, i) => [i + 1]))("seed %i", (seed) => {
  it("every cell settles; calls never overlap; calls = requests sent", async () => {
    const r = rng(seed);
    const clock = new FakeClock();
    const client = new FakeClient({ latencyMs: 30, sleep: (ms) => new Promise((res) => clock.setTimeout(res, ms)) });
    let signedOut = 0;
    let thrown = 0;
    const inner = client.call.bind(client);
    const wrapped = {
      call: (tool: ToolName, params: Record<string, never>) => {
        const x = r();
        if (x < 0.04) {
          signedOut++;
          return Promise.reject(new SvcError("signed_out", "Sign in again"));
        }
        if (x < 0.07) {
          thrown++;
          return Promise.reject(new RangeError("bug in a lower layer"));
        }
        return inner(tool, params);
      },
    };
    for (let i = 0; i < 60; i++) if (r() < 0.3) client.fail(FAULTS[Math.floor(r() * FAULTS.length)]);
    // Faults are consumed in order by the calls that reach the client; the rest succeed.
    const engine = createEngine({
      client: wrapped,
      clock,
      random: r,
      timeoutMs: 2_000,
      windowMs: 5,
      breaker: { coolDownMs: 5_000 },
    });
    const cells: Promise<unknown>[] = [];
    for (let burst = 0; burst < 6; burst++) {
      const n = 1 + Math.floor(r() * 12);
      for (let i = 0; i < n; i++) {
        const [tool, params] = REQUESTS[Math.floor(r() * REQUESTS.length)];
        const ctrl = new AbortController();
        cells.push(engine.request(tool, params, { signal: ctrl.signal }).catch((e) => e));
        if (r() < 0.1) clock.setTimeout(() => ctrl.abort(), Math.floor(r() * 50));
      }
      if (r() < 0.15) engine.cancelQueued();
      await clock.advance(Math.floor(r() * 3_000));
    }
    const took = await clock.settle(Promise.all(cells), 10 * 60_000);
    expect(took).toBeLessThan(10 * 60_000);
    const outcomes = await Promise.all(cells);
    for (const o of outcomes) if (o instanceof Error) expect(o).toBeInstanceOf(SvcError);
    expect(client.overlaps).toBe(0);
    expect(engine.stats().calls).toBe(client.log.length + thrown);
    expect(signedOut + thrown + client.log.length).toBeGreaterThan(0);
    const idle = engine.idle();
    await clock.settle(idle, 60_000);
    await expect(idle).resolves.toBeUndefined();
  });
});
