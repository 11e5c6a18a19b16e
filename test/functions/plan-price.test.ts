/**
 * Pricing with the real engine: the pane prices a refresh with engine.plan(requestsFor(...),
 * {refresh:true}); after invalidate, recalculating those formulas spends exactly that many calls.
 * Also: a first calculation costs what plan() says, and a second one nothing.
 */
import { ApiClient, staticCredentials } from "../../src/api/client";
import { createEngine } from "../../src/engine";
import { CellRuntime, cellRuntime } from "../../src/functions/runtime";
import { callFunction } from "../../src/functions/call";
import { requestsFor } from "../../src/functions/requests";
import { FakeApi, SANDBOX_API_KEY, startFakeApi } from "../fakes/api/server";

/** What the cells run with: the engine of each test (no module holds it). */
let rt: CellRuntime;

let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(async () => {
  await api.close();
});

const SHEET: Array<[string, unknown[]]> = [
  ["FINANCIALS", ["AAPL", "revenue,gross_margin", 5]],
  ["FINANCIALS", ["AAPL", "net_income", "FQ-3:FQ"]],
  ["FINANCIALS", ["AAPL", "gross_margin", "LTM"]],
  ["FINANCIALS", ["MSFT", "fcf_margin", "LTM-1:LTM"]],
  ["FINANCIALS", ["AAPL", "cash", "FY"]],
  ["PERIODS", ["AAPL"]],
  ["PERIODS", ["MSFT", "FY-4:FY"]],
  ["COMPANY", ["AAPL"]],
  ["COMPANY", ["AAPL", "cik"]],
  ["FILINGS", ["AAPL", null, 5]],
  ["FILINGS", ["AAPL", "10-K"]],
  ["SCREEN", ["roic:15:"]],
  ["ECONOMY", []],
  ["ECONOMY", ["UNRATE", "1Y"]],
  ["LEADERSHIP", ["NVDA"]],
  ["SHORTINTEREST", ["AAPL", 6]],
  ["REPORTED", ["AAPL", null, "segments"]],
];

async function recalc(): Promise<void> {
  await Promise.all(SHEET.map(([fn, args], i) => callFunction(rt, fn, args, { address: `Sheet1!A${i + 1}` })));
}

it("a refresh spends exactly what plan(requestsFor(...), {refresh:true}) priced", async () => {
  api.reset();
  const engine = createEngine({ client: new ApiClient({ baseUrl: api.url, credentials: staticCredentials(SANDBOX_API_KEY), timeoutMs: 5000 }), retryDelayMs: 10 });
  rt = cellRuntime(engine);
  const reqs = SHEET.flatMap(([fn, args]) => requestsFor(fn, args));
  const first = await engine.plan(reqs);
  expect(first.invalid).toEqual([]);
  await recalc();
  expect(engine.stats().calls).toBe(first.calls);
  const again = await engine.plan(reqs);
  expect(again.calls).toBe(0);
  await recalc();
  expect(engine.stats().calls).toBe(first.calls);

  const priced = await engine.plan(reqs, { refresh: true });
  expect(priced.calls).toBeGreaterThan(0);
  await engine.invalidate(reqs);
  const before = engine.stats().calls;
  await recalc();
  expect(engine.stats().calls - before).toBe(priced.calls);
});
