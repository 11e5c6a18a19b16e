/** Quota governor, store timeouts, the LRU bound, 400 splitting, plan/invalidate/cancel/forget — on fake time. */
import "fake-indexeddb/auto";
import { IndexedDbStore } from "../../src/adapters/browser/indexeddb-store";
import { SvcError } from "../../src/api/errors";
import { CacheRecord, createEngine, EngineOptions, MemoryStore, PersistentStore } from "../../src/engine";
import { FakeClock } from "./fake-clock";
import { FakeClient } from "./fakeClient";
import { LocalLock } from "../../src/platform/locks";

function setup(opts: Partial<EngineOptions> = {}, latencyMs = 20) {
  const clock = new FakeClock();
  const client = new FakeClient({ latencyMs, sleep: (ms) => new Promise((r) => clock.setTimeout(r, ms)) });
  const engine = createEngine({ client, clock, random: () => 0.5, windowMs: 5, ...opts });
  const run = async <T>(p: Promise<T>): Promise<T> => {
    await clock.settle(p);
    return p;
  };
  return { clock, client, engine, run };
}
const outcome = (p: Promise<unknown>) => p.then((v) => ({ ok: v }), (e: SvcError) => ({ kind: e.kind }));

describe("quota governor: only confirmed signals block", () => {
  it("never blocks on its own estimate, nor after failed calls", async () => {
    const { client, engine, run } = setup();
    client.quota = 3;
    await run(engine.request("get_company", { ticker: "A" })); // header: 2
    client.sendQuotaHeader = false;
    client.quota = 1000; // the API has calls left; the estimate will say 0
    await run(engine.request("get_company", { ticker: "B" }));
    await run(engine.request("get_company", { ticker: "C" }));
    expect(engine.stats().quota_remaining).toBe(0);
    client.fail("not_found", "not_found", { kind: "busy", status: 429 });
    await run(outcome(engine.request("get_company", { ticker: "D" })));
    await run(outcome(engine.request("get_company", { ticker: "E" })));
    await expect(run(engine.request("get_company", { ticker: "F" }))).resolves.toMatchObject({ stale: false });
    expect(engine.quotaBlockedUntil()).toBeNull();
  });

  it("blocks on a header of 0 until 00:00 UTC (a quota 429: quota.test.ts)", async () => {
    const { clock, client, engine, run } = setup();
    client.quota = 1;
    await run(engine.request("get_company", { ticker: "A" }));
    expect(engine.quotaBlockedUntil()).toBe((Math.floor(clock.now() / 86_400_000) + 1) * 86_400_000);
    const n = client.log.length;
    await expect(run(engine.request("get_company", { ticker: "B" }))).rejects.toMatchObject({ kind: "quota_exhausted" });
    expect(client.log.length).toBe(n);
  });
});

describe("store timeouts: a hung store never leaves a cell pending", () => {
  const hung: PersistentStore = {
    get: () => new Promise(() => undefined),
    set: () => new Promise(() => undefined),
    delete: () => new Promise(() => undefined),
    clear: () => new Promise(() => undefined),
  };

  it("falls back to the network when a store read hangs", async () => {
    const { clock, client, engine } = setup({ store: hung, storeTimeoutMs: 1_000 });
    const p = engine.request("get_company", { ticker: "A" });
    const took = await clock.settle(p);
    await expect(p).resolves.toMatchObject({ stale: false });
    expect(client.log).toHaveLength(1);
    expect(took).toBeLessThan(1_000 + 20 + 100);
    const flushed = engine.flush();
    await clock.settle(flushed);
    await expect(flushed).resolves.toBeUndefined();
  });

  it("falls back to the network when IndexedDB's open never answers", async () => {
    const factory = { open: () => ({}) as IDBOpenDBRequest } as unknown as IDBFactory; // no event ever fires
    const { clock, client, engine } = setup({ store: new IndexedDbStore("s", "hung", factory), storeTimeoutMs: 500 });
    const p = engine.request("get_peers", { ticker: "A" });
    await clock.settle(p, 10_000);
    await expect(p).resolves.toMatchObject({ stale: false });
    expect(client.log).toHaveLength(1);
  });

  it("uses a working IndexedDB (fake-indexeddb) across a reopen", async () => {
    const a = setup({ store: new IndexedDbStore("scope1", "svc-units") });
    await a.run(a.engine.request("get_company", { ticker: "A" }));
    await a.run(a.engine.flush());
    const b = setup({ store: new IndexedDbStore("scope1", "svc-units") });
    await b.run(b.engine.request("get_company", { ticker: "A" }));
    expect(b.client.log).toHaveLength(0);
    const c = setup({ store: new IndexedDbStore("scope2", "svc-units") });
    await c.run(c.engine.request("get_company", { ticker: "A" }));
    expect(c.client.log).toHaveLength(1);
  });
});

describe("memory cache bound", () => {
  it("keeps at most maxIdentities in memory, least recently used going first", async () => {
    const { client, engine, run } = setup({ maxIdentities: 3 });
    for (const t of ["A", "B", "C"]) await run(engine.request("get_company", { ticker: t }));
    await run(engine.request("get_company", { ticker: "A" })); // A is now the most recent
    await run(engine.request("get_company", { ticker: "D" })); // evicts B
    expect(client.log).toHaveLength(4);
    await run(engine.request("get_company", { ticker: "A" }));
    await run(engine.request("get_company", { ticker: "C" }));
    expect(client.log).toHaveLength(4);
    await run(engine.request("get_company", { ticker: "B" }));
    expect(client.log).toHaveLength(5);
  });
});

describe("a 400 on a coalesced call", () => {
  it("is split per member so only the bad cell fails", async () => {
    const { clock, client, engine } = setup();
    client.rejectIf = (p) => (Array.isArray(p.metrics) && p.metrics.includes("ebitda") ? "metrics: ebitda is not available" : null);
    const cells = [
      outcome(engine.request("get_financials", { ticker: "AAPL", metrics: "revenue" })),
      outcome(engine.request("get_financials", { ticker: "AAPL", metrics: "ebitda" })),
      outcome(engine.request("get_financials", { ticker: "AAPL", metrics: "net_income", years: 3 })),
    ];
    await clock.settle(Promise.all(cells));
    const [a, b, c] = await Promise.all(cells);
    expect(a).toHaveProperty("ok");
    expect(b).toMatchObject({ kind: "bad_request" });
    expect(c).toHaveProperty("ok");
    // the merged call, then each member alone
    expect(client.log).toHaveLength(4);
    // the identity is asked narrow from now on: a new metric costs one call, not a refused wide one first
    const later = outcome(engine.request("get_financials", { ticker: "AAPL", metrics: "gross_profit" }));
    await clock.settle(later);
    expect(await later).toHaveProperty("ok");
    expect(client.log).toHaveLength(5);
    expect(client.log[4].params.metrics).toEqual(["gross_profit"]);
    // and a refresh of these cells is priced (and spent) per distinct request
    const reqs = [
      { tool: "get_financials" as const, params: { ticker: "AAPL", metrics: "revenue" } },
      { tool: "get_financials" as const, params: { ticker: "AAPL", metrics: "gross_profit" } },
    ];
    const plan = await engine.plan(reqs, { refresh: true });
    expect(plan.calls).toBe(2);
    await engine.invalidate(reqs);
    const before = engine.stats().calls;
    const again = Promise.all(reqs.map((r) => engine.request(r.tool, r.params)));
    await clock.settle(again);
    expect(engine.stats().calls - before).toBe(plan.calls);
  });
});

describe("plan, invalidate, cancelQueued, forgetConnection (the planner: planner.test.ts)", () => {
  it("cancelQueued settles unsent calls now: stale answer if any, else cancelled", async () => {
    const { clock, client, engine, run } = setup({}, 1_000);
    await run(engine.request("get_company", { ticker: "A" }));
    await engine.invalidate([{ tool: "get_company", params: { ticker: "A" } }]);
    const first = outcome(engine.request("get_company", { ticker: "B" })); // sent
    await clock.advance(1);
    const queued = [outcome(engine.request("get_company", { ticker: "A" })), outcome(engine.request("get_company", { ticker: "C" }))];
    await clock.advance(1);
    expect(engine.cancelQueued()).toBe(2);
    const [a, c] = await Promise.all(queued);
    expect(a).toMatchObject({ ok: { stale: true } });
    expect(c).toMatchObject({ kind: "cancelled" });
    await clock.settle(first);
    expect(client.log.map((x) => x.params.ticker)).toEqual(["A", "B"]);
  });

  it("forgetConnection clears memory, the store and the quota state", async () => {
    const store = new MemoryStore();
    const { client, engine, run } = setup({ store });
    await run(engine.request("get_company", { ticker: "A" }));
    await run(engine.flush());
    expect(store.size()).toBe(2); // the answer and the quota state
    await run(engine.forgetConnection());
    expect(store.size()).toBe(0);
    expect(engine.stats().quota_remaining).toBeNull();
    await run(engine.request("get_company", { ticker: "A" }));
    expect(client.log).toHaveLength(2);
  });
});

describe("runtimes sharing a store and a lock", () => {
  it("a call answered from the store inside the lock leaves nothing behind: later requests of that identity still go out", async () => {
    const clock = new FakeClock();
    const client = new FakeClient({ latencyMs: 20, sleep: (ms) => new Promise((r) => clock.setTimeout(r, ms)) });
    const store = new MemoryStore();
    const lock = new LocalLock();
    const a = createEngine({ client, clock, store, lock, shareStore: true });
    const b = createEngine({ client, clock, store, lock, shareStore: true });
    const both = Promise.all([a.request("get_company", { ticker: "AAPL" }), b.request("get_company", { ticker: "AAPL" })]);
    await clock.settle(both);
    expect(client.log).toHaveLength(1); // b found a's answer in the store inside the lock
    await b.invalidate([{ tool: "get_company", params: { ticker: "AAPL" } }]);
    const again = b.request("get_company", { ticker: "AAPL" });
    await clock.settle(again, 60_000);
    await expect(again).resolves.toMatchObject({ stale: false });
    expect(client.log).toHaveLength(2);
  });
});

describe("IndexedDB store scope and sweep", () => {
  const answer = (fetchedAt: number): CacheRecord => ({
    v: 2,
    kind: "answer",
    tool: "get_company",
    entries: [{ sent: { ticker: "A" }, data: {}, link: "", text: "", fetchedAt }],
  });

  it("sweeps only this scope's answers older than the bound; clear() leaves other scopes alone", async () => {
    const now = Date.UTC(2026, 10, 23);
    const mine = new IndexedDbStore("mine", "svc-sweep");
    const theirs = new IndexedDbStore("theirs", "svc-sweep");
    await mine.set("old", answer(now - 10 * 86_400_000));
    await mine.set("new", answer(now - 60_000));
    await mine.set("svc:quota", { v: 2, kind: "quota", day: 1, remaining: 5, blockedUntil: null });
    await theirs.set("old", answer(now - 10 * 86_400_000));
    expect(await mine.sweep(7 * 86_400_000, now)).toBe(1);
    expect(await mine.get("old")).toBeUndefined();
    expect(await mine.get("new")).toBeDefined();
    expect(await mine.get("svc:quota")).toBeDefined();
    expect(await theirs.get("old")).toBeDefined();
    await mine.clear();
    expect(await mine.get("new")).toBeUndefined();
    expect(await theirs.get("old")).toBeDefined();
  });
});
