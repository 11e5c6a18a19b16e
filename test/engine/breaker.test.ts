/** The circuit breaker and Retry-After, on fake time. */
import { SvcError } from "../../src/api/errors";
import { createEngine, EngineOptions } from "../../src/engine";
import { FakeClock } from "./fake-clock";
import { FakeClient } from "./fakeClient";

function setup(opts: Partial<EngineOptions> = {}) {
  const clock = new FakeClock();
  const client = new FakeClient({ latencyMs: 50, sleep: (ms) => new Promise((r) => clock.setTimeout(r, ms)) });
  const engine = createEngine({ client, clock, random: () => 0.5, breaker: { coolDownMs: 30_000 }, ...opts });
  return { clock, client, engine };
}

const tickers = (n: number) => Array.from({ length: n }, (_, i) => `T${i}`);
const outcome = (p: Promise<unknown>) => p.then((v) => ({ ok: v }), (e: SvcError) => ({ kind: e.kind, detail: e.detail }));

describe("circuit breaker", () => {
  it("opens after calls keep failing the same way, settles every queued cell at once, sends nothing while open", async () => {
    const { clock, client, engine } = setup();
    client.fail(...Array(100).fill({ kind: "unavailable", status: 503 }));
    const cells = tickers(50).map((t) => outcome(engine.request("get_company", { ticker: t })));
    const took = await clock.settle(Promise.all(cells));
    const results = await Promise.all(cells);
    expect(results.every((r) => "kind" in r && r.kind === "unavailable")).toBe(true);
    // threshold 3 for server errors: first call + its one retry, second call -> open
    expect(client.log.length).toBeLessThanOrEqual(4);
    expect(took).toBeLessThan(10_000);
    expect(engine.stats().paused_until).toBeGreaterThan(clock.now());
    // while open: a new cell settles at once and nothing is sent
    const sent = client.log.length;
    await expect(engine.request("get_company", { ticker: "NEW" })).rejects.toMatchObject({ kind: "unavailable" });
    await clock.advance(20_000);
    await expect(engine.request("get_company", { ticker: "NEW2" })).rejects.toMatchObject({ kind: "unavailable" });
    expect(client.log.length).toBe(sent);
  });

  it("after the cool-down one probe decides: a failed probe reopens for longer, an answer closes it", async () => {
    const { clock, client, engine } = setup();
    client.fail(...Array(3).fill({ kind: "unavailable", status: 503 }));
    const first = tickers(5).map((t) => outcome(engine.request("get_company", { ticker: t })));
    await clock.settle(Promise.all(first));
    const opened = client.log.length;
    expect(opened).toBe(3);
    expect(engine.stats().paused_until! - clock.now()).toBeGreaterThan(29_000);
    await clock.advance(30_000);
    // the probe fails -> reopens with a doubled cool-down
    client.fail({ kind: "unavailable", status: 503 });
    const probe = outcome(engine.request("get_company", { ticker: "P1" }));
    const behind = outcome(engine.request("get_company", { ticker: "P2" }));
    await clock.settle(Promise.all([probe, behind]));
    expect(client.log.length - opened).toBe(1);
    expect(await behind).toMatchObject({ kind: "unavailable" });
    const until = engine.stats().paused_until!;
    expect(until - clock.now()).toBeGreaterThan(55_000);
    await clock.advance(until - clock.now());
    client.log.length = 0;
    const ok = engine.request("get_company", { ticker: "P3" });
    await clock.settle(ok);
    await expect(ok).resolves.toMatchObject({ stale: false });
    expect(engine.stats().paused_until ?? null).toBeNull();
    const again = engine.request("get_company", { ticker: "P4" });
    await clock.settle(again);
    expect(client.log.map((c) => c.params.ticker)).toEqual(["P3", "P4"]);
  });

  it("serves cached answers (marked stale) instead of the breaker's error", async () => {
    const { clock, client, engine } = setup();
    const warm = engine.request("get_headlines", { ticker: "AAPL" });
    await clock.settle(warm);
    await clock.advance(2 * 3_600_000); // headlines expire
    client.fail(...Array(10).fill({ kind: "unavailable", status: 503 }));
    const cells = [outcome(engine.request("get_company", { ticker: "X" })), outcome(engine.request("get_company", { ticker: "Y" }))];
    await clock.settle(Promise.all(cells));
    const stale = engine.request("get_headlines", { ticker: "AAPL" });
    await clock.settle(stale);
    await expect(stale).resolves.toMatchObject({ stale: true });
  });

  it("treats an unrecognised 429 that never clears as the quota without moving the quota governor", async () => {
    const { clock, client, engine } = setup();
    const warm = engine.request("get_company", { ticker: "A" });
    await clock.settle(warm);
    const before = engine.stats().quota_remaining;
    expect(before).toBe(client.quota);
    client.fail(...Array(100).fill({ kind: "busy", detail: "Rate limit exceeded", status: 429 }));
    const cells = tickers(40).map((t) => outcome(engine.request("get_company", { ticker: t })));
    await clock.settle(Promise.all(cells));
    const results = await Promise.all(cells);
    expect(results.every((r) => "kind" in r && r.kind === "quota_exhausted")).toBe(true);
    expect(client.log.length - 1).toBeLessThanOrEqual(3);
    expect(engine.quotaBlockedUntil()).toBe(engine.stats().paused_until);
    expect(engine.stats().quota_remaining).toBe(before);
  });

  it("an own busy 429 that never clears pauses calls after 8 in a row, as busy (not the quota)", async () => {
    const { clock, client, engine } = setup();
    client.fail(...Array(100).fill({ kind: "busy", status: 429 }));
    const cells = tickers(20).map((t) => outcome(engine.request("get_company", { ticker: t })));
    await clock.settle(Promise.all(cells));
    const results = await Promise.all(cells);
    expect(results.every((r) => "kind" in r && r.kind === "busy")).toBe(true);
    expect(client.log).toHaveLength(8);
    expect(engine.quotaBlockedUntil()).toBeNull();
    expect(engine.stats().paused_until).toBeGreaterThan(clock.now());
  });

  it("honours a long Retry-After: nothing is sent before it, then one probe", async () => {
    const { clock, client, engine } = setup();
    client.retryAfterMs = 120_000;
    client.fail({ kind: "unavailable", status: 503 });
    const cells = tickers(10).map((t) => outcome(engine.request("get_company", { ticker: t })));
    await clock.settle(Promise.all(cells));
    expect(client.log).toHaveLength(1);
    const until = engine.stats().paused_until!;
    expect(until - clock.now()).toBeGreaterThan(110_000);
    await clock.advance(60_000);
    await expect(engine.request("get_company", { ticker: "Z" })).rejects.toMatchObject({ kind: "unavailable" });
    expect(client.log).toHaveLength(1);
    await clock.advance(until - clock.now());
    const probe = engine.request("get_company", { ticker: "Z" });
    await clock.settle(probe);
    await expect(probe).resolves.toMatchObject({ stale: false });
    expect(client.log).toHaveLength(2);
  });

  it("waits a short Retry-After exactly before retrying a busy call", async () => {
    const { clock, client, engine } = setup();
    client.retryAfterMs = 1_500;
    client.fail({ kind: "busy", status: 429 });
    const p = engine.request("get_company", { ticker: "A" });
    const took = await clock.settle(p);
    await expect(p).resolves.toBeDefined();
    expect(client.log).toHaveLength(2);
    expect(took).toBe(50 + 1_500 + 50); // two calls of 50 ms latency and the server's 1.5 s between them
  });

  it("never retries signed_out and never turns an unknown exception into network", async () => {
    const clock = new FakeClock();
    let n = 0;
    const engine = createEngine({
      clock,
      client: {
        call: async () => {
          n++;
          if (n === 1) throw new SvcError("signed_out", "Sign in again");
          throw new TypeError("boom");
        },
      },
    });
    const a = outcome(engine.request("get_company", { ticker: "A" }));
    await clock.settle(a);
    expect(await a).toMatchObject({ kind: "signed_out" });
    const b = outcome(engine.request("get_company", { ticker: "B" }));
    await clock.settle(b);
    expect(await b).toMatchObject({ kind: "malformed" });
    expect(n).toBe(2);
    expect(engine.stats().calls).toBe(1); // signed_out was never sent
  });
});
