/**
 * Every formula that holds an SVC call, on the production bundle in the workbench (the pane in its
 * iframe, the fake host strict as Excel, the fake API counting calls): IFERROR, `*1`, ROUND, a lone
 * call, `/1000`, a sum of two calls and a call inside a defined name. The price lists every cell and
 * counts the distinct identities; the API restates its figures; *Refresh now* spends exactly the
 * price and every cell shows the new figure; Freeze then Unfreeze gives every formula back.
 */
import { Browser, Frame, Page } from "playwright-core";
import { startFakeApi, FakeApi, SANDBOX_API_KEY } from "../fakes/api/server";
import { buildOnce, launchChromium } from "./harness";

// eslint-disable-next-line @typescript-eslint/no-var-requires
const { startDevServer } = require("../../scripts/build-helpers/dev-server");

jest.setTimeout(180_000);

const FORMULAS: Array<[string, string]> = [
  ["Sheet1!A1", '=IFERROR(SVC.FINANCIALS("AAPL","revenue","FY"),"")'],
  ["Sheet1!A2", '=SVC.FINANCIALS("MSFT","revenue","FY")*1'],
  ["Sheet1!A3", '=ROUND(SVC.FINANCIALS("NVDA","revenue","FY"),0)'],
  ["Sheet1!A4", '=SVC.FINANCIALS("KO","revenue","FY")'],
  ["Sheet1!A5", '=SVC.FINANCIALS("JPM","net_income","FY")/1000'],
  ["Sheet1!A6", '=SVC.FINANCIALS("AAPL","revenue","FY")+SVC.FINANCIALS("MSFT","revenue","FY")'],
  ["Sheet1!A7", "=XomRevenue/1000"],
];
/** The name's call is the only XOM one: priced only if the plan looks inside names. */
const NAME: [string, string] = ["XomRevenue", '=SVC.FINANCIALS("XOM","revenue","FY")'];
/** AAPL, MSFT, NVDA, KO, JPM, XOM: one get_financials identity each. */
const IDENTITIES = 6;
const FACTOR = 1.5;

/** A number shows as itself, or (data types on) as a Double with its basicValue. */
type Shown = { value?: unknown | { basicValue?: unknown }; error?: string };
type Fx = {
  setFormula(a: string, f: string): Promise<unknown>;
  settled(): Promise<void>;
  shown(sheet?: string): Array<[string, Shown]>;
  formulasOf(sheet: string): Array<{ address: string; formula: string }>;
  select(a: string | null): void;
  names: { define(name: string, formula: string): unknown };
};
type W = Window & { __fakeExcel: Fx };

describe("composite SVC formulas in the pane: priced, refreshed, frozen and unfrozen", () => {
  let api: FakeApi;
  let site: { url: string; close(): Promise<void> };
  let browser: Browser;
  let page: Page;
  let pane: Frame;
  const refused: string[] = [];
  const errors: string[] = [];

  const fx = <T>(fn: (x: Fx, arg: unknown) => T, arg?: unknown): Promise<T> =>
    pane.evaluate(([f, a]) => new Function("x", "a", `return (${f})(x, a)`)((window as unknown as W).__fakeExcel, a), [fn.toString(), arg] as const) as Promise<T>;

  /** What A1:A7 show, by address. */
  async function values(): Promise<Record<string, unknown>> {
    const shown = await fx((x) => x.shown("Sheet1"));
    const plain = (v: unknown) => (v && typeof v === "object" && "basicValue" in v ? (v as { basicValue: unknown }).basicValue : v);
    return Object.fromEntries(shown.map(([a, s]) => [a, s.error ?? plain(s.value)]));
  }

  const button = (section: string, text: string) => pane.locator(`[data-section=${section}] fluent-button`, { hasText: new RegExp(`^\\s*${text}\\s*$`) });

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
    await fx(async (x, a) => {
      const { name, cells } = a as { name: [string, string]; cells: Array<[string, string]> };
      x.names.define(name[0], name[1]);
      for (const [address, formula] of cells) await x.setFormula(address, formula);
      await x.settled();
    }, { name: NAME, cells: FORMULAS });
    await fx((x) => x.select("Sheet1!A1"));
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await api?.close();
  });

  let before: Record<string, unknown> = {};

  it("every cell shows a figure first", async () => {
    before = await values();
    for (const [address] of FORMULAS) expect([address, typeof before[address]]).toEqual([address, "number"]);
  });

  it("prices every cell and counts the distinct identities", async () => {
    await pane.click("#svc-tab-data");
    await pane.selectOption("#svc-refresh-scope", "sheet");
    await button("svc-refresh", "Price refresh…").click();
    await pane.waitForFunction(() => /calls?;/.test(document.querySelector("[data-field=price]")?.textContent ?? ""));
    expect(await pane.textContent("[data-field=price]")).toMatch(new RegExp(`^≈ ${IDENTITIES} calls;`));
    expect(await pane.textContent("[data-field=price-detail]")).toBe("7 formulas, 8 SVC calls in them, 8 requests, 2 shared with another call, 1 inside IFERROR or the like (an error there is hidden).");
    const listed = await pane.$$eval("[data-list=notes-cell] li", (li) => li.map((x) => x.textContent));
    expect(listed).toEqual([
      "Sheet1!A1: 1 SVC call, recalculated as a whole",
      "Sheet1!A2: 1 SVC call, recalculated as a whole",
      "Sheet1!A3: 1 SVC call, recalculated as a whole",
      "Sheet1!A4: 1 SVC call",
      "Sheet1!A5: 1 SVC call, recalculated as a whole",
      "Sheet1!A6: 2 SVC calls, recalculated as a whole",
      "Sheet1!A7: 1 SVC call, recalculated as a whole, through the name XomRevenue",
    ]);
    expect(await pane.textContent("[data-section=svc-refresh]")).not.toMatch(/not one SVC call/);
  });

  it("Refresh now spends exactly the price, and every cell shows the restated figure", async () => {
    api.restate(FACTOR);
    const calls = api.calls();
    await button("svc-refresh", "Refresh now").click();
    const head = pane.locator(".svc-summary-head");
    await head.waitFor({ timeout: 60_000 });
    expect({ spent: Number(await head.getAttribute("data-spent")), priced: Number(await head.getAttribute("data-priced")) }).toEqual({ spent: IDENTITIES, priced: IDENTITIES });
    expect(api.calls() - calls).toBe(IDENTITIES);
    await fx((x) => x.settled());
    const after = await values();
    for (const [address] of FORMULAS) {
      const was = before[address] as number;
      expect([address, after[address]]).toEqual([address, expect.closeTo(was * FACTOR, address === "Sheet1!A3" ? -1 : 1)]);
    }
  });

  it("Freeze turns every one into values, and Unfreeze gives every formula back", async () => {
    const shown = await values();
    await pane.selectOption("#svc-freeze-scope", "sheet");
    await button("svc-freeze", "Freeze").click();
    await pane.waitForFunction(() => /Froze/.test(document.querySelector("[data-section=svc-freeze]")?.textContent ?? ""));
    expect(await pane.textContent("[data-section=svc-freeze]")).toMatch(/Froze 7 results/);
    expect(await fx((x) => x.formulasOf("Sheet1"))).toEqual([]);
    expect(await values()).toEqual(shown);
    await button("svc-freeze", "Unfreeze all").click();
    await pane.waitForFunction(() => /Restored|not restored/.test(document.querySelector("[data-section=svc-freeze]")?.textContent ?? ""));
    expect(await pane.textContent("[data-section=svc-freeze]")).toMatch(/Restored 7 formulas;/);
    expect(await pane.textContent("[data-section=svc-freeze]")).not.toMatch(/not restored/);
    await fx((x) => x.settled());
    expect((await fx((x) => x.formulasOf("Sheet1"))).map((f) => [f.address, f.formula])).toEqual(FORMULAS);
    expect(await values()).toEqual(shown);
    expect(refused).toEqual([]);
    expect(errors).toEqual([]);
  });
});
