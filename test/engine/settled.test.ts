/**
 * The refresh's end signal (engine.settled) and answers from the cache only (Excel's value preview):
 * settled resolves exactly when every identity the refresh made due has been asked again and
 * answered or failed, not before and without a timer; a cache-only request never makes or joins a call.
 */
import { SvcError } from "../../src/api/errors";
import { createEngine } from "../../src/engine";
import { FakeClock } from "./fake-clock";
import { FakeClient } from "./fakeClient";

const AAPL = { tool: "get_financials" as const, params: { ticker: "AAPL", metrics: "revenue" } };
const MSFT = { tool: "get_company" as const, params: { ticker: "MSFT" } };

function bench() {
  const clock = new FakeClock();
  const client = FakeClient.on(clock, 20);
  const engine = createEngine({ client, clock, random: () => 0.5, windowMs: 5 });
  const ask = (r: typeof AAPL | typeof MSFT) => engine.request(r.tool, r.params);
  return { clock, client, engine, ask };
}

describe("settled: the refresh ends on a signal", () => {
  test("resolves once every due identity was asked again and answered, not before", async () => {
    const { clock, engine, ask } = bench();
    await clock.settle(Promise.all([ask(AAPL), ask(MSFT)]));
    await engine.invalidate([AAPL, MSFT]);
    let done = false;
    const signal = engine.settled([AAPL, MSFT]).then(() => (done = true));
    await clock.advance(1000);
    expect(done).toBe(false); // nobody asked yet: a quiet engine is not a settled refresh
    const first = ask(AAPL);
    await clock.settle(first);
    await clock.advance(10);
    expect(done).toBe(false); // MSFT still due
    await clock.settle(Promise.all([ask(MSFT), signal]));
    expect(done).toBe(true);
    expect(engine.stats().calls).toBe(4);
  });

  test("a failure settles its identity too (every cell settles, so does the refresh)", async () => {
    const { clock, client, engine, ask } = bench();
    await clock.settle(ask(MSFT));
    await engine.invalidate([MSFT]);
    client.fail({ kind: "not_found", detail: "Unknown ticker: MSFT", status: 404 });
    const signal = engine.settled([MSFT]);
    const asked = ask(MSFT).catch((e: SvcError) => e.kind);
    await clock.settle(signal);
    expect(await asked).toBe("not_found");
  });

  test("nothing due: resolves at once; an aborted signal (Cancel) ends the wait", async () => {
    const { clock, engine, ask } = bench();
    await engine.settled([AAPL]);
    await clock.settle(ask(AAPL));
    await engine.invalidate([AAPL]);
    const stop = new AbortController();
    const waiting = engine.settled([AAPL], { signal: stop.signal });
    stop.abort();
    await waiting;
    expect(engine.stats().calls).toBe(1);
  });

  test("an invalid request is not waited for", async () => {
    const { engine } = bench();
    const bad = { tool: "get_financials" as const, params: { ticker: "AAPL", metrics: "revenue", years: 99 } };
    await engine.invalidate([bad]);
    await engine.settled([bad]);
  });
});

describe("cacheOnly: answers from what is here, never a call", () => {
  test("not cached: not_fetched and no call; cached: the answer, still no call", async () => {
    const { clock, engine, ask } = bench();
    const miss = await engine.request(AAPL.tool, AAPL.params, { cacheOnly: true }).catch((e: SvcError) => e.kind);
    expect(miss).toBe("not_fetched");
    await clock.advance(1000);
    expect(engine.stats().calls).toBe(0);
    await clock.settle(ask(AAPL));
    const hit = await engine.request(AAPL.tool, AAPL.params, { cacheOnly: true });
    expect(hit.stale).toBe(false);
    expect(engine.stats().calls).toBe(1);
  });

  test("a call already queued is not joined (a preview does not hold the refresh)", async () => {
    const { clock, engine, ask } = bench();
    const queued = ask(MSFT);
    const preview = await engine.request(MSFT.tool, MSFT.params, { cacheOnly: true }).catch((e: SvcError) => e.kind);
    expect(preview).toBe("not_fetched");
    await clock.settle(queued);
    expect(engine.stats()).toMatchObject({ calls: 1, coalesced: 0 });
  });
});
