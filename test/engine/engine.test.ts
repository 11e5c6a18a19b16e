import { DEFAULT_METRICS } from "../fakes/api/rules";
import { SvcError } from "../../src/api/errors";
import { createEngine, EngineOptions, MemoryStore } from "../../src/engine";
import type { CrossLock } from "../../src/platform/locks";
import { RequestRules, apiRules } from "../../src/engine/rules";
import { FakeClock } from "./fake-clock";
import { FakeClient, financialsData } from "./fakeClient";

/**
 * An engine on fake time (test/engine/fake-clock.ts): windows, latencies and lifetimes are exact,
 * and nothing depends on how loaded the machine is. `run(p)` advances the clock until p settles.
 */
function setup(opts: Partial<EngineOptions> = {}, latencyMs = 5) {
  const clock = new FakeClock();
  const client = FakeClient.on(clock, latencyMs);
  const engine = createEngine({ client, clock, windowMs: 5, retryDelayMs: 5, ...opts });
  const run = async <T>(p: Promise<T>): Promise<T> => {
    await clock.settle(p);
    return p;
  };
  return { client, engine, clock, run, tick: (ms = 0) => clock.advance(ms) };
}

/** Rules whose get_financials call is only what was asked (as for a metric outside the statement's known list). */
const narrowFin: RequestRules = {
  ...apiRules,
  widen: (req) => (req.tool === "get_financials" ? { ...apiRules.widen(req), params: req.params } : apiRules.widen(req)),
};

const metricKeys = (d: Record<string, unknown>) => (d.metrics as { key: string }[]).map((m) => m.key);

describe("validation", () => {
  it("rejects an invalid argument with invalid_argument and spends no call", async () => {
    const { client, engine } = setup();
    await expect(engine.request("get_financials", { ticker: "AAPL", years: 99 })).rejects.toMatchObject({
      kind: "invalid_argument",
      param: "years",
    });
    expect(client.log).toHaveLength(0);
  });

  it("turns an unknown parameter name into an SvcError rather than a crash", async () => {
    const { engine } = setup();
    await expect(engine.request("get_company", { ticker: "AAPL", nope: 1 })).rejects.toBeInstanceOf(SvcError);
  });
});

describe("dedupe", () => {
  it("makes one call for identical requests arriving together", async () => {
    const { client, engine, run } = setup();
    const all = await run(Promise.all([1, 2, 3, 4].map(() => engine.request("get_company", { ticker: "aapl" }))));
    expect(client.log).toHaveLength(1);
    expect(all.every((a) => a.data === all[0].data)).toBe(true);
    expect(engine.stats()).toMatchObject({ calls: 1, coalesced: 3 });
  });

  it("joins a request to an identical call already in flight", async () => {
    const { client, engine, run, tick } = setup({}, 30);
    const first = engine.request("get_peers", { ticker: "MSFT" });
    await tick(10);
    expect(client.log).toHaveLength(1);
    const second = engine.request("get_peers", { ticker: "MSFT" });
    await run(Promise.all([first, second]));
    expect(client.log).toHaveLength(1);
  });

  it("treats blank optional arguments like omitted ones", async () => {
    const { client, engine, run } = setup();
    await run(Promise.all([
      engine.request("list_filings", { ticker: "AAPL", form_type: null, limit: 5 }),
      engine.request("list_filings", { ticker: "AAPL", form_type: "", limit: "5" }),
    ]));
    expect(client.log).toHaveLength(1);
  });
});

describe("cache", () => {
  it("answers a repeated request from cache without a call", async () => {
    const { client, engine, run } = setup();
    await run(engine.request("get_company", { ticker: "AAPL" }));
    const again = await run(engine.request("get_company", { ticker: "AAPL" }));
    expect(client.log).toHaveLength(1);
    expect(again.stale).toBe(false);
    expect(engine.stats().cache_hits).toBe(1);
  });

  it("keeps the whole answer: data, link and text", async () => {
    const { engine, run } = setup();
    const a = await run(engine.request("get_economy", {}));
    expect(a.link).toBe("https://example.test/get_economy");
    expect(a.text).toBe("get_economy answer");
    expect(a.data.notice).toBe("about get_economy");
    expect(typeof a.fetchedAt).toBe("number");
  });

  it("calls again once the tool's lifetime from the catalogue has passed", async () => {
    const { client, engine, run, tick } = setup();
    await run(engine.request("get_headlines", { ticker: "AAPL" })); // 15 minutes
    await tick(14 * 60_000);
    await run(engine.request("get_headlines", { ticker: "AAPL" }));
    expect(client.log).toHaveLength(1);
    await tick(2 * 60_000);
    await run(engine.request("get_headlines", { ticker: "AAPL" }));
    expect(client.log).toHaveLength(2);
  });

  it("forgets everything on clearCache", async () => {
    const { client, engine, run } = setup();
    await run(engine.request("get_company", { ticker: "AAPL" }));
    await engine.clearCache();
    await run(engine.request("get_company", { ticker: "AAPL" }));
    expect(client.log).toHaveLength(2);
  });
});

describe("get_financials coalescing", () => {
  it("asks once, wide (every metric of the statement, the most years, provenance), and hands each request its slice", async () => {
    const { client, engine, run } = setup();
    const [a, b, c] = await run(Promise.all([
      engine.request("get_financials", { ticker: "AAPL", metrics: "revenue", years: 3 }),
      engine.request("get_financials", { ticker: "AAPL", metrics: ["net_income", "revenue"], years: 10 }),
      engine.request("get_financials", { ticker: "AAPL", metrics: "gross_margin" }),
    ]));
    expect(client.log).toHaveLength(1);
    expect(client.log[0].params).toMatchObject({ metrics: expect.arrayContaining(["revenue", "net_income", "gross_margin"]), years: 20, include_provenance: true });
    expect(metricKeys(a.data)).toEqual(["revenue"]);
    expect(a.data.periods).toEqual(["FY2022", "FY2023", "FY2024"]);
    expect(metricKeys(b.data)).toEqual(["net_income", "revenue"]);
    expect((b.data.periods as string[]).length).toBe(10);
    expect(metricKeys(c.data)).toEqual(["gross_margin"]);
    expect((c.data.periods as string[]).length).toBe(5);
    expect(engine.stats().coalesced).toBe(2);
  });

  it("hands each request the same numbers a direct call would give", async () => {
    const { engine, run } = setup();
    const [small] = await run(Promise.all([
      engine.request("get_financials", { ticker: "MSFT", metrics: "net_income", years: 2, period_type: "quarterly" }),
      engine.request("get_financials", { ticker: "MSFT", metrics: "revenue", years: 6, period_type: "quarterly" }),
    ]));
    const direct = financialsData({ ticker: "MSFT", metrics: ["net_income"], years: 2, period_type: "quarterly" });
    expect(small.data.periods).toEqual(direct.periods);
    expect(small.data.period_ends).toEqual(direct.period_ends);
    expect(small.data.metrics).toEqual(direct.metrics);
  });

  it("keeps statements and period types apart; provenance rides along in the wide call", async () => {
    const { client, engine, run } = setup();
    await run(Promise.all([
      engine.request("get_financials", { ticker: "AAPL", metrics: "revenue" }),
      engine.request("get_financials", { ticker: "AAPL", statement: "balance", metrics: "cash" }),
      engine.request("get_financials", { ticker: "AAPL", metrics: "revenue", period_type: "quarterly" }),
      engine.request("get_financials", { ticker: "AAPL", metrics: "revenue", include_provenance: true }),
      engine.request("get_financials", { ticker: "MSFT", metrics: "revenue" }),
    ]));
    expect(client.log).toHaveLength(4);
  });

  it("gives a request without metrics exactly the statement's default metrics", async () => {
    const { engine, run } = setup();
    const [plain] = await run(Promise.all([
      engine.request("get_financials", { ticker: "AAPL", statement: "cash_flow" }),
      engine.request("get_financials", { ticker: "AAPL", statement: "cash_flow", metrics: "cf_sbc" }),
    ]));
    expect(metricKeys(plain.data)).toEqual([...DEFAULT_METRICS.cash_flow]);
  });

  it("answers a smaller request from a cached answer with more metrics and years", async () => {
    const { client, engine, run } = setup();
    await run(engine.request("get_financials", { ticker: "AAPL", metrics: "revenue,net_income,ebitda", years: 8 }));
    const a = await run(engine.request("get_financials", { ticker: "AAPL", metrics: "ebitda;revenue", years: 4 }));
    expect(client.log).toHaveLength(1);
    expect(metricKeys(a.data)).toEqual(["ebitda", "revenue"]);
    expect(a.data.periods).toEqual(["FY2021", "FY2022", "FY2023", "FY2024"]);
    expect(engine.stats().cache_hits).toBe(1);
  });

  it("answers later requests for other metrics and more years from the wide answer", async () => {
    const { client, engine, run } = setup();
    await run(engine.request("get_financials", { ticker: "AAPL", metrics: "revenue", years: 5 }));
    await run(engine.request("get_financials", { ticker: "AAPL", metrics: "revenue", years: 6 }));
    await run(engine.request("get_financials", { ticker: "AAPL", metrics: "net_income", years: 2 }));
    expect(client.log).toHaveLength(1);
  });

  it("lets a request join a call in flight that already covers it", async () => {
    const { client, engine, run, tick } = setup({}, 30);
    const big = engine.request("get_financials", { ticker: "AAPL", metrics: "revenue,net_income", years: 10 });
    await tick(15);
    expect(client.log).toHaveLength(1);
    const small = await run(engine.request("get_financials", { ticker: "AAPL", metrics: "net_income", years: 1 }));
    await run(big);
    expect(client.log).toHaveLength(1);
    expect(small.data.periods).toEqual(["FY2024"]);
  });

  it("groups requests that arrive within the window even when the queue is idle", async () => {
    const { client, engine, run, tick } = setup({ windowMs: 20 });
    const a = engine.request("get_financials", { ticker: "AAPL", metrics: "revenue" });
    await tick(5);
    const b = engine.request("get_financials", { ticker: "AAPL", metrics: "net_income" });
    await run(Promise.all([a, b]));
    expect(client.log).toHaveLength(1);
  });
});

describe("scheduling", () => {
  it("sends a wide get_financials call at once, without waiting for the window", async () => {
    const { client, engine, clock } = setup({ windowMs: 200 });
    const took = await clock.settle(engine.request("get_financials", { ticker: "AAPL", metrics: "revenue" }));
    expect(took).toBe(5); // the call's latency alone
    expect(client.log).toHaveLength(1);
  });

  it("holds a get_financials call for the window while a member asks beyond the wide call, sending other calls first", async () => {
    const { client, engine, run, tick } = setup({ windowMs: 15, rules: narrowFin }, 10);
    const all: Promise<unknown>[] = [engine.request("get_financials", { ticker: "AAPL", metrics: "revenue" })];
    all.push(engine.request("get_company", { ticker: "AAPL" }));
    all.push(engine.request("get_peers", { ticker: "AAPL" }));
    await tick(12); // the company call is in flight; the financials group is not sent yet
    all.push(engine.request("get_financials", { ticker: "AAPL", metrics: "net_income" }));
    await run(Promise.all(all));
    expect(client.log.map((c) => c.tool)).toEqual(["get_company", "get_peers", "get_financials"]);
    expect(client.log[2].params.metrics).toEqual(["revenue", "net_income"]);
  });

  it("does not hold a plain call back for the coalescing window", async () => {
    const { client, engine, clock } = setup({ windowMs: 200 });
    const took = await clock.settle(engine.request("get_company", { ticker: "AAPL" }));
    expect(took).toBe(5);
    expect(client.log).toHaveLength(1);
  });

  it("sends a get_financials group at the latest maxDeferMs after it was created", async () => {
    const { client, engine, run, tick } = setup({ windowMs: 20, maxDeferMs: 60, rules: narrowFin });
    const first = engine.request("get_financials", { ticker: "AAPL", metrics: "revenue" });
    const more: Promise<unknown>[] = [];
    // A plain call every 5 ms for 150 ms: the queue never runs dry.
    for (let t = 0; t < 150; t += 5) {
      more.push(engine.request("get_company", { ticker: `X${more.length}` }).catch(() => undefined));
      await tick(5);
    }
    await run(first);
    const fin = client.log.find((c) => c.tool === "get_financials");
    // Created at 0, sent once maxDeferMs passed and the call in flight then ended (5 ms each).
    expect(fin?.start).toBeDefined();
    expect((fin?.start ?? Infinity) - client.log[0].start).toBeLessThanOrEqual(60 + 5);
    await run(Promise.all(more));
  });
});

describe("write-behind", () => {
  it("sends the next call before the answer is handed to its cells; idle() and flush() wait for them", async () => {
    const { client, engine, clock } = setup({}, 10);
    const events: string[] = [];
    const call = client.call.bind(client);
    let koSent: () => void = () => undefined;
    const koOut = new Promise<void>((r) => (koSent = r));
    client.call = (tool, params) => {
      events.push(`call ${params.ticker}`);
      if (params.ticker === "KO") koSent();
      return call(tool, params);
    };
    const a = engine.request("get_company", { ticker: "AAPL" }).then(() => events.push("AAPL settled"));
    const b = engine.request("get_company", { ticker: "MSFT" }).then(() => events.push("MSFT settled"));
    await clock.settle(Promise.all([a, b]));
    expect(events).toEqual(["call AAPL", "call MSFT", "AAPL settled", "MSFT settled"]);
    const c = engine.request("get_peers", { ticker: "KO" });
    // Asked while KO's call is in flight (the request first looks in the cache and the remembered 404s).
    await clock.settle(koOut);
    const idle = engine.idle().then(() => events.push("idle"));
    const flushed = engine.flush().then(() => events.push("flushed"));
    await clock.settle(Promise.all([c, idle, flushed]));
    expect(events.slice(-2).sort()).toEqual(["flushed", "idle"]);
  });
});

describe("a store shared with other runtimes", () => {
  /** A cross-runtime lock (not a LocalLock, so the engine re-reads the shared store inside it). */
  const sharedLock = (): CrossLock => {
    let tail: Promise<unknown> = Promise.resolve();
    return { run: (_name, fn) => (tail = tail.then(fn, fn)) as never };
  };

  it("is read at most once per identity and hold of the lock, and written behind the next call (quota too)", async () => {
    const store = new MemoryStore();
    const reads: string[] = [];
    const events: string[] = [];
    const get = store.get.bind(store);
    const set = store.set.bind(store);
    store.get = (k) => (reads.push(k), get(k));
    store.set = (k, r) => (events.push(`write ${k}`), set(k, r));
    const { client, engine, clock } = setup({ store, lock: sharedLock() }, 10);
    client.quota = 900;
    const call = client.call.bind(client);
    client.call = (tool, params) => {
      events.push(`call ${params.ticker}`);
      return call(tool, params);
    };
    const tickers = ["AAPL", "MSFT", "KO", "XOM"];
    await clock.settle(Promise.all(tickers.map((t) => engine.request("get_company", { ticker: t }))));
    await clock.settle(engine.flush());
    // Each identity: once when first asked, once inside the hold (read ahead while the call before it was out).
    for (const t of tickers) expect(reads.filter((k) => k === `get_company?ticker=${t}`)).toHaveLength(2);
    // The answer's and the quota's writes come after the next call went out, never between.
    const at = (e: string) => events.indexOf(e);
    const quotaWrites = events.flatMap((e, j) => (e === "write svc:quota" ? [j] : []));
    for (let i = 0; i + 1 < tickers.length; i++) {
      expect(at(`write get_company?ticker=${tickers[i]}`)).toBeGreaterThan(at(`call ${tickers[i + 1]}`));
      expect(quotaWrites[i]).toBeGreaterThan(at(`call ${tickers[i + 1]}`));
    }
    expect(events).toContain("write svc:quota");
  });
});

describe("stats", () => {
  it("reports calls, cache hits, coalesced and the quota from X-Quota-Remaining", async () => {
    const { client, engine, run } = setup();
    client.quota = 500;
    await run(Promise.all([
      engine.request("get_company", { ticker: "A" }),
      engine.request("get_company", { ticker: "A" }),
    ]));
    await run(engine.request("get_company", { ticker: "A" }));
    expect(engine.stats()).toMatchObject({ calls: 1, cache_hits: 1, coalesced: 1, retries: 0, quota_remaining: 499 });
  });

  it("notifies listeners when counts change", async () => {
    const { engine, run, tick } = setup();
    const seen: number[] = [];
    const off = engine.onChange((s) => seen.push(s.calls));
    await run(engine.request("get_company", { ticker: "A" }));
    await tick();
    off();
    expect(seen).toContain(1);
  });
});
