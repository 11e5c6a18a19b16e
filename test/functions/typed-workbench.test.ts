/**
 * Excel data types through the real bundle: the workbench (production build, Debian Chromium) under
 * the fake Office host reporting CustomFunctionsRuntime 1.4 or later (?datatypes=1). Dates, percents and
 * money display as Excel shows them; SVC.COMPANY is an entity card. Readable is the default:
 * the workbench turns data types on unless `?datatypes=0` asks for a host before 1.4, whose cells hold
 * plain numbers (shown in Excel's General format).
 */
import { chromium, Browser, Page } from "playwright-core";
import { startFakeApi, FakeApi, SANDBOX_API_KEY } from "../fakes/api/server";
import { buildOnce, CHROMIUM, LAUNCH_ARGS } from "../browser/harness";

// eslint-disable-next-line @typescript-eslint/no-var-requires
const { startDevServer } = require("../../scripts/build-helpers/dev-server");

jest.setTimeout(120_000);

describe("typed values in the workbench (real bundle)", () => {
  let api: FakeApi;
  let site: { url: string; close(): Promise<void> };
  let browser: Browser;

  beforeAll(async () => {
    buildOnce();
    api = await startFakeApi({ latencyMs: 2 });
    site = await startDevServer({ apiUrl: api.url, apiKey: SANDBOX_API_KEY });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await api?.close();
  });

  async function open(query: string): Promise<Page> {
    const ctx = await browser.newContext({ viewport: { width: 1400, height: 800 } });
    await ctx.route("**/*", (r) => (new URL(r.request().url()).hostname === "127.0.0.1" ? r.continue() : r.abort("blockedbyclient")));
    const page = await ctx.newPage();
    await page.goto(`${site.url}/workbench/${query}`);
    await page.waitForSelector("body[data-ready='1']");
    return page;
  }
  async function type(page: Page, address: string, formula: string): Promise<void> {
    await page.click(`#cell-${address}`);
    await page.fill("#fx", formula);
    await page.press("#fx", "Enter");
    await page.waitForFunction((a) => document.querySelector(`#cell-${a}`)!.textContent !== "#BUSY!", address);
  }
  const text = (page: Page, a: string) => page.textContent(`#cell-${a}`);

  it("shows dates, percents and money as Excel does, and the COMPANY card", async () => {
    const page = await open("?datatypes=1");
    await type(page, "A1", '=SVC.FILINGS("AAPL",,2)');
    expect(await text(page, "B2")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await type(page, "A5", '=SVC.FINANCIALS("AAPL","revenue,gross_margin","FY-1:FY")');
    expect(await text(page, "B6")).toMatch(/^\d{1,3}(,\d{3})+\.\d$/);
    expect(await text(page, "B7")).toMatch(/^\d+\.\d\d%$/);
    await type(page, "A10", '=SVC.COMPANY("AAPL")');
    expect(await text(page, "A10")).toMatch(/Apple Inc\. \(AAPL\)/);
    expect(await text(page, "A11")).toBe("");
    await page.hover("#cell-B12");
    await page.hover("#cell-A10");
    await expect(page.textContent(".svc-card")).resolves.toMatch(/cik: 320193/);
  });

  it("is readable by default: no flag needed for dates, separators, percents and a CIK as written", async () => {
    const page = await open("");
    await type(page, "A1", '=SVC.FILINGS("AAPL",,2)');
    expect(await text(page, "B2")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await type(page, "A5", '=SVC.FINANCIALS("AAPL","revenue,gross_margin","FY-1:FY")');
    expect(await text(page, "B6")).toMatch(/^\d{1,3}(,\d{3})+\.\d$/);
    expect(await text(page, "B7")).toMatch(/^\d+\.\d\d%$/);
    await type(page, "A10", '=SVC.SCREEN("roic:15:",,,3)');
    expect(await text(page, "D11")).toMatch(/^\d+$/); // cik
    expect(await text(page, "E11")).toMatch(/%$/); // roic
  });

  it("keeps plain values where the host has no data types (?datatypes=0)", async () => {
    const page = await open("?datatypes=0");
    await type(page, "A1", '=SVC.FILINGS("AAPL",,2)');
    expect(Number(await text(page, "B2"))).toBeGreaterThan(40000);
    await type(page, "A5", '=SVC.COMPANY("AAPL")');
    expect(await text(page, "A5")).toBe("field");
  });
});
