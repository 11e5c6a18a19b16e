/**
 * The workbench and `npm start`'s development server: the real bundle in the pane iframe under the
 * fake host, formulas typed into cells, spills, error messages on hover, the call counter.
 */
import { Browser, Page } from "playwright-core";
import { startFakeApi, FakeApi, SANDBOX_API_KEY } from "../fakes/api/server";
import { buildOnce, launchChromium } from "./harness";

// eslint-disable-next-line @typescript-eslint/no-var-requires
const { startDevServer } = require("../../scripts/build-helpers/dev-server");

jest.setTimeout(120_000);

describe("workbench", () => {
  let api: FakeApi;
  let site: { url: string; close(): Promise<void> };
  let browser: Browser;
  let page: Page;
  const refused: string[] = [];

  beforeAll(async () => {
    buildOnce();
    api = await startFakeApi({ latencyMs: 5 });
    site = await startDevServer({ apiUrl: api.url, apiKey: SANDBOX_API_KEY });
    browser = await launchChromium();
    const ctx = await browser.newContext({ viewport: { width: 1400, height: 800 } });
    await ctx.route("**/*", (route) => {
      const u = new URL(route.request().url());
      if (u.hostname === "127.0.0.1") return route.continue();
      refused.push(u.toString());
      return route.abort("blockedbyclient");
    });
    page = await ctx.newPage();
    await page.goto(`${site.url}/workbench/`);
    await page.waitForSelector("body[data-ready='1']");
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await api?.close();
  });

  async function type(address: string, formula: string): Promise<void> {
    await page.click(`#cell-${address}`);
    await page.fill("#fx", formula);
    await page.press("#fx", "Enter");
    await page.waitForFunction((a) => document.querySelector(`#cell-${a}`)!.textContent !== "#BUSY!", address);
  }
  const text = (a: string) => page.textContent(`#cell-${a}`);

  it('spills =SVC.FINANCIALS("AAPL","revenue",5) as a header row and five values', async () => {
    await type("B2", '=SVC.FINANCIALS("AAPL","revenue",5)');
    expect(await text("B2")).toBe("metric");
    const header = await Promise.all(["C2", "D2", "E2", "F2", "G2"].map(text));
    expect(header.every((h) => /^FY\d{4}$/.test(h ?? ""))).toBe(true);
    const values = await Promise.all(["C3", "D3", "E3", "F3", "G3"].map(text));
    expect(values.every((v) => /^\d{1,3}(,\d{3})*\.\d$/.test(v ?? ""))).toBe(true); // USD millions as Excel shows them
    expect(await text("H2")).toBe("");
    expect(Number(await page.getAttribute("#stats", "data-calls"))).toBeGreaterThanOrEqual(1);
  });

  it("shows an error's message on hover", async () => {
    await type("B6", '=SVC.FINANCIALS("AAPL","revenu",5)');
    expect(await text("B6")).toBe("#VALUE!");
    await page.hover("#cell-B6");
    await expect(page.textContent("#tip")).resolves.toMatch(/revenu/);
  });

  it("answers an unknown function name with did you mean", async () => {
    await type("B40", '=SVC.FINANCIAL("AAPL","revenue")');
    expect(await text("B40")).toBe("#NAME?");
    await page.hover("#cell-B40");
    await expect(page.textContent("#tip")).resolves.toMatch(/did you mean SVC\.FINANCIALS\?/);
  });

  it("shows #SPILL! when the spill range is not blank", async () => {
    await type("J5", "blocker");
    await type("I4", '=SVC.FINANCIALS("AAPL","revenue",5)');
    expect(await text("I4")).toBe("#SPILL!");
  });

  it("grows with its content: a spill past the first 14 columns and 60 rows is drawn, not a false #SPILL!", async () => {
    await type("M59", '=SVC.FINANCIALS("AAPL","revenue,net_income",5)');
    expect(await text("M59")).toBe("metric");
    expect(await text("R61")).not.toBe("");
    expect(await text("R61")).toMatch(/^-?\d{1,3}(,\d{3})*\.\d$/);
  });

  it("shows the selected cell's full value however narrow its column", async () => {
    await type("B8", '=SVC.COMPANY("AAPL","name")');
    await page.click("#cell-B8");
    const shown = await page.textContent("#value");
    expect(shown!.length).toBeGreaterThan(0);
    expect(await text("B8")).toBe(shown);
    await page.click("#cell-B6");
    expect(await page.textContent("#value")).toMatch(/^#VALUE! — .*revenu/);
  });

  it("shows a data type's display in the value bar, as its cell does (?datatypes=1)", async () => {
    const typed = await page.context().newPage();
    try {
      await typed.goto(`${site.url}/workbench/?datatypes=1`);
      await typed.waitForSelector("body[data-ready='1']");
      await typed.click("#cell-B2");
      await typed.fill("#fx", '=SVC.FINANCIALS("AAPL","revenue",5)');
      await typed.press("#fx", "Enter");
      await typed.waitForFunction(() => document.querySelector("#cell-B2")!.textContent === "metric");
      await typed.click("#cell-C3");
      const cell = await typed.textContent("#cell-C3");
      expect(cell).toMatch(/^\d{1,3}(,\d{3})*(\.\d+)?$/); // a Double with its number format
      expect(await typed.textContent("#value")).toBe(cell);
    } finally {
      await typed.close();
    }
  });

  it("widens a column by dragging its header's edge", async () => {
    const before = (await page.locator("#cell-C2").boundingBox())!.width;
    const grip = (await page.locator("thead th[data-col='2'] .grip").boundingBox())!;
    await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
    await page.mouse.down();
    await page.mouse.move(grip.x + 120, grip.y + grip.height / 2, { steps: 4 });
    await page.mouse.up();
    const after = (await page.locator("#cell-C2").boundingBox())!.width;
    expect(after).toBeGreaterThan(before + 80);
  });

  it("takes the pane's Insert at the cell selected in the sheet", async () => {
    await page.click("#cell-E20");
    const pane = page.frameLocator("#book");
    await pane.locator("#svc-tab-build").click();
    await pane.locator("#svc-builder-get_financials-ticker").fill("MSFT");
    await pane.locator("#svc-builder-get_financials-metrics").fill("revenue");
    const insert = pane.locator("[data-section=svc-builder] fluent-button", { hasText: "Insert at the active cell" });
    await pane.locator("[data-section=svc-builder] fluent-button:not([disabled])", { hasText: "Insert at the active cell" }).waitFor();
    await insert.click();
    await page.waitForFunction(() => document.querySelector("#cell-E20")!.textContent === "metric");
    expect(await page.inputValue("#fx")).toBe('=SVC.FINANCIALS("MSFT","revenue")');
  });

  it("recalculates from the cache", async () => {
    const calls = api.calls();
    await page.click("#recalc");
    await page.waitForTimeout(300);
    expect(await text("B2")).toBe("metric");
    expect(api.calls()).toBe(calls);
    expect(refused).toEqual([]);
  });
});
