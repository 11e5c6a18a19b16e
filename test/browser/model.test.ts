/**
 * The model workflow on the production bundle in the workbench (the pane in its iframe,
 * the fake host strict as Excel, the fake API counting calls): a model whose tickers sit in a column
 * and metric keys in a header row is priced at N = the distinct identities and a refresh spends
 * exactly N; one changed input cell spends one call and recalculates only its dependents; a chain
 * (PEERS, then FINANCIALS of a peer read from the spill with INDEX(A2#,2,1)) refreshes in order;
 * pricing reads the cells in a bounded number of host round trips, not one per formula.
 */
import { Browser, Frame, Page } from "playwright-core";
import { startFakeApi, FakeApi, SANDBOX_API_KEY } from "../fakes/api/server";
import { buildOnce, launchChromium } from "./harness";

// eslint-disable-next-line @typescript-eslint/no-var-requires
const { startDevServer } = require("../../scripts/build-helpers/dev-server");

jest.setTimeout(180_000);

const TICKERS = ["AAPL", "MSFT", "NVDA", "KO", "JPM"];
const METRICS = ["revenue", "net_income", "operating_income"];

type Fx = {
  setFormula(a: string, f: string): Promise<unknown>;
  addSheet(n: string): string;
  settled(): Promise<void>;
  cells(): Array<{ address: string; state: string; args: unknown[] }>;
  evaluations(): Record<string, number>;
  invocations(): Record<string, number>;
  resetCounters(): void;
  select(a: string | null): void;
};
type W = Window & { __fakeExcel: Fx; __syncs?: number; Excel: { RequestContext: { prototype: { sync: (...a: unknown[]) => Promise<unknown> } } } };

describe("a real model in the workbench: inputs in cells", () => {
  let api: FakeApi;
  let site: { url: string; close(): Promise<void> };
  let browser: Browser;
  let page: Page;
  let pane: Frame;
  const refused: string[] = [];
  const errors: string[] = [];

  const fx = <T>(fn: (x: Fx, arg: unknown) => T, arg?: unknown): Promise<T> =>
    pane.evaluate(([f, a]) => new Function("x", "a", `return (${f})(x, a)`)((window as unknown as W).__fakeExcel, a), [fn.toString(), arg] as const) as Promise<T>;

  async function setAll(cells: Array<[string, string]>): Promise<void> {
    await fx(async (x, a) => {
      for (const [address, f] of a as Array<[string, string]>) await x.setFormula(address, f);
      await x.settled();
    }, cells);
  }

  /** Price the scope in the pane; returns the priced calls. */
  async function price(scope: "sheet" | "workbook"): Promise<number> {
    await pane.click("#svc-tab-data");
    await pane.selectOption("#svc-refresh-scope", scope);
    await pane.locator("[data-section=svc-refresh] fluent-button", { hasText: "Price refresh…" }).click();
    await pane.waitForFunction(() => /calls?;/.test(document.querySelector("[data-field=price]")?.textContent ?? ""));
    return Number(/≈ ([\d,]+) call/.exec((await pane.textContent("[data-field=price]")) ?? "")?.[1].replace(/,/g, ""));
  }

  async function refresh(): Promise<{ spent: number; priced: number }> {
    await pane.locator("[data-section=svc-refresh] fluent-button", { hasText: "Refresh now" }).click();
    const head = pane.locator(".svc-summary-head");
    await head.waitFor({ timeout: 60_000 });
    return { spent: Number(await head.getAttribute("data-spent")), priced: Number(await head.getAttribute("data-priced")) };
  }

  beforeAll(async () => {
    buildOnce();
    api = await startFakeApi({ latencyMs: 5 });
    site = await startDevServer({ apiUrl: api.url, apiKey: SANDBOX_API_KEY });
    browser = await launchChromium();
    const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await ctx.route("**/*", (route) => {
      const u = new URL(route.request().url());
      if (u.hostname === "127.0.0.1") return route.continue();
      refused.push(u.toString());
      return route.abort("blockedbyclient");
    });
    page = await ctx.newPage();
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${site.url}/workbench/`);
    await page.waitForSelector("body[data-ready='1']");
    const f = page.frames().find((x) => x.url().includes("/taskpane.html"));
    if (!f) throw new Error("no add-in frame");
    pane = f;
    await pane.waitForSelector("body[data-pane-ready='1']");
    // Count host round trips: syncs that carry work (Excel.run's closing sync after a synced batch sends nothing).
    await pane.evaluate(() => {
      const w = window as unknown as W;
      const proto = w.Excel.RequestContext.prototype;
      const sync = proto.sync;
      w.__syncs = 0;
      proto.sync = function (this: { ops?: unknown[] }, ...a: unknown[]) {
        if (this.ops?.length) w.__syncs = (w.__syncs ?? 0) + 1;
        return sync.apply(this, a);
      };
    });
    await fx((x) => {
      x.addSheet("Inputs");
      x.addSheet("Model");
      x.addSheet("Peers");
    });
    const cells: Array<[string, string]> = [["Inputs!B1", "FY"]];
    TICKERS.forEach((t, r) => cells.push([`Inputs!A${r + 2}`, t]));
    METRICS.forEach((m, c) => cells.push([`Model!${"BCD"[c]}1`, m]));
    TICKERS.forEach((_, r) => {
      cells.push([`Model!A${r + 2}`, `=Inputs!A${r + 2}`]);
      METRICS.forEach((__, c) => cells.push([`Model!${"BCD"[c]}${r + 2}`, `=SVC.FINANCIALS(Inputs!$A${r + 2},${"BCD"[c]}$1,Inputs!$B$1)`]));
      cells.push([`Model!E${r + 2}`, `=B${r + 2}-C${r + 2}`]);
    });
    await setAll(cells);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await api?.close();
  });

  it("prices the distinct identities (one per ticker), and a refresh spends exactly that", async () => {
    const cells = await fx((x) => x.cells().filter((c) => c.address.startsWith("Model!")));
    expect(cells).toHaveLength(15);
    expect(cells.every((c) => c.state === "done")).toBe(true);
    await fx((x) => x.select("Model!B2"));
    await page.click("#tabs [data-sheet='Model']");
    const before = api.calls();
    await pane.evaluate(() => ((window as unknown as W).__syncs = 0));
    const priced = await price("sheet");
    expect(priced).toBe(TICKERS.length);
    expect(api.calls()).toBe(before); // pricing spends nothing
    expect(await pane.evaluate(() => (window as unknown as W).__syncs)).toBeLessThanOrEqual(6); // formulas, sheet list, one read pass (+ the results list's)
    expect(await pane.textContent("[data-field=price-detail]")).toBe("15 formulas, 15 requests, 10 shared with another call.");
    expect(await pane.textContent("[data-section=svc-refresh]")).not.toMatch(/not refreshed|cell references|recalculate them in Excel/);
    const r = await refresh();
    expect(r).toEqual({ spent: TICKERS.length, priced: TICKERS.length });
    expect(api.calls() - before).toBe(TICKERS.length);
  });

  it("one changed input cell spends one call and recalculates only its dependents", async () => {
    await fx((x) => x.resetCounters());
    const before = api.calls();
    await setAll([["Inputs!A3", "XOM"]]);
    expect(api.calls() - before).toBe(1);
    const evaluated = Object.keys(await fx((x) => x.evaluations())).sort();
    expect(evaluated).toEqual(["Model!A3", "Model!B3", "Model!C3", "Model!D3", "Model!E3"]);
    expect(Object.keys(await fx((x) => x.invocations())).sort()).toEqual(["Model!B3", "Model!C3", "Model!D3"]);
  });

  it("a chain refreshes in order: PEERS first, then FINANCIALS of the peer read from its spill", async () => {
    // The FINANCIALS cell comes first in reading order: only staging runs PEERS before it.
    await setAll([
      ["Peers!B4", "=SVC.PEERS(Inputs!A5)"],
      ["Peers!A1", '=SVC.FINANCIALS(INDEX(B4#,2,1),"revenue",5)'],
    ]);
    const peer = (await fx((x) => x.cells().find((c) => c.address === "Peers!A1")?.args[0])) as string;
    expect(peer).toMatch(/^[A-Z]/);
    await page.click("#tabs [data-sheet='Peers']");
    await fx((x) => x.select("Peers!A1"));
    expect(await price("sheet")).toBe(2);
    expect(await pane.textContent("[data-field=price-detail]")).toMatch(/2 steps \(formulas that read another result run after it\)/);
    api.reset();
    expect(await refresh()).toEqual({ spent: 2, priced: 2 });
    const log = api.log.map((e) => [e.tool, e.query.ticker]);
    expect(log).toEqual([["get_peers", "KO"], ["get_financials", peer]]);
  });

  it("Show source of any cell inside a spill explains its result and marks its row", async () => {
    await fx((x) => x.select("Peers!B6"));
    await pane.click("#svc-tab-data");
    await pane.locator("[data-section=svc-data] fluent-button", { hasText: "Show source of the selected cell" }).click();
    const box = pane.locator("[data-source-of='Peers!B6']");
    await box.waitFor();
    expect(await box.textContent()).toMatch(/Formula cellPeers!B4FunctionSVC\.PEERS/);
    expect(await pane.getAttribute("[data-list=results] [aria-current=true]", "data-address")).toBe("Peers!B4");
  });

  it("marks a volatile argument and names the argument it cannot read", async () => {
    await setAll([
      ["Peers!M10", '=SVC.FINANCIALS("KO","revenue","FY"&(YEAR(TODAY())-1))'],
      ["Peers!M14", '=SVC.FINANCIALS(Inputs!A40,"revenue")'],
      ["Peers!M16", '=SVC.FINANCIALS(SVC.COMPANY(Inputs!A2,"ticker"),"net_income","FY")'],
    ]);
    await price("sheet");
    expect(await pane.textContent("[data-field=price-detail]")).toMatch(/1 priced from the arguments of its last run/);
    expect(await pane.textContent("[data-kind=last-run]")).toMatch(/^Peers!M16: priced from the arguments Excel last passed it/);
    expect(await pane.textContent("[data-kind=volatile]")).toMatch(/^Peers!M10: TODAY in its arguments: .*put the date in an input cell/);
    expect(await pane.textContent("[data-kind=invalid]")).toMatch(/^Peers!M14: ticker \(Inputs!A40\): the cell is empty/);
    await pane.locator("[data-section=svc-refresh] fluent-button", { hasText: "Not now" }).click();
    expect(refused).toEqual([]);
    expect(errors).toEqual([]);
  });
});
