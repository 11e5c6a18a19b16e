import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { IndexedDbStore } from "../../src/adapters/browser/indexeddb-store";
import { FileStore } from "../../src/adapters/node/file-store";
import { CacheRecord, createEngine, MemoryStore } from "../../src/engine";
import { FakeClient } from "./fakeClient";

const tmpDirs: string[] = [];
function tmpDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "svc-store-"));
  tmpDirs.push(d);
  return d;
}
afterAll(() => tmpDirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const record = (text: string): CacheRecord => ({
  v: 2,
  kind: "answer",
  tool: "get_company",
  entries: [{ sent: { ticker: "AAPL" }, data: { name: text }, link: "https://x.test", text, fetchedAt: 1 }],
});

describe("FileStore", () => {
  it("reads back what it wrote", async () => {
    const store = new FileStore(tmpDir());
    await store.set("k", record("one"));
    await expect(store.get("k")).resolves.toEqual(record("one"));
    await expect(store.get("other")).resolves.toBeUndefined();
  });

  it("drops a corrupt entry instead of failing the load", async () => {
    const store = new FileStore(tmpDir());
    await store.set("k", record("one"));
    fs.writeFileSync(store.fileFor("k"), '{"key":"k","record":{"v":1,"kind":"pl');
    await expect(store.get("k")).resolves.toBeUndefined();
    expect(fs.existsSync(store.fileFor("k"))).toBe(false);
  });

  it("drops an entry of the wrong shape", async () => {
    const store = new FileStore(tmpDir());
    fs.mkdirSync(store.dir, { recursive: true });
    fs.writeFileSync(store.fileFor("k"), JSON.stringify({ key: "k", record: { v: 2, kind: "answer", entries: 3 } }));
    await expect(store.get("k")).resolves.toBeUndefined();
  });

  it("keeps the previous entry when a write fails midway (full disk)", async () => {
    const store = new FileStore(tmpDir());
    await store.set("k", record("old"));
    const spy = jest.spyOn(fs.promises, "rename").mockRejectedValueOnce(Object.assign(new Error("ENOSPC"), { code: "ENOSPC" }));
    await expect(store.set("k", record("new"))).rejects.toThrow("ENOSPC");
    spy.mockRestore();
    await expect(store.get("k")).resolves.toEqual(record("old"));
    expect(fs.readdirSync(store.dir).filter((n) => n.endsWith(".tmp"))).toEqual([]);
  });

  it("ignores a temporary file left by a crash", async () => {
    const store = new FileStore(tmpDir());
    await store.set("k", record("old"));
    fs.writeFileSync(`${store.fileFor("k")}.999.abc.tmp`, "{half");
    await expect(store.get("k")).resolves.toEqual(record("old"));
    await store.clear();
    expect(fs.readdirSync(store.dir)).toEqual([]);
  });
});

describe("IndexedDbStore", () => {
  it("reads as empty and writes nothing where IndexedDB is absent", async () => {
    const store = new IndexedDbStore("scope", "svc-test");
    await store.set("k", record("x"));
    await expect(store.get("k")).resolves.toBeUndefined();
    await store.clear();
  });
});

describe("persistent cache in the engine", () => {
  it("lets a reopened workbook recalculate without calls while entries are fresh", async () => {
    const dir = tmpDir();
    const client = new FakeClient({ latencyMs: 1 });
    const first = createEngine({ client, store: new FileStore(dir), windowMs: 1 });
    const a = await first.request("get_financials", { ticker: "AAPL", metrics: "revenue,net_income", years: 6 });
    await first.request("get_company", { ticker: "AAPL" });
    await first.flush();

    const reopened = createEngine({ client, store: new FileStore(dir), windowMs: 1 });
    const b = await reopened.request("get_financials", { ticker: "AAPL", metrics: "net_income", years: 2 });
    const c = await reopened.request("get_company", { ticker: "AAPL" });
    expect(client.log).toHaveLength(2);
    expect(reopened.stats()).toMatchObject({ calls: 0, cache_hits: 2 });
    expect(b.data.periods).toEqual((a.data.periods as string[]).slice(-2));
    expect(c.link).toBe("https://example.test/get_company");
  });

  it("calls again after reopening once entries have expired", async () => {
    const store = new MemoryStore();
    let now = 1_700_000_000_000;
    const client = new FakeClient({ latencyMs: 1 });
    const first = createEngine({ client, store, now: () => now });
    await first.request("get_headlines", { ticker: "AAPL" });
    await first.flush();
    now += 20 * 60_000;
    const reopened = createEngine({ client, store, now: () => now });
    await reopened.request("get_headlines", { ticker: "AAPL" });
    expect(client.log).toHaveLength(2);
  });

  it("survives a corrupt persistent entry by calling again", async () => {
    const store = new MemoryStore();
    const client = new FakeClient({ latencyMs: 1 });
    const first = createEngine({ client, store });
    await first.request("get_company", { ticker: "AAPL" });
    await first.flush();
    store.setRaw("get_company?ticker=AAPL", "{not json");
    const reopened = createEngine({ client, store });
    await expect(reopened.request("get_company", { ticker: "AAPL" })).resolves.toBeDefined();
    expect(client.log).toHaveLength(2);
  });

  it("keeps answering when the store fails to write", async () => {
    const client = new FakeClient({ latencyMs: 1 });
    const store = new MemoryStore();
    store.set = async () => {
      throw new Error("disk full");
    };
    const engine = createEngine({ client, store });
    await expect(engine.request("get_company", { ticker: "AAPL" })).resolves.toBeDefined();
    await engine.flush();
    await expect(engine.request("get_company", { ticker: "AAPL" })).resolves.toBeDefined();
    expect(client.log).toHaveLength(1);
  });

  it("serves a persisted entry as stale after reopening when the API is down", async () => {
    const store = new MemoryStore();
    let now = 1_700_000_000_000;
    const client = new FakeClient({ latencyMs: 1 });
    const first = createEngine({ client, store, now: () => now });
    await first.request("get_economy", {});
    await first.flush();
    now += 3 * 3_600_000;
    client.fail("network", "network");
    const reopened = createEngine({ client, store, now: () => now, retryDelayMs: 1 });
    await expect(reopened.request("get_economy", {})).resolves.toMatchObject({ stale: true });
  });

  it("clearCache empties the persistent layer of answers (only the quota state stays)", async () => {
    const store = new MemoryStore();
    const client = new FakeClient({ latencyMs: 1 });
    const engine = createEngine({ client, store });
    await engine.request("get_company", { ticker: "AAPL" });
    await engine.clearCache();
    await engine.flush();
    expect(store.size()).toBe(1);
    expect((await store.get("svc:quota"))?.kind).toBe("quota");
    const reopened = createEngine({ client, store });
    await reopened.request("get_company", { ticker: "AAPL" });
    expect(client.log).toHaveLength(2);
  });
});
