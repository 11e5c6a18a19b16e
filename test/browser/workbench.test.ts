/**
 * The workbench and `npm start`'s development server: the real bundle in the pane iframe under the
 * fake host, formulas typed into cells, spills, error messages on hover, the call counter; and the
 * workbench as a small Excel: sheets with tabs, plain formulas across sheets, SVC formulas whose
 * arguments come from cells (exactly the dependents recalculate: one call for a changed ticker),
 * a PEERS spill feeding FINANCIALS through INDEX(A2#,2,1).
 */
import { Browser, Frame, Page } from "playwright-core";
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

  it("grows with its content: a spill past the first 14 columns and 60 rows is drawn, not a false #SPILL!", async () => {
    await type("M59", '=SVC.FINANCIALS("AAPL","revenue,net_income",5)');
    expect(await text("M59")).toBe("metric");
    expect(await text("R61")).not.toBe("");
    expect(Number.isFinite(Number(await text("R61")))).toBe(true);
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

  describe("a small Excel (fresh workbook, fresh cache)", () => {
    let book: Page;
    let host: Frame;
    type Fx = { evaluations(): Record<string, number>; invocations(): Record<string, number>; resetCounters(): void; addSheet(n: string): string; cells(): Array<{ address: string; args: unknown[]; state: string }> };
    const fx = <T>(fn: (x: Fx) => T): Promise<T> => host.evaluate((f) => new Function("x", `return (${f})(x)`)((window as unknown as { __fakeExcel: Fx }).__fakeExcel), fn.toString()) as Promise<T>;

    beforeAll(async () => {
      const ctx = await browser.newContext({ viewport: { width: 1400, height: 800 } });
      await ctx.route("**/*", (route) => (new URL(route.request().url()).hostname === "127.0.0.1" ? route.continue() : route.abort("blockedbyclient")));
      book = await ctx.newPage();
      await book.goto(`${site.url}/workbench/`);
      await book.waitForSelector("body[data-ready='1']");
      const f = book.frames().find((x) => x.url().includes("/taskpane.html"));
      if (!f) throw new Error("no add-in frame");
      host = f;
    });
    afterAll(async () => {
      await book?.context().close();
    });

    const cellText = (a: string) => book.textContent(`#cell-${a}`);
    async function typeIn(address: string, formula: string): Promise<void> {
      await book.click(`#cell-${address}`);
      await book.fill("#fx", formula);
      await book.press("#fx", "Enter");
      await book.waitForFunction((a) => !/^#BUSY!/.test(document.querySelector(`#cell-${a}`)?.textContent ?? ""), address);
    }
    async function tab(name: string): Promise<void> {
      await book.click(`#tabs [data-sheet='${name}']`);
      await book.waitForFunction((n) => document.querySelector("#tabs [aria-selected='true']")?.textContent === n, name);
    }
    const settled = () => host.waitForFunction(() => (window as unknown as { __fakeExcel: Fx }).__fakeExcel.cells().every((c) => c.state === "done"));

    it("adds a sheet from its tab and evaluates a plain formula across sheets; the formula bar shows what was typed", async () => {
      await book.click("#add-sheet");
      await book.waitForFunction(() => document.querySelector("#tabs [aria-selected='true']")?.textContent === "Sheet3");
      await typeIn("A1", "21");
      await tab("Sheet1");
      await typeIn("A1", "=Sheet3!A1*2");
      expect(await cellText("A1")).toBe("42");
      await book.click("#cell-A1");
      expect(await book.inputValue("#fx")).toBe("=Sheet3!A1*2");
      expect(await book.textContent("#value")).toBe("42");
      await tab("Sheet3");
      await typeIn("A1", "50");
      await tab("Sheet1");
      expect(await cellText("A1")).toBe("100");
    });

    it("a ticker changed in Inputs!A2 costs one call and recalculates only the cells that read it", async () => {
      await fx((x) => x.addSheet("Inputs"));
      await tab("Inputs");
      await typeIn("A2", "AAPL");
      await tab("Sheet1");
      await typeIn("B2", '=SVC.FINANCIALS(Inputs!A2,"revenue",5)');
      await typeIn("B5", '=SVC.FINANCIALS("KO","revenue",5)');
      await typeIn("B8", "=SUM(C3:G3)");
      await typeIn("B9", "=SUM(C6:G6)");
      await settled();
      expect(await cellText("B2")).toBe("metric");
      const sumBefore = await cellText("B8");
      const otherBefore = await cellText("B9");
      await fx((x) => x.resetCounters());
      const callsBefore = api.calls();
      await tab("Inputs");
      await typeIn("A2", "MSFT");
      await settled();
      await tab("Sheet1");
      await book.waitForFunction((v) => document.querySelector("#cell-B8")?.textContent !== v, sumBefore);
      expect(api.calls() - callsBefore).toBe(1);
      expect(await cellText("B9")).toBe(otherBefore);
      expect(await fx((x) => x.evaluations())).toEqual({ "Sheet1!B2": 1, "Sheet1!B8": 1 });
      expect(await fx((x) => x.invocations())).toEqual({ "Sheet1!B2": 1 });
    });

    it("chains PEERS into FINANCIALS of the first peer, read from the spill with INDEX(A2#,2,1)", async () => {
      await fx((x) => x.addSheet("Peers"));
      await tab("Peers");
      await typeIn("A2", "=SVC.PEERS(Inputs!A2)");
      await typeIn("A10", '=SVC.FINANCIALS(INDEX(A2#,2,1),"revenue",5)');
      await settled();
      const peer = await cellText("A3");
      expect(peer).toMatch(/^[A-Z][A-Z.-]*$/);
      expect(await cellText("A10")).toBe("metric");
      const fin = (await fx((x) => x.cells())).find((c) => c.address === "Peers!A10");
      expect(fin?.args[0]).toBe(peer);
      expect(refused).toEqual([]);
    });
  });
});
