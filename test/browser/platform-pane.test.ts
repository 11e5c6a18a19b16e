/**
 * The pane's main path under each platform the fake Office host plays (src/fake-office/platform.ts),
 * one page per platform doing all of it: sign in through the Office dialog, type SVC formulas, price
 * and refresh a sheet, Freeze and Unfreeze. What differs by platform is asserted where it shows:
 * Safari (mac, web-safari) clears the dialog's window.name on its trip to the sign-in service, and the
 * sign-in still hands back; Office on the web gives the dialog its host info in the first page's query;
 * an older desktop build (win-2208) passes an empty cell as 0, which a metrics list drops as the other
 * builds drop null, and shows dates as formatted numbers from CustomFunctionsRuntime 1.4; a book in
 * Manual calculation is told to press F9 after a refresh.
 */
import type { BrowserContext, Page } from "playwright-core";
import { Env, startEnv } from "./harness";
import { signInThroughPopup } from "./sign-in";

jest.setTimeout(120_000);

const PLATFORMS = ["win", "mac", "web", "web-safari", "win-2208"] as const;
/** The profiles this suite puts in Manual calculation (Formulas > Calculation Options), one desktop build of each age. */
const MANUAL = new Set<string>(["mac", "win-2208"]);
const SAFARI = new Set<string>(["mac", "web-safari"]);
const FROZEN_NS = "urn:svc-excel:frozen:1";
/** Where the dialog's callback page leaves what it saw of window.name as it closes (same origin as the pane). */
const NAME_SEEN = "svc-test:callback-window-name";

interface Cell {
  address: string;
  formula: string;
  args: unknown[];
  state: string;
  result?: { value?: unknown; error?: string; message?: string | null };
}
type Fx = {
  setFormula(a: string, f: string): Promise<unknown>;
  formulaAt(a: string): unknown;
  cells(): Cell[];
  xmlParts(): Array<{ namespace: string; xml: string }>;
  comments(): Array<[string, string]>;
  setCalculationMode(mode: string): void;
  protect(sheet: string): void;
  log: Array<{ type: string; url?: string }>;
};
const fx = <T>(page: Page, fn: (x: Fx, arg: unknown) => T, arg?: unknown): Promise<T> =>
  page.evaluate(([f, a]) => new Function("x", "a", `return (${f})(x, a)`)((window as unknown as { __fakeExcel: Fx }).__fakeExcel, a), [fn.toString(), arg] as [string, unknown]) as Promise<T>;

const button = (page: Page, section: string, text: string) => page.locator(`[data-section=${section}] fluent-button`, { hasText: text }).first();

const FORMULAS: Array<[string, string]> = [
  ["Sheet1!A1", "revenue"],
  ["Sheet1!A3", "net_income"],
  // a metrics range with a blank row (A2): one metric per filled cell on every build
  ["Sheet1!C1", '=SVC.FINANCIALS("AAPL",A1:A3,3)'],
  ["Sheet1!C10", '=SVC.FILINGS("AAPL",,2)'],
  ["Sheet1!C20", '=SVC.COMPANY("MSFT","name")'],
  ["Sheet1!C22", '=SVC.PEERS("MSFT")'],
];

/** The callback page's window.name as it goes (after office.js read it), kept in the origin's localStorage. */
async function watchCallbackName(ctx: BrowserContext): Promise<void> {
  await ctx.addInitScript((key) => {
    if (!/\/callback\.html$/.test(location.pathname)) return;
    addEventListener("pagehide", () => localStorage.setItem(key, window.name));
  }, NAME_SEEN);
}

let env: Env;
beforeAll(async () => {
  env = await startEnv({ api: { latencyMs: 2 } });
});
afterAll(async () => {
  await env?.close();
});

describe.each(PLATFORMS)("the pane's main path on %s", (platform) => {
  let page: Page;
  const errorsBefore = { n: 0 };

  beforeAll(async () => {
    errorsBefore.n = env.errors.length;
    const ctx = await env.newContext();
    await watchCallbackName(ctx);
    page = await env.openWorkbook(ctx, { storeName: `svc-platform-${platform}` }, platform, `?platform=${platform}`);
    await page.setViewportSize({ width: 450, height: 900 });
    await page.waitForSelector("body[data-pane-ready='1']");
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it("signs in through the dialog (host info in the query on the web; without window.name in Safari)", async () => {
    expect(await signInThroughPopup(page)).toEqual({ ok: expect.objectContaining({ state: "signed_in" }) });
    const log = await fx(page, (x) => x.log);
    const opened = new URL(log.find((e) => e.type === "dialogOpen")?.url ?? "");
    expect(opened.searchParams.has("_host_Info")).toBe(platform.startsWith("web"));
    await page.waitForFunction((k) => localStorage.getItem(k) !== null, NAME_SEEN);
    const name = await page.evaluate((k) => localStorage.getItem(k), NAME_SEEN);
    // Safari cleared window.name on the way back from the sign-in service; elsewhere it still holds the host info.
    if (SAFARI.has(platform)) expect(name).toBe("");
    else expect(JSON.parse(name ?? "{}")).toHaveProperty("hostInfo");
  });

  it("answers typed formulas: a blank row dropped from the metrics, dates as formatted numbers", async () => {
    for (const [a, f] of FORMULAS) await fx(page, (x, v) => x.setFormula((v as string[])[0], (v as string[])[1]), [a, f]);
    await page.waitForFunction(() => (window as unknown as { __fakeExcel: Fx }).__fakeExcel.cells().every((c) => c.state === "done"));
    const cells = await fx(page, (x) => x.cells());
    for (const c of cells) expect([c.address, c.result?.error]).toEqual([c.address, undefined]);
    const fin = cells.find((c) => c.address === "Sheet1!C1");
    // the build passes the blank as it does (0 on 2208, null elsewhere); the list drops it either way
    expect((fin?.args[1] as unknown[][])[1]).toEqual([platform === "win-2208" ? 0 : null]);
    const rows = fin?.result?.value as unknown[][];
    expect(rows.slice(1).map((r) => String(r[0]))).toEqual([expect.stringMatching(/^Revenue/), expect.stringMatching(/^Net income/)]);
    // every profile here has CustomFunctionsRuntime 1.4 or later: a filing date is a Double with its number format
    const date = (cells.find((c) => c.address === "Sheet1!C10")?.result?.value as unknown[][])[1][1];
    expect(date).toEqual({ type: "Double", basicValue: expect.any(Number), numberFormat: expect.any(String) });
  });

  it("refreshes the sheet for exactly the calls it priced; Manual calculation is said", async () => {
    if (MANUAL.has(platform)) await fx(page, (x) => x.setCalculationMode("Manual"));
    await page.click("#svc-tab-data");
    await page.selectOption("#svc-refresh-scope", "sheet");
    const before = env.api.calls();
    await button(page, "svc-refresh", "Price refresh…").click();
    await page.waitForFunction(() => /calls?;/.test(document.querySelector("[data-field=price]")?.textContent ?? ""));
    const priced = Number(/≈ ([\d,]+) call/.exec((await page.textContent("[data-field=price]")) ?? "")?.[1].replace(/,/g, ""));
    expect(env.api.calls()).toBe(before);
    expect(priced).toBeGreaterThan(0);
    await button(page, "svc-refresh", "Refresh now").click();
    await page.waitForSelector(".svc-summary-head");
    expect(Number(await page.getAttribute(".svc-summary-head", "data-spent"))).toBe(priced);
    expect(env.api.calls() - before).toBe(priced);
    const note = page.locator("[data-section=svc-refresh] .svc-status-info", { hasText: "Manual calculation" });
    if (MANUAL.has(platform)) await note.waitFor();
    expect(await note.count()).toBe(MANUAL.has(platform) ? 1 : 0);
  });

  it("freezes the sheet over a person's comment and unfreezes it: every formula back; a protected sheet refused", async () => {
    const formulas = () => fx(page, (x) => x.cells().map((c) => [c.address, c.formula]).sort());
    const frozenParts = async () => (await fx(page, (x) => x.xmlParts().map((p) => p.namespace))).filter((n) => n === FROZEN_NS).length;
    const before = await formulas();
    // Excel refuses a second comment on a commented cell: that anchor is frozen unstamped, its comment kept
    await page.evaluate(() =>
      (window as unknown as { Excel: typeof Excel }).Excel.run(async (ctx) => {
        ctx.workbook.comments.add("Sheet1!C20", "check with IR");
        await ctx.sync();
      })
    );
    await page.selectOption("#svc-freeze-scope", "sheet");
    await button(page, "svc-freeze", "Freeze").click();
    await page.locator("[data-section=svc-freeze] .svc-status-ok", { hasText: "Sheet1!C20" }).waitFor();
    expect([await formulas(), await frozenParts()]).toEqual([[], 1]);
    await button(page, "svc-freeze", "Unfreeze all").click();
    await page.locator("[data-section=svc-freeze] .svc-status-ok", { hasText: "Restored" }).waitFor();
    expect([await formulas(), await frozenParts()]).toEqual([before, 0]);
    expect(await fx(page, (x) => x.comments())).toEqual([["Sheet1!C20", "check with IR"]]);
    // a protected sheet: refused up front, nothing written
    await fx(page, (x) => x.protect("Sheet1"));
    await button(page, "svc-freeze", "Freeze").click();
    await page.locator("[data-section=svc-freeze] .svc-status-error", { hasText: /protected/i }).waitFor();
    expect([await formulas(), await frozenParts()]).toEqual([before, 0]);
  });

  it("sends nothing outside the machine and raises no page errors", () => {
    expect(env.refused).toEqual([]);
    // The token pool learns with a credentialed GET whether the token endpoint admits credentials
    // (src/auth/token-pool.ts); this sandbox's does not, and Chromium logs the refusal.
    const learnt = /blocked by CORS policy: The value of the 'Access-Control-Allow-Credentials' header/;
    expect(env.errors.slice(errorsBefore.n).filter((e) => !/Failed to load resource/.test(e) && !learnt.test(e))).toEqual([]);
  });
});
