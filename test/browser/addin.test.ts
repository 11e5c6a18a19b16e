/**
 * The real add-in bundle (dist/, built if stale) in Debian's Chromium under the fake Office host,
 * against the fake API and fake authorization server. What Excel would check and what users see:
 *
 *  - registration: the associated ids are exactly dist/functions.json (= the 18 SVC functions);
 *  - every function evaluates against the fake API, FINANCIALS spills header + 5 values, errors
 *    carry messages;
 *  - a full recalculation (Excel.run + application.calculate("Full")) is served from the cache;
 *  - sign-in through the Office dialog popup against the fake authorization server;
 *  - two workbooks (two pages = two runtimes) sharing one connection never overlap calls and never
 *    get it revoked;
 *  - the guards themselves: a bundle missing a function, and pages without a shared lock, are caught.
 */
import { TOOLS, TOOL_NAMES } from "../../src/api/catalogue";
import {
  associatedIds,
  concurrencyProblems,
  enter,
  Env,
  invoke,
  metadataIds,
  registrationProblems,
  SANDBOX_API_KEY,
  startEnv,
} from "./harness";
import { signInThroughPopup } from "./sign-in";
import type { Page } from "playwright-core";

jest.setTimeout(120_000);

/** One sample formula per function (arguments as Excel passes them). */
const SAMPLES: Record<string, unknown[]> = {
  SEARCH: ["apple"],
  COMPANY: ["AAPL"],
  FINANCIALS: ["AAPL", "revenue", 5],
  PERIODS: ["AAPL"],
  REPORTED: ["AAPL"],
  FILINGS: ["AAPL"],
  SUMMARY: ["AAPL"],
  INSIDERS: ["AAPL"],
  INSIDERFEED: [],
  CONGRESS: ["AAPL"],
  CONGRESSFEED: [],
  HEADLINES: ["AAPL"],
  ECONOMY: [],
  LEADERSHIP: ["AAPL"],
  HOLDERS: ["AAPL"],
  INVESTOR: ["Harborview Capital Management"],
  SHORTINTEREST: ["AAPL"],
  PEERS: ["AAPL"],
  SCREEN: ["roic:15:"],
};

function isRectangular(v: unknown): boolean {
  if (!Array.isArray(v)) return true;
  const widths = v.map((r) => (Array.isArray(r) ? r.length : -1));
  return widths.every((w) => w === widths[0] && w > 0);
}

/** n distinct requests (distinct parameters: none can answer another). */
const burst = (n: number, offset: number): Array<[string, unknown[]]> =>
  Array.from({ length: n }, (_, i): [string, unknown[]] => ["INSIDERFEED", [7 + ((i + offset) % 20), false, null, false, 5 + i]]);

async function calculateFull(page: Page): Promise<void> {
  // What the pane does for "recalculate": Excel.run + application.calculate(full).
  await page.evaluate(async () => {
    await Excel.run(async (ctx) => {
      ctx.application.calculate(Excel.CalculationType.full);
      await ctx.sync();
    });
    await (window as unknown as { __fakeExcel: { lastCalculation(): Promise<unknown> } }).__fakeExcel.lastCalculation();
  });
}

describe("the add-in bundle under a fake Excel (sandbox API key)", () => {
  let env: Env;
  let page: Page;

  beforeAll(async () => {
    env = await startEnv({ api: { latencyMs: 5 } });
    const ctx = await env.newContext();
    page = await env.openWorkbook(ctx, { apiKey: SANDBOX_API_KEY, storeName: "svc-cache-key" });
  });
  afterAll(async () => {
    await env?.close();
  });

  it("registers exactly the functions of dist/functions.json, which are the catalogue's 18", async () => {
    const meta = metadataIds();
    expect(meta).toEqual([...TOOL_NAMES.map((t) => TOOLS[t].fn), "PERIODS"].sort()); // + SVC.PERIODS (no tool of its own)
    expect(registrationProblems(meta, await associatedIds(page))).toEqual([]);
    const log = await page.evaluate(() => (window as unknown as { __fakeExcel: { log: { type: string }[] } }).__fakeExcel.log);
    expect(log.filter((e) => e.type === "reassociate")).toEqual([]);
  });

  it("evaluates every function against the fake API", async () => {
    const results: Record<string, unknown> = {};
    for (const id of metadataIds()) {
      expect(SAMPLES[id]).toBeDefined();
      const r = await invoke(page, id, SAMPLES[id]);
      results[id] = r;
      expect([id, r.error ?? "ok", r.message ?? ""]).toEqual([id, "ok", ""]);
      expect(isRectangular(r.value)).toBe(true);
    }
    expect(env.api.calls()).toBeGreaterThanOrEqual(18);
    expect(concurrencyProblems(env.api)).toEqual([]);
  });

  it('spills =SVC.FINANCIALS("AAPL","revenue",5) as a header row and five values', async () => {
    const r = await invoke(page, "FINANCIALS", ["AAPL", "revenue", 5]);
    const grid = r.value as unknown[][];
    expect(grid).toHaveLength(2);
    expect(grid[0]).toHaveLength(6);
    expect(grid[0][0]).toBe("metric");
    expect(grid[1].slice(1).every((v) => typeof v === "number")).toBe(true);
  });

  it("shows errors with their messages (no call for a rejected argument)", async () => {
    const before = env.api.calls();
    const bad = await invoke(page, "FINANCIALS", ["AAPL", "revenu", 5]);
    expect(bad.error).toBe("#VALUE!");
    expect(bad.message).toMatch(/revenu/);
    expect(env.api.calls()).toBe(before);
    const unknown = await invoke(page, "COMPANY", ["ZZZZQ"]);
    expect(unknown.error).toBe("#N/A");
    expect(unknown.message).toBeTruthy();
  });

  it("serves a full recalculation from the cache", async () => {
    const cells: Array<[string, string, unknown[]]> = [
      ["A1", "FINANCIALS", ["MSFT", "revenue,net_income", 5]],
      ["A5", "COMPANY", ["MSFT", "name"]],
      ["A7", "PEERS", ["MSFT"]],
      ["A20", "HEADLINES", ["MSFT"]],
      ["A40", "FINANCIALS", ["MSFT", "revenue", "FY"]],
    ];
    for (const [a, id, args] of cells) expect((await enter(page, a, id, args)).error).toBeUndefined();
    const calls = env.api.calls();
    await calculateFull(page);
    const sheet = await page.evaluate(() =>
      (window as unknown as { __fakeExcel: { cells(): Array<{ state: string; result: { error?: string } }> } }).__fakeExcel.cells()
    );
    expect(sheet.length).toBeGreaterThanOrEqual(cells.length);
    expect(sheet.every((c) => c.state === "done" && !c.result.error)).toBe(true);
    expect(env.api.calls()).toBe(calls);
    const log = await page.evaluate(() => (window as unknown as { __fakeExcel: { log: { type: string; calculationType?: string }[] } }).__fakeExcel.log);
    expect(log.some((e) => e.type === "calculate" && e.calculationType === "Full")).toBe(true);
  });

  it("ships no API key in the bundle (design rule 5)", () => {
    const fs = require("fs") as typeof import("fs");
    const path = require("path") as typeof import("path");
    const { DIST } = require("./harness") as typeof import("./harness");
    for (const f of ["functions.js", "taskpane.html"]) expect(fs.readFileSync(path.join(DIST, f), "utf8")).not.toMatch(/svc_live_/);
  });

  it("sends nothing outside the machine and raises no page errors", () => {
    expect(env.refused).toEqual([]);
    expect(env.errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
});

describe("two workbooks sharing one connection", () => {
  let env: Env;
  afterEach(async () => {
    await env?.close();
  });

  it("never overlaps calls (API key; one Web Lock across both runtimes)", async () => {
    env = await startEnv({ api: { latencyMs: 40 } });
    const ctx = await env.newContext();
    const a = await env.openWorkbook(ctx, { apiKey: SANDBOX_API_KEY, storeName: "svc-a" }, "A");
    const b = await env.openWorkbook(ctx, { apiKey: SANDBOX_API_KEY, storeName: "svc-b" }, "B");
    const results = await Promise.all([
      ...burst(6, 0).map(([id, args]) => invoke(a, id, args)),
      ...burst(6, 100).map(([id, args]) => invoke(b, id, args)),
    ]);
    expect(results.filter((r) => r.error)).toEqual([]);
    expect(env.api.calls()).toBeGreaterThanOrEqual(10);
    expect(concurrencyProblems(env.api)).toEqual([]);
  });
});

describe("sign-in through the Office dialog (fake authorization server)", () => {
  let env: Env;
  afterEach(async () => {
    await env?.close();
  });

  it("signs in through the popup, then cells call the API with the OAuth token", async () => {
    env = await startEnv({ api: { latencyMs: 5 } });
    const ctx = await env.newContext();
    const page = await env.openWorkbook(ctx, { storeName: "svc-oauth" });
    const before = await invoke(page, "COMPANY", ["AAPL", "name"]);
    expect(before.error).toBe("#N/A");
    expect(before.message).toMatch(/sign in/i);
    expect(await signInThroughPopup(page)).toEqual({ ok: expect.objectContaining({ state: "signed_in" }) });
    const log = await page.evaluate(() => (window as unknown as { __fakeExcel: { log: { type: string; url?: string }[] } }).__fakeExcel.log);
    expect(log.find((e) => e.type === "dialogOpen")?.url).toMatch(/\/auth\/start\.html\?to=/);
    const after = await invoke(page, "COMPANY", ["AAPL", "name"]);
    expect(after.error).toBeUndefined();
    expect(env.auth.activeConnections()).toHaveLength(1);
    expect(env.auth.stats.codeExchanges).toBe(1);
  });

  it("two workbooks on one connection: no overlapping calls, one refresh, never revoked", async () => {
    env = await startEnv({ api: { latencyMs: 40 } });
    const ctx = await env.newContext();
    const a = await env.openWorkbook(ctx, { storeName: "svc-oa" }, "A");
    expect(await signInThroughPopup(a)).toEqual({ ok: expect.objectContaining({ state: "signed_in" }) });
    // The second workbook opens after sign-in and finds the tokens of the same origin.
    const b = await env.openWorkbook(ctx, { storeName: "svc-ob" }, "B");
    env.auth.expireAccessTokens(); // both runtimes must refresh at once: single-flight across runtimes
    const results = await Promise.all([
      ...burst(6, 0).map(([id, args]) => invoke(a, id, args)),
      ...burst(6, 100).map(([id, args]) => invoke(b, id, args)),
    ]);
    expect(results.filter((r) => r.error)).toEqual([]);
    expect(concurrencyProblems(env.api)).toEqual([]);
    const conns = env.auth.connections();
    expect(conns).toHaveLength(1);
    expect(conns[0].revoked).toBe(false);
    expect(env.auth.stats.reuseRevocations).toBe(0);
    expect(env.auth.stats.refreshes).toBeLessThanOrEqual(1);
  });
});

describe("sign-in when the add-in is hosted under a sub-path", () => {
  let env: Env;
  afterEach(async () => {
    await env?.close();
  });

  it("the production bundle served under /excel/ only signs in through the popup (its manifest: test/manifest)", async () => {
    env = await startEnv({ api: { latencyMs: 5 }, subPath: "/excel" });
    const ctx = await env.newContext();
    const page = await env.openWorkbook(ctx, { storeName: "svc-subpath" });
    expect(await signInThroughPopup(page)).toEqual({ ok: expect.objectContaining({ state: "signed_in" }) });
    const log = await page.evaluate(() => (window as unknown as { __fakeExcel: { log: { type: string; url?: string }[] } }).__fakeExcel.log);
    expect(log.find((e) => e.type === "dialogOpen")?.url).toMatch(new RegExp(`^${env.addinUrl}/auth/start\\.html\\?to=`));
    const registered = [...env.auth.clients.values()].flatMap((c) => c.redirect_uris);
    expect(registered).toEqual([`${env.addinUrl}/auth/callback.html`]);
    const after = await invoke(page, "COMPANY", ["AAPL", "name"]);
    expect(after.error).toBeUndefined();
    expect(env.auth.stats.codeExchanges).toBe(1);
  });
});

describe("the dialog's start page forwards only this add-in's authorization request", () => {
  let env: Env;
  afterEach(async () => {
    await env?.close();
  });

  it("refuses another client or another redirect URI, and forwards the add-in's own", async () => {
    env = await startEnv({ api: { latencyMs: 5 } });
    const ctx = await env.newContext();
    const page = await env.openWorkbook(ctx, { storeName: "svc-start-pins" });
    // Sign in once: the registration this origin keeps is what the start page pins client_id to.
    expect(await signInThroughPopup(page)).toEqual({ ok: expect.objectContaining({ state: "signed_in" }) });
    const client = [...env.auth.clients.values()][0];
    const callback = `${env.addinUrl}/auth/callback.html`;
    const authorize = (clientId: string, redirectUri: string) => {
      const u = new URL(`${env.api.url}/oauth/authorize`);
      const q = { response_type: "code", client_id: clientId, redirect_uri: redirectUri, scope: "read", code_challenge: "x".repeat(43), code_challenge_method: "S256", state: "s" };
      for (const [k, v] of Object.entries(q)) u.searchParams.set(k, v);
      return `${env.addinUrl}/auth/start.html?to=${encodeURIComponent(u.toString())}`;
    };
    const land = async (url: string) => {
      const p = await ctx.newPage();
      await p.goto(url);
      // the start page leaves once office.js is ready (capped), or says the link is not valid
      await Promise.race([p.waitForURL(/\/oauth\/authorize/, { timeout: 10_000 }), p.getByText(/not valid/i).waitFor({ timeout: 10_000 })]).catch(() => undefined);
      const where = p.url();
      const text = await p.textContent("body");
      await p.close();
      return { where, text };
    };
    for (const bad of [authorize("attacker-client", callback), authorize(client.client_id, `${env.api.url}/steal`)]) {
      const r = await land(bad);
      expect(r.where).toBe(bad);
      expect(r.text).toMatch(/sign-in link is not valid/i);
    }
    const good = await land(authorize(client.client_id, callback));
    expect(good.where.startsWith(`${env.api.url}/oauth/authorize`)).toBe(true);
  });
});

describe("guards: the suite fails when it should", () => {
  let env: Env;
  afterEach(async () => {
    await env?.close();
  });

  it("catches a bundle that does not associate one of its functions", async () => {
    env = await startEnv({ routeFunctionsJs: (js) => js.replace(/CustomFunctions\.associate\("PEERS",/, 'void("PEERS",') });
    const ctx = await env.newContext();
    const page = await env.openWorkbook(ctx, { apiKey: SANDBOX_API_KEY, storeName: "svc-guard" });
    const problems = registrationProblems(metadataIds(), await associatedIds(page));
    expect(problems).toEqual([expect.stringMatching(/^PEERS: in functions.json but not associated/)]);
  });

  it("catches overlapping calls when the runtimes do not share a lock", async () => {
    // Each answer takes a second, so each runtime's queue stays busy for seconds: the two bursts
    // overlap however late the second page's evaluate arrives on a loaded machine.
    env = await startEnv({ api: { latencyMs: 1000 } });
    const ctx = await env.newContext();
    // Hide Web Locks: each runtime falls back to its own in-runtime queue.
    await ctx.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "locks", { get: () => undefined, configurable: true });
    });
    const a = await env.openWorkbook(ctx, { apiKey: SANDBOX_API_KEY, storeName: "svc-ga" }, "A");
    const b = await env.openWorkbook(ctx, { apiKey: SANDBOX_API_KEY, storeName: "svc-gb" }, "B");
    await Promise.all([
      ...burst(3, 0).map(([id, args]) => invoke(a, id, args)),
      ...burst(3, 100).map(([id, args]) => invoke(b, id, args)),
    ]);
    expect(concurrencyProblems(env.api).length).toBeGreaterThan(0);
  });
});
