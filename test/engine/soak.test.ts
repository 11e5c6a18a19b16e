/**
 * Soak (small): the real engine and ApiClient against the fake HTTP API injecting 503s, 429s,
 * malformed and non-JSON bodies, hung responses, dropped connections and 500s. Every formula must
 * settle within the bound, with the value a fault-free run gives or a mapped error; calls never
 * overlap; the engine's quota count never claims more than the API has left.
 * The large version is scripts/soak.js (2,000 formulas).
 */
import { FINANCIAL_METRICS, ToolName } from "../../src/api/catalogue";
import { ApiClient, staticCredentials } from "../../src/api/client";
import { ErrorKind, isSvcError } from "../../src/api/errors";
import { RawParams } from "../../src/api/validate";
import { createEngine, EngineAnswer, MemoryStore } from "../../src/engine";
import { FakeApi, SANDBOX_API_KEY, startFakeApi } from "../fakes/api/server";

interface Formula {
  tool: ToolName;
  params: RawParams;
}

function formulas(tickers: string[]): Formula[] {
  const out: Formula[] = [];
  tickers.forEach((ticker, i) => {
    out.push({ tool: "get_company", params: { ticker } });
    out.push({ tool: "get_company", params: { ticker } });
    FINANCIAL_METRICS.income.slice(i, i + 6).forEach((m, j) =>
      out.push({ tool: "get_financials", params: { ticker, metrics: m, years: 2 + (j % 4) } }),
    );
    FINANCIAL_METRICS.balance.slice(i, i + 3).forEach((m) =>
      out.push({ tool: "get_financials", params: { ticker, statement: "balance", metrics: m, period_type: "quarterly", years: 1 } }),
    );
    out.push({ tool: "list_filings", params: { ticker, limit: 5 } });
    out.push({ tool: "get_peers", params: { ticker } });
  });
  out.push({ tool: "get_economy", params: { series_id: "UNRATE" } });
  out.push({ tool: "get_insider_feed", params: { days: 7 } });
  out.push({ tool: "screen_companies", params: { filters: "roic:15:" } });
  return out;
}

const TICKERS = ["AAPL", "MSFT", "NVDA", "JPM", "BRK-B", "XOM", "KO"];
const TRANSIENT: ErrorKind[] = ["unavailable", "network", "timeout", "malformed", "busy"];
// Short, so an injected hang ends the call quickly; runs without injected hangs take a roomy one
// (a loaded machine's first fetch in a process can take longer than 300 ms by itself).
const CLIENT_TIMEOUT_MS = 300;
const ROOMY_TIMEOUT_MS = 10_000;

let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi({ latencyMs: 2 });
});
afterAll(async () => {
  await api?.close();
});

function engineFor(timeoutMs = CLIENT_TIMEOUT_MS) {
  const client = new ApiClient({ baseUrl: api.url, credentials: staticCredentials(SANDBOX_API_KEY), timeoutMs });
  return createEngine({
    client,
    store: new MemoryStore(),
    windowMs: 2,
    timeoutMs: timeoutMs + 200,
    retryDelayMs: 20,
    busyRetryBaseMs: 10,
    busyRetryBudgetMs: 300,
  });
}

async function reference(list: Formula[]): Promise<Map<number, EngineAnswer>> {
  api.reset();
  const engine = engineFor(ROOMY_TIMEOUT_MS);
  const answers = await Promise.all(list.map((f) => engine.request(f.tool, f.params)));
  return new Map(answers.map((a, i) => [i, a]));
}

describe("soak (small)", () => {
  it("settles every formula with the right value or a mapped error under injected faults", async () => {
    const list = formulas(TICKERS);
    const ref = await reference(list);

    api.reset();
    api.setFaultRate(0.25, ["503", "429_busy", "malformed", "non_json", "hang", "drop", "500"], 7);
    const engine = engineFor();
    const deadline = 60_000;
    const started = performance.now();
    const outcomes = await Promise.all(
      list.map((f) =>
        engine.request(f.tool, f.params).then(
          (a) => ({ ok: true as const, a, ms: performance.now() - started }),
          (e: unknown) => ({ ok: false as const, e, ms: performance.now() - started }),
        ),
      ),
    );
    await engine.idle();

    expect(outcomes).toHaveLength(list.length);
    expect(Math.max(...outcomes.map((o) => o.ms))).toBeLessThan(deadline);
    outcomes.forEach((o, i) => {
      if (o.ok) expect(o.a.data).toEqual(ref.get(i)!.data);
      else {
        expect(isSvcError(o.e)).toBe(true);
        expect(TRANSIENT).toContain((o.e as { kind: ErrorKind }).kind);
      }
    });
    expect(outcomes.filter((o) => o.ok).length).toBeGreaterThan(list.length / 2);
    expect(api.overlaps()).toBe(0);
    expect(api.maxConcurrent()).toBe(1);
    const s = engine.stats();
    const injected = new Set(api.log.map((e) => e.fault).filter(Boolean));
    expect(injected.size).toBeGreaterThanOrEqual(5);
    expect(s.retries).toBeGreaterThan(0);
    expect(s.calls).toBe(api.calls());
    expect(s.quota_remaining).not.toBeNull();
    expect(s.quota_remaining!).toBeLessThanOrEqual(api.quotaRemaining(SANDBOX_API_KEY));
  });

  it("after a 429 quota answer serves cached values and the quota error, sending nothing more", async () => {
    api.reset();
    const engine = engineFor(ROOMY_TIMEOUT_MS);
    const warm = await engine.request("get_company", { ticker: "AAPL" });
    api.injectFaults(["429_quota"]);
    await expect(engine.request("get_company", { ticker: "MSFT" })).rejects.toMatchObject({ kind: "quota_exhausted" });
    const before = api.calls();
    const again = await engine.request("get_company", { ticker: "AAPL" });
    expect(again.data).toEqual(warm.data);
    await expect(engine.request("get_peers", { ticker: "KO" })).rejects.toMatchObject({ kind: "quota_exhausted" });
    expect(api.calls()).toBe(before);
    expect(engine.stats().quota_remaining).toBe(0);
  });
});
