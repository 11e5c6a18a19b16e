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
    expect(values.every((v) => v !== "" && Number.isFinite(Number(v)))).toBe(true);
    expect(await text("H2")).toBe("");
    expect(Number(await page.getAttribute("#stats", "data-calls"))).toBeGreaterThanOrEqual(1);
  });

  it("shows an error's message on hover", async () => {
    await type("B6", '=SVC.FINANCIALS("AAPL","revenu",5)');
    expect(await text("B6")).toBe("#VALUE!");
    await page.hover("#cell-B6");
    await expect(page.textContent("#tip")).resolves.toMatch(/revenu/);
  });

  it("shows #SPILL! when the spill range is not blank", async () => {
    await type("J5", "blocker");
    await type("I4", '=SVC.FINANCIALS("AAPL","revenue",5)');
    expect(await text("I4")).toBe("#SPILL!");
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
