import { SvcError } from "../../src/api/errors";
import { createEngine, EngineOptions } from "../../src/engine";
import { FakeClient, tick } from "./fakeClient";

function setup(opts: Partial<EngineOptions> = {}, latencyMs = 5) {
  let now = 1_700_000_000_000;
  const client = new FakeClient({ latencyMs });
  const engine = createEngine({
    client,
    windowMs: 2,
    retryDelayMs: 10,
    busyRetryBaseMs: 5,
    busyRetryBudgetMs: 200,
    random: () => 0.5,
    now: () => now,
    ...opts,
  });
  return { client, engine, advance: (ms: number) => (now += ms) };
}

describe("retries", () => {
  it("retries a 503 once after a delay and answers", async () => {
    const { client, engine } = setup();
    client.fail({ kind: "unavailable", status: 503 });
    const a = await engine.request("get_company", { ticker: "AAPL" });
    expect(a.stale).toBe(false);
    expect(client.log).toHaveLength(2);
    expect(engine.stats()).toMatchObject({ calls: 2, retries: 1 });
  });

  it("retries a network failure once, then gives the cell the error", async () => {
    const { client, engine } = setup();
    client.fail("network", "network");
    await expect(engine.request("get_company", { ticker: "AAPL" })).rejects.toMatchObject({ kind: "network" });
    expect(client.log).toHaveLength(2);
  });

  it("retries 'another call is still running' with backoff until it goes through", async () => {
    const { client, engine } = setup();
    client.fail("busy", "busy", "busy");
    await engine.request("get_company", { ticker: "AAPL" });
    expect(client.log).toHaveLength(4);
    expect(engine.stats().retries).toBe(3);
    const gaps = [1, 2, 3].map((i) => client.log[i].start - client.log[i - 1].end!);
    expect(gaps[2]).toBeGreaterThan(gaps[0]);
  });

  it("turns a busy 429 into a cell error once the retry budget is spent", async () => {
    const { client, engine } = setup({ busyRetryBudgetMs: 60 });
    client.fail(...Array(50).fill("busy"));
    const t0 = performance.now();
    await expect(engine.request("get_company", { ticker: "AAPL" })).rejects.toMatchObject({ kind: "busy" });
    expect(performance.now() - t0).toBeLessThan(400);
  });

  it("does not retry a 404", async () => {
    const { client, engine } = setup();
    client.fail("not_found");
    await expect(engine.request("get_company", { ticker: "NOPE" })).rejects.toMatchObject({ kind: "not_found" });
    expect(client.log).toHaveLength(1);
  });
});

describe("faults never leave a cell pending", () => {
  it("rejects with timeout when the client never answers, and the queue moves on", async () => {
    const { client, engine } = setup({ timeoutMs: 50 });
    client.fail("hang");
    const hung = engine.request("get_company", { ticker: "AAPL" });
    const next = engine.request("get_company", { ticker: "MSFT" });
    await expect(hung).rejects.toMatchObject({ kind: "timeout" });
    await expect(next).resolves.toMatchObject({ stale: false });
  });

  it("treats a body without a data object as malformed, not a crash", async () => {
    const { client, engine } = setup();
    client.fail("bad_body");
    await expect(engine.request("get_company", { ticker: "AAPL" })).rejects.toMatchObject({ kind: "malformed" });
  });

  it("maps a client that throws something other than SvcError to an SvcError", async () => {
    const engine = createEngine({
      client: {
        call: () => {
          throw new TypeError("boom");
        },
      },
      retryDelayMs: 1,
    });
    await expect(engine.request("get_company", { ticker: "AAPL" })).rejects.toBeInstanceOf(SvcError);
  });

  it("settles every waiter of a coalesced call that fails", async () => {
    const { client, engine } = setup();
    client.fail("not_found");
    const all = await Promise.allSettled([
      engine.request("get_financials", { ticker: "ZZZZ", metrics: "revenue" }),
      engine.request("get_financials", { ticker: "ZZZZ", metrics: "net_income" }),
    ]);
    expect(all.map((r) => r.status)).toEqual(["rejected", "rejected"]);
  });
});

describe("stale answers", () => {
  it("serves an expired entry marked stale when the API is unavailable", async () => {
    const { client, engine, advance } = setup();
    const fresh = await engine.request("get_economy", { series_id: "UNRATE" });
    advance(2 * 3_600_000);
    client.fail({ kind: "unavailable", status: 503 }, { kind: "unavailable", status: 503 });
    const stale = await engine.request("get_economy", { series_id: "UNRATE" });
    expect(stale.stale).toBe(true);
    expect(stale.data).toEqual(fresh.data);
    expect(stale.fetchedAt).toBe(fresh.fetchedAt);
    expect(engine.stats().stale_served).toBe(1);
  });

  it("serves a stale financials slice when the network is down", async () => {
    const { client, engine, advance } = setup();
    await engine.request("get_financials", { ticker: "AAPL", metrics: "revenue,net_income", years: 5 });
    advance(13 * 3_600_000);
    client.fail("network", "network");
    const a = await engine.request("get_financials", { ticker: "AAPL", metrics: "net_income", years: 2 });
    expect(a.stale).toBe(true);
    expect(a.data.periods).toEqual(["FY2023", "FY2024"]);
  });

  it("does not serve stale for a 404", async () => {
    const { client, engine, advance } = setup();
    await engine.request("get_company", { ticker: "AAPL" });
    advance(2 * 86_400_000);
    client.fail("not_found");
    await expect(engine.request("get_company", { ticker: "AAPL" })).rejects.toMatchObject({ kind: "not_found" });
  });
});

describe("cancellation", () => {
  it("drops a request not yet sent when its only cell is cancelled", async () => {
    const { client, engine } = setup({}, 30);
    const first = engine.request("get_company", { ticker: "AAPL" });
    const ctrl = new AbortController();
    const second = engine.request("get_company", { ticker: "MSFT" }, { signal: ctrl.signal });
    await tick(5);
    ctrl.abort();
    await expect(second).rejects.toMatchObject({ kind: "cancelled" });
    await first;
    await engine.idle();
    expect(client.log.map((c) => c.params.ticker)).toEqual(["AAPL"]);
  });

  it("keeps the request while another cell still waits on it", async () => {
    const { client, engine } = setup({}, 30);
    void engine.request("get_company", { ticker: "AAPL" });
    const ctrl = new AbortController();
    const cancelled = engine.request("get_company", { ticker: "MSFT" }, { signal: ctrl.signal });
    const kept = engine.request("get_company", { ticker: "MSFT" });
    ctrl.abort();
    await expect(cancelled).rejects.toMatchObject({ kind: "cancelled" });
    await expect(kept).resolves.toBeDefined();
    expect(client.log).toHaveLength(2);
  });

  it("lets a request already sent finish and caches it", async () => {
    const { client, engine } = setup({}, 30);
    const ctrl = new AbortController();
    const p = engine.request("get_company", { ticker: "AAPL" }, { signal: ctrl.signal });
    await tick(10);
    ctrl.abort();
    await expect(p).resolves.toBeDefined();
    await engine.request("get_company", { ticker: "AAPL" });
    expect(client.log).toHaveLength(1);
  });

  it("a cancelled member does not stop the coalesced call its sibling waits on", async () => {
    const { client, engine } = setup({ windowMs: 20 });
    const ctrl = new AbortController();
    const a = engine.request("get_financials", { ticker: "AAPL", metrics: "ebitda" }, { signal: ctrl.signal });
    const b = engine.request("get_financials", { ticker: "AAPL", metrics: "revenue" });
    ctrl.abort();
    await expect(a).rejects.toMatchObject({ kind: "cancelled" });
    await expect(b).resolves.toMatchObject({ stale: false });
    expect(client.log).toHaveLength(1);
  });

  it("rejects at once when the signal is already aborted and nothing is cached", async () => {
    const { client, engine } = setup();
    const ctrl = new AbortController();
    ctrl.abort();
    await expect(engine.request("get_company", { ticker: "AAPL" }, { signal: ctrl.signal })).rejects.toMatchObject({
      kind: "cancelled",
    });
    expect(client.log).toHaveLength(0);
  });
});
