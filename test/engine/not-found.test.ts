/**
 * A "not found" answer (404: unknown ticker, series...) is cached like an answer,
 * for the rest of the UTC day and per identity, so retyping or recalculating a mistyped ticker costs
 * no call. A refresh (invalidate), a sign-out (forgetConnection) and the next day ask again; a
 * reopened workbook or the next CLI process reads it from the persistent store.
 */
import { SvcError } from "../../src/api/errors";
import { createEngine } from "../../src/engine";
import { MemoryStore } from "../../src/engine/records";
import { FakeClient } from "./fakeClient";

const NOON = Date.UTC(2026, 10, 23, 12, 0, 0);

function setup(store?: MemoryStore, now = { t: NOON }) {
  const client = new FakeClient({ latencyMs: 1 });
  const engine = createEngine({ client, windowMs: 1, retryDelayMs: 1, store, now: () => now.t });
  return { client, engine, now };
}

const notFound = { kind: "not_found" as const, detail: "Unknown ticker: APPL", status: 404 };

async function failureOf(p: Promise<unknown>): Promise<SvcError> {
  try {
    await p;
  } catch (e) {
    return e as SvcError;
  }
  throw new Error("expected a failure");
}

describe("a remembered not-found", () => {
  it("answers the same identity again without a call, with the API's words", async () => {
    const { client, engine } = setup();
    client.fail(notFound);
    const first = await failureOf(engine.request("get_company", { ticker: "APPL" }));
    expect(first).toMatchObject({ kind: "not_found", detail: "Unknown ticker: APPL" });
    const again = await Promise.all([1, 2, 3].map(() => failureOf(engine.request("get_company", { ticker: "appl" }))));
    expect(again.every((e) => e.kind === "not_found" && e.detail === "Unknown ticker: APPL")).toBe(true);
    expect(client.log).toHaveLength(1);
    expect(engine.stats().cache_hits).toBe(3);
  });

  it("prices it as cached, and as a call when refreshed", async () => {
    const { client, engine } = setup();
    client.fail(notFound);
    await failureOf(engine.request("get_company", { ticker: "APPL" }));
    expect((await engine.plan([{ tool: "get_company", params: { ticker: "APPL" } }])).calls).toBe(0);
    expect((await engine.plan([{ tool: "get_company", params: { ticker: "APPL" } }], { refresh: true })).calls).toBe(1);
  });

  it("asks again after a refresh of it", async () => {
    const { client, engine } = setup();
    client.fail(notFound);
    await failureOf(engine.request("get_company", { ticker: "APPL" }));
    await engine.invalidate([{ tool: "get_company", params: { ticker: "APPL" } }]);
    await engine.request("get_company", { ticker: "APPL" }); // the fake now answers
    expect(client.log).toHaveLength(2);
  });

  it("lasts until 00:00 UTC", async () => {
    const { client, engine, now } = setup();
    client.fail(notFound, notFound);
    await failureOf(engine.request("get_company", { ticker: "APPL" }));
    now.t = NOON + 11 * 3_600_000; // 23:00 UTC
    await failureOf(engine.request("get_company", { ticker: "APPL" }));
    expect(client.log).toHaveLength(1);
    now.t = NOON + 12 * 3_600_000 + 1; // the next day
    await failureOf(engine.request("get_company", { ticker: "APPL" }));
    expect(client.log).toHaveLength(2);
  });

  it("is kept in the persistent store, and forgotten at sign-out", async () => {
    const store = new MemoryStore();
    const a = setup(store);
    a.client.fail(notFound);
    await failureOf(a.engine.request("get_company", { ticker: "APPL" }));
    await a.engine.flush();
    const b = setup(store);
    expect(await failureOf(b.engine.request("get_company", { ticker: "APPL" }))).toMatchObject({ kind: "not_found" });
    expect(b.client.log).toHaveLength(0);
    await b.engine.forgetConnection();
    await b.engine.request("get_company", { ticker: "APPL" });
    expect(b.client.log).toHaveLength(1);
  });

  it("is never made of another failure (a 402)", async () => {
    const { client, engine } = setup();
    client.fail({ kind: "payment_required", detail: "No active plan", status: 402 });
    await failureOf(engine.request("get_company", { ticker: "APPL" }));
    await engine.request("get_company", { ticker: "APPL" });
    expect(client.log).toHaveLength(2);
  });
});
