/**
 * Pipelining against the fake HTTP API, composed as the CLI composes it (ApiClient, file cache, lock
 * file): the next call leaves as soon as the previous answer is in, before that answer is read;
 * still only one call is ever in flight (the fake's own concurrency check), and a 429's Retry-After
 * still holds the next request back.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { performance } from "perf_hooks";
import type { ToolName } from "../../src/api/catalogue";
import { ApiClient, ReceivedAnswer, staticCredentials } from "../../src/api/client";
import type { ToolParams } from "../../src/api/validate";
import { FileLock } from "../../src/adapters/node/file-lock";
import { FileStore } from "../../src/adapters/node/file-store";
import { createEngine } from "../../src/engine";
import { FakeApi, SANDBOX_API_KEY, startFakeApi } from "../fakes/api/server";
import { sampleTickers } from "../fakes/api/companies";

let api: FakeApi;
const dirs: string[] = [];
beforeAll(async () => {
  api = await startFakeApi({ latencyMs: 15, quota: 100_000 });
});
afterAll(async () => {
  await api.close();
  dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
});
beforeEach(() => {
  api.reset();
  api.setOutage(null);
});

function tmpDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "svc-pipeline-"));
  dirs.push(d);
  return d;
}

/** What the engine's client did, in order: each request handed to fetch, each answer opened (read). */
type Event = { kind: "fetch" | "open"; call: number; at: number };

/** The CLI's composition (ApiClient, FileStore, FileLock) with the client's fetches and answer reads recorded. */
function composed(events: Event[], hooks: { afterReceive?: (call: number, err: unknown) => void } = {}) {
  let fetched = 0;
  const fetchImpl: typeof fetch = (input, init) => {
    events.push({ kind: "fetch", call: ++fetched, at: performance.now() });
    return fetch(input, init);
  };
  const inner = new ApiClient({ baseUrl: api.url, credentials: staticCredentials(SANDBOX_API_KEY), fetch: fetchImpl });
  const client = {
    call: (tool: ToolName, params: ToolParams) => inner.call(tool, params),
    receive: async (tool: ToolName, params: ToolParams): Promise<ReceivedAnswer> => {
      const call = fetched + 1;
      try {
        const got = await inner.receive(tool, params);
        hooks.afterReceive?.(call, null);
        return { quotaRemaining: got.quotaRemaining, open: () => (events.push({ kind: "open", call, at: performance.now() }), got.open()) };
      } catch (e) {
        hooks.afterReceive?.(call, e);
        throw e;
      }
    },
  };
  const dir = tmpDir();
  return createEngine({ client, store: new FileStore(path.join(dir, "cache")), lock: new FileLock(path.join(dir, "locks")), windowMs: 1 });
}

const TICKERS = sampleTickers().filter((t) => t !== "SPRS").slice(0, 12);

describe("pipelined queue", () => {
  it("sends the next call before the previous answer is read, and never two calls at once", async () => {
    const events: Event[] = [];
    const engine = composed(events);
    const reqs = TICKERS.flatMap((ticker) => [
      { tool: "get_peers" as const, params: { ticker } },
      { tool: "get_company" as const, params: { ticker } },
      { tool: "list_filings" as const, params: { ticker, limit: 5 } },
    ]);
    const answers = await Promise.all(reqs.map((r) => engine.request(r.tool, r.params)));
    await engine.flush();

    expect(api.log).toHaveLength(reqs.length);
    expect(api.overlaps()).toBe(0);
    expect(api.maxConcurrent()).toBe(1);
    // Each answer is read after the next call has been handed to fetch (the last one, with nothing waiting, at once).
    const at = (kind: Event["kind"], call: number) => events.find((e) => e.kind === kind && e.call === call)?.at ?? NaN;
    for (let call = 1; call < reqs.length; call++) expect(at("fetch", call + 1)).toBeLessThan(at("open", call));
    // Every request got its own answer.
    answers.forEach((a, i) => expect(JSON.stringify(a.data)).toContain(reqs[i].params.ticker));
  });

  it("holds the next request for a 429's Retry-After before anything else is sent", async () => {
    const events: Event[] = [];
    let refusedAt = 0;
    const engine = composed(events, {
      afterReceive: (call, err) => {
        // The first call meets a rate limiter saying "come back in 1 s"; then the outage is over.
        if (call === 1 && err !== null) {
          refusedAt = performance.now();
          api.setOutage(null);
        }
      },
    });
    api.setOutage("429-text", { retryAfterSeconds: 1 });
    const answers = await Promise.all(TICKERS.slice(0, 4).map((ticker) => engine.request("get_peers", { ticker })));
    await engine.flush();

    expect(answers).toHaveLength(4);
    const log = [...api.log].sort((a, b) => a.start - b.start);
    expect(log[0].status).toBe(429);
    expect(log.slice(1).map((e) => e.status)).toEqual([200, 200, 200, 200]);
    // Nothing left between the 429 and its Retry-After; then the calls go one at a time.
    expect(log[1].start - log[0].end).toBeGreaterThanOrEqual(990);
    expect(refusedAt).toBeGreaterThan(0);
    expect(api.overlaps()).toBe(0);
    expect(api.maxConcurrent()).toBe(1);
  });
});
