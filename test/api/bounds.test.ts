/**
 * Bounded answers: the REST client against the hostile fake API
 * over real HTTP. A huge body is refused while it streams (the server is not read to the end), a body
 * announced larger than the cap is refused before reading, a deeply nested one is refused before it
 * reaches the cache, record arrays are cut to the limit that was sent, a redirect is not followed,
 * and an absurd Retry-After pauses calls for a bounded time with a message that names date and time.
 */
import * as http from "http";
import { ApiClient, MAX_RETRY_AFTER_MS, staticCredentials } from "../../src/api/client";
import { SvcError } from "../../src/api/errors";
import { createEngine } from "../../src/engine";
import type { CacheRecord, PersistentStore } from "../../src/engine/records";
import { describeFailure } from "../../src/api/cell-outcome";
import { FakeApi, SANDBOX_API_KEY, startFakeApi } from "../fakes/api/server";
import { HOSTILE_TICKERS, MANY_ROWS } from "../fakes/api/hostile";

/** The stated bounds, checked through the refusals the client gives (their messages state them). */
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;
const MAX_JSON_DEPTH = 64;

let api: FakeApi;
/** A second origin: REDIR points here; it must never see a request. */
let elsewhere: http.Server;
let elsewhereHits = 0;

beforeAll(async () => {
  elsewhere = http.createServer((req, res) => {
    elsewhereHits++;
    res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ text: "", data: { stolen: true }, link: "" }));
  });
  await new Promise<void>((r) => elsewhere.listen(0, "127.0.0.1", () => r()));
  const port = (elsewhere.address() as { port: number }).port;
  api = await startFakeApi({ quota: 100_000, hostile: { redirectTo: (u) => `http://127.0.0.1:${port}${u.pathname}${u.search}` } });
});
afterAll(async () => {
  await api?.close();
  await new Promise<void>((r) => elsewhere.close(() => r()));
});
beforeEach(async () => {
  // A refused stream ends on the server when its socket closes: wait for that (one call at a time per key).
  const deadline = Date.now() + 10_000;
  while (api.log.some((e) => e.end === 0) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  api.hostileStats.hugeBytesSent = 0;
  api.hostileStats.hugeRequests = 0;
});

const client = () => new ApiClient({ baseUrl: api.url, credentials: staticCredentials(SANDBOX_API_KEY), timeoutMs: 20_000 });

async function failure(p: Promise<unknown>): Promise<SvcError> {
  try {
    await p;
  } catch (e) {
    return e as SvcError;
  }
  throw new Error("expected a failure");
}

class RecordingStore implements PersistentStore {
  readonly keys = new Set<string>();
  async get(): Promise<CacheRecord | undefined> {
    return undefined;
  }
  async set(key: string): Promise<void> {
    this.keys.add(key);
  }
  async delete(key: string): Promise<void> {
    this.keys.delete(key);
  }
  async clear(): Promise<void> {
    this.keys.clear();
  }
}

describe("answers are bounded", () => {
  test("the retry wait is a stated figure", () => {
    expect(MAX_RETRY_AFTER_MS).toBe(60 * 60_000);
  });

  test("a 50 MB streamed answer is refused once the cap is read: the rest is never downloaded", async () => {
    const before = process.memoryUsage().rss;
    const e = await failure(client().call("get_headlines", { ticker: HOSTILE_TICKERS.huge, limit: 20 }));
    expect(e).toBeInstanceOf(SvcError);
    expect(e.kind).toBe("malformed");
    expect(e.detail).toMatch(/larger than 8 MB/);
    // The server could write at most the cap plus what the sockets buffer before the client hung up.
    expect(api.hostileStats.hugeBytesSent).toBeLessThan(MAX_ANSWER_BYTES + 8 * 1024 * 1024);
    expect(api.hostileStats.hugeBytesSent).toBeLessThan(25 * 1024 * 1024);
    // Not held whole: far less than the 50 MB body (and its UTF-16 string) was added to this process.
    expect(process.memoryUsage().rss - before).toBeLessThan(60 * 1024 * 1024);
  });

  test("an answer announced larger than the cap (Content-Length) is refused before its body is read", async () => {
    const e = await failure(client().call("get_headlines", { ticker: HOSTILE_TICKERS.hugeDeclared, limit: 20 }));
    expect(e.kind).toBe("malformed");
    expect(e.detail).toMatch(/announced .*larger than 8 MB/);
  });

  test("through the engine: one request, no retry, nothing cached, a clear cell error", async () => {
    const store = new RecordingStore();
    const engine = createEngine({ client: client(), store, windowMs: 0 });
    const e = await failure(engine.request("get_headlines", { ticker: HOSTILE_TICKERS.huge, limit: 5 }));
    await engine.flush();
    expect(api.hostileStats.hugeRequests).toBe(1);
    expect(engine.stats().retries).toBe(0);
    expect([...store.keys].filter((k) => !k.startsWith("quota"))).toEqual([]);
    expect(describeFailure(e)).toEqual({ code: "#N/A", message: expect.stringMatching(/larger than 8 MB/) });
  });

  test(`an answer nested ${MAX_JSON_DEPTH + 1}+ levels deep is refused, not cached`, async () => {
    const store = new RecordingStore();
    const engine = createEngine({ client: client(), store, windowMs: 0 });
    const e = await failure(engine.request("get_headlines", { ticker: HOSTILE_TICKERS.deep }));
    await engine.flush();
    expect(e.kind).toBe("malformed");
    expect(e.detail).toMatch(/nested deeper than 64/);
    // The answer's quota header still counts (the API served the call); the answer itself is not kept.
    expect([...store.keys].filter((k) => k !== "svc:quota")).toEqual([]);
  });

  test(`record arrays are cut to the limit sent: ${MANY_ROWS} rows where 20 were allowed give 20`, async () => {
    const a = await client().call("get_headlines", { ticker: HOSTILE_TICKERS.many, limit: 20 });
    expect((a.data.headlines as unknown[]).length).toBe(20);
    const engine = createEngine({ client: client(), windowMs: 0 });
    const narrow = await engine.request("get_headlines", { ticker: HOSTILE_TICKERS.many, limit: 3 });
    expect((narrow.data.headlines as unknown[]).length).toBe(3);
    const filings = await client().call("list_filings", { ticker: HOSTILE_TICKERS.many, limit: 50 });
    expect((filings.data.filings as unknown[]).length).toBe(50);
  });

  test("a tool call does not follow a redirect: a clear error, and the other origin sees nothing", async () => {
    const e = await failure(client().call("get_company", { ticker: HOSTILE_TICKERS.redirect }));
    expect(e.kind).toBe("malformed");
    expect(e.detail).toMatch(/redirect/i);
    expect(elsewhereHits).toBe(0);
  });

  test.each([
    [HOSTILE_TICKERS.retryForever, "Retry-After: 999999999"],
    [HOSTILE_TICKERS.retryDate, "Retry-After in the year 9999"],
  ])("%s (%s) pauses calls at most an hour, and the message gives date and time", async (ticker: string, _what: string) => {
    const engine = createEngine({ client: client(), windowMs: 0 });
    const started = Date.now();
    const e = await failure(engine.request("get_company", { ticker }));
    const until = engine.stats().paused_until;
    expect(until).not.toBeNull();
    expect(until as number).toBeLessThanOrEqual(started + MAX_RETRY_AFTER_MS + 60_000);
    const day = new Date(until as number).toISOString().slice(0, 10);
    expect(e.detail).toMatch(new RegExp(`${day} \\d\\d:\\d\\d(:\\d\\d)? UTC`));
    // The next cell is told the same, without a call.
    const calls = api.requests();
    const again = await failure(engine.request("get_company", { ticker: "AAPL" }));
    expect(again.detail).toMatch(new RegExp(`${day} \\d\\d:\\d\\d`));
    expect(api.requests()).toBe(calls);
  });
});
