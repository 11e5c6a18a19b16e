import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { FileStore } from "../../src/adapters/node/file-store";
import { createEngine } from "../../src/engine";
import { FileLock } from "../../src/adapters/node/file-lock";
import { LocalLock } from "../../src/platform/locks";
import { FakeClient, tick } from "./fakeClient";

const tmpDirs: string[] = [];
function tmpDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "svc-queue-"));
  tmpDirs.push(d);
  return d;
}
afterAll(() => tmpDirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** Overlap check over the shared call log: each call must start after the previous one ended. */
function overlapping(log: { start: number; end?: number }[]): number {
  const sorted = [...log].sort((a, b) => a.start - b.start);
  let n = 0;
  for (let i = 1; i < sorted.length; i++) if (sorted[i].start < (sorted[i - 1].end ?? Infinity)) n++;
  return n;
}

describe("serial queue", () => {
  it("never runs two calls at once within a runtime", async () => {
    const client = new FakeClient({ latencyMs: 3 });
    const engine = createEngine({ client, windowMs: 1 });
    const tickers = Array.from({ length: 30 }, (_, i) => `T${i}`);
    await Promise.all(tickers.map((t) => engine.request("get_peers", { ticker: t })));
    expect(client.log).toHaveLength(30);
    expect(client.maxConcurrent).toBe(1);
  });

  it("never runs two calls at once for two runtimes sharing a lock", async () => {
    const client = new FakeClient({ latencyMs: 3 });
    const lock = new LocalLock();
    const a = createEngine({ client, lock, windowMs: 1 });
    const b = createEngine({ client, lock, windowMs: 1 });
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => [
        a.request("get_peers", { ticker: `A${i}` }),
        b.request("get_peers", { ticker: `B${i}` }),
      ]).flat(),
    );
    expect(client.log).toHaveLength(40);
    expect(client.maxConcurrent).toBe(1);
  });

  it("never runs two calls at once for two processes sharing a lock file", async () => {
    const client = new FakeClient({ latencyMs: 2 });
    const dir = tmpDir();
    const a = createEngine({ client, lock: new FileLock(dir), windowMs: 1 });
    const b = createEngine({ client, lock: new FileLock(dir), windowMs: 1 });
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => [
        a.request("get_peers", { ticker: `A${i}` }),
        b.request("get_peers", { ticker: `B${i}` }),
      ]).flat(),
    );
    expect(client.log).toHaveLength(16);
    expect(overlapping(client.log)).toBe(0);
  });

  it("spends one call when two processes sharing a store and a lock ask the same thing at once", async () => {
    const client = new FakeClient({ latencyMs: 5 });
    const lockDir = tmpDir();
    const cacheDir = tmpDir();
    const mk = () => createEngine({ client, lock: new FileLock(lockDir), store: new FileStore(cacheDir), windowMs: 1 });
    const a = mk();
    const b = mk();
    const [x, y] = await Promise.all([
      a.request("get_financials", { ticker: "AAPL", metrics: "revenue", years: 5 }),
      b.request("get_financials", { ticker: "AAPL", metrics: "revenue", years: 5 }),
    ]);
    expect(client.log).toHaveLength(1);
    expect(y.data).toEqual(x.data);
  });

  it("sends calls in arrival order", async () => {
    const client = new FakeClient({ latencyMs: 1 });
    const engine = createEngine({ client, windowMs: 0 });
    await Promise.all(["A", "B", "C", "D"].map((t) => engine.request("get_peers", { ticker: t })));
    expect(client.log.map((c) => c.params.ticker)).toEqual(["A", "B", "C", "D"]);
  });

  it("does not let a hung call block the queue", async () => {
    const client = new FakeClient({ latencyMs: 1 });
    const engine = createEngine({ client, windowMs: 0, timeoutMs: 30 });
    client.fail("hang");
    const results = await Promise.allSettled(["A", "B", "C"].map((t) => engine.request("get_peers", { ticker: t })));
    expect(results.map((r) => r.status)).toEqual(["rejected", "fulfilled", "fulfilled"]);
  });

  it("settles every request under a burst of mixed faults (race)", async () => {
    const client = new FakeClient({ latencyMs: 1 });
    const engine = createEngine({
      client,
      windowMs: 2,
      timeoutMs: 40,
      retryDelayMs: 2,
      busyRetryBaseMs: 2,
      busyRetryBudgetMs: 30,
    });
    client.fail("busy", "hang", "network", "bad_body", { kind: "unavailable", status: 503 }, "busy", "busy", "timeout");
    const reqs = Array.from({ length: 60 }, (_, i) =>
      i % 3 === 0
        ? engine.request("get_financials", { ticker: `T${i % 7}`, metrics: i % 2 ? "revenue" : "net_income", years: 1 + (i % 5) })
        : engine.request("get_company", { ticker: `T${i % 11}` }),
    );
    const ctrl = new AbortController();
    reqs.push(engine.request("get_peers", { ticker: "LATE" }, { signal: ctrl.signal }));
    ctrl.abort();
    const settled = await Promise.allSettled(reqs);
    expect(settled).toHaveLength(61);
    await engine.idle();
    expect(client.maxConcurrent).toBe(1);
    await tick(5);
    expect(engine.stats().pending).toBe(0);
  });
});
