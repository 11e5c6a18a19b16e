import { MemoryStore, createEngine } from "../../src/engine";
import { FakeClient } from "./fakeClient";

const T0 = Date.UTC(2026, 10, 3, 22, 0, 0); // 22:00 UTC
const MIDNIGHT = Date.UTC(2026, 10, 4, 0, 0, 0);

function setup(quota: number) {
  let now = T0;
  const client = new FakeClient({ latencyMs: 1, quota });
  const engine = createEngine({ client, windowMs: 1, retryDelayMs: 1, now: () => now });
  return { client, engine, setNow: (t: number) => (now = t) };
}

describe("quota governor", () => {
  it("tracks X-Quota-Remaining", async () => {
    const { engine } = setup(10);
    await engine.request("get_company", { ticker: "A" });
    await engine.request("get_company", { ticker: "B" });
    expect(engine.stats().quota_remaining).toBe(8);
  });

  it("sends nothing once the header reaches 0, until 00:00 UTC", async () => {
    const { client, engine, setNow } = setup(1);
    await engine.request("get_company", { ticker: "A" });
    expect(engine.quotaBlockedUntil()).toBe(MIDNIGHT);
    await expect(engine.request("get_company", { ticker: "B" })).rejects.toMatchObject({ kind: "quota_exhausted" });
    expect(client.log).toHaveLength(1);
    setNow(MIDNIGHT - 1);
    await expect(engine.request("get_company", { ticker: "B" })).rejects.toMatchObject({ kind: "quota_exhausted" });
    client.quota = 2000;
    setNow(MIDNIGHT);
    await expect(engine.request("get_company", { ticker: "B" })).resolves.toBeDefined();
    expect(engine.quotaBlockedUntil()).toBeNull();
  });

  it("blocks on a 429 that says the quota is used up", async () => {
    const { client, engine } = setup(0);
    await expect(engine.request("get_company", { ticker: "A" })).rejects.toMatchObject({ kind: "quota_exhausted" });
    await expect(engine.request("get_company", { ticker: "B" })).rejects.toMatchObject({ kind: "quota_exhausted" });
    expect(client.log).toHaveLength(1);
    expect(engine.stats().quota_remaining).toBe(0);
  });

  it("still answers from cache while blocked, and serves expired entries as stale", async () => {
    const { engine, setNow } = setup(2);
    await engine.request("get_headlines", { ticker: "A" });
    await engine.request("get_company", { ticker: "A" });
    expect(engine.quotaBlockedUntil()).not.toBeNull();
    await expect(engine.request("get_company", { ticker: "A" })).resolves.toMatchObject({ stale: false });
    setNow(T0 + 30 * 60_000); // headlines live 15 minutes
    await expect(engine.request("get_headlines", { ticker: "A" })).resolves.toMatchObject({ stale: true });
  });

  it("fails every queued request with the quota error when the quota runs out mid-queue", async () => {
    const { client, engine } = setup(1);
    const all = await Promise.allSettled(["A", "B", "C"].map((t) => engine.request("get_company", { ticker: t })));
    expect(all.map((r) => r.status)).toEqual(["fulfilled", "rejected", "rejected"]);
    expect(client.log).toHaveLength(1);
  });

  it("counts down from the last known value when answers carry no header", async () => {
    const { client, engine } = setup(100);
    await engine.request("get_company", { ticker: "A" });
    client.sendQuotaHeader = false;
    await engine.request("get_company", { ticker: "B" });
    await engine.request("get_company", { ticker: "C" });
    expect(engine.stats().quota_remaining).toBe(97);
  });

  it("reports null while the quota is unknown", () => {
    const { engine } = setup(5);
    expect(engine.stats().quota_remaining).toBeNull();
  });
});

describe("quota governor across runtimes and runs (persistent store)", () => {
  function persisted(quota: number, store: MemoryStore, at: () => number) {
    const client = new FakeClient({ latencyMs: 1, quota });
    const engine = createEngine({ client, store, windowMs: 1, retryDelayMs: 1, now: at });
    return { client, engine };
  }

  it("a reopened engine knows the day's quota is used up and sends nothing", async () => {
    const store = new MemoryStore();
    const first = persisted(0, store, () => T0);
    await expect(first.engine.request("get_company", { ticker: "A" })).rejects.toMatchObject({ kind: "quota_exhausted" });
    await first.engine.flush();
    const second = persisted(0, store, () => T0 + 60_000);
    await expect(second.engine.request("get_company", { ticker: "B" })).rejects.toMatchObject({ kind: "quota_exhausted" });
    expect(second.client.log).toHaveLength(0);
  });

  it("a reopened engine calls again on the next UTC day", async () => {
    const store = new MemoryStore();
    const first = persisted(0, store, () => T0);
    await expect(first.engine.request("get_company", { ticker: "A" })).rejects.toMatchObject({ kind: "quota_exhausted" });
    await first.engine.flush();
    const second = persisted(5, store, () => MIDNIGHT + 1);
    await expect(second.engine.request("get_company", { ticker: "B" })).resolves.toBeDefined();
    expect(second.client.log).toHaveLength(1);
  });

  it("a reopened engine reports the last quota it saw today before any call", async () => {
    const store = new MemoryStore();
    const first = persisted(42, store, () => T0);
    await first.engine.request("get_company", { ticker: "A" });
    await first.engine.flush();
    const second = persisted(41, store, () => T0 + 1);
    await second.engine.request("get_company", { ticker: "A" }); // from cache
    expect(second.engine.stats().quota_remaining).toBe(41);
  });

  it("keeps the quota state when the cache is cleared", async () => {
    const store = new MemoryStore();
    const first = persisted(0, store, () => T0);
    await expect(first.engine.request("get_company", { ticker: "A" })).rejects.toMatchObject({ kind: "quota_exhausted" });
    await first.engine.clearCache();
    await first.engine.flush();
    const second = persisted(0, store, () => T0 + 1);
    await expect(second.engine.request("get_company", { ticker: "B" })).rejects.toMatchObject({ kind: "quota_exhausted" });
    expect(second.client.log).toHaveLength(0);
  });
});
