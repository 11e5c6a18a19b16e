/**
 * The pane against the hostile API (test/fakes/api/hostile.ts): the REAL bundle under
 * the fake Excel host, every answer carrying formula-like text, terminal escapes, HTML and
 * javascript:/data:/file:/vbscript: links. In the results list, the notices, the screener, the feeds
 * and the COMPANY card, API text shows as text (no element, no script runs) and only http(s) links
 * can be opened.
 */
import type { Page } from "playwright-core";
import { BAD_URLS } from "../fakes/api/hostile";
import { Env, SANDBOX_API_KEY, invoke, startEnv } from "./harness";

jest.setTimeout(180_000);

type W = Window & {
  __pwned?: unknown;
  __fakeExcel: {
    setFormula(a: string, f: string): Promise<unknown>;
    cells(): Array<{ address: string; state: string }>;
    log: Array<{ type: string; url?: string }>;
  };
};

let env: Env;
let page: Page;

const FORMULAS: Array<[string, string]> = [
  ["Sheet1!A1", '=SVC.HEADLINES("AAPL",5)'],
  ["Sheet1!A20", '=SVC.FILINGS("AAPL",,5)'],
  ["Sheet1!A40", '=SVC.SUMMARY("AAPL")'],
  ["Sheet1!A60", '=SVC.SHORTINTEREST("AAPL",3)'],
  ["Sheet1!A80", '=SVC.ECONOMY("UNRATE","1Y")'],
  ["Sheet1!A100", '=SVC.COMPANY("AAPL")'],
];

beforeAll(async () => {
  env = await startEnv({ api: { latencyMs: 2, quota: 100_000, hostile: true } });
  page = await env.openWorkbook(await env.newContext(), { apiKey: SANDBOX_API_KEY, storeName: "svc-hostile" });
  await page.setViewportSize({ width: 450, height: 900 });
  await page.waitForSelector("body[data-pane-ready='1']");
  for (const [a, f] of FORMULAS) await page.evaluate((x) => (window as unknown as W).__fakeExcel.setFormula(x[0], x[1]), [a, f]);
  await page.waitForFunction(() => (window as unknown as W).__fakeExcel.cells().every((c) => c.state === "done"));
});
afterAll(async () => {
  await env?.close();
});

const buttonIn = (scope: string, text: string) => page.locator(`${scope} fluent-button`, { hasText: text }).first();

/** What the pane shows: its text, the elements API text could have made, every link's href. */
function paneState(): Promise<{ text: string; injected: number; hrefs: string[]; pwned: unknown }> {
  return page.evaluate(() => {
    const pane = document.querySelector("[data-svc-pane]") as HTMLElement;
    return {
      text: pane.innerText,
      injected: pane.querySelectorAll("img, script, iframe, object, embed, b").length,
      hrefs: [...pane.querySelectorAll("a[href]")].map((a) => a.getAttribute("href") ?? ""),
      pwned: (window as unknown as W).__pwned,
    };
  });
}

function expectOnlySafeLinks(hrefs: string[]): void {
  for (const h of hrefs) expect(h === "#" || /^https?:\/\//.test(h)).toBe(true);
  for (const bad of BAD_URLS) expect(hrefs).not.toContain(bad.trim());
}

describe("the pane shows hostile API text as text and opens only http(s)", () => {
  it("results list and notices (Data tab)", async () => {
    await page.click("#svc-tab-data");
    await page.waitForFunction(() => (document.querySelector("[data-svc-pane]") as HTMLElement).innerText.includes("SVC.HEADLINES"));
    const s = await paneState();
    expect(s.pwned).toBeUndefined();
    expect(s.injected).toBe(0);
    expect(s.text).toMatch(/[=+\-@](WEBSERVICE|HYPERLINK|SUM|1\+1)/); // a notice or name that looks like a formula, shown as text
    expectOnlySafeLinks(s.hrefs);
    expect(s.hrefs.some((h) => /^https?:\/\//.test(h))).toBe(true); // http(s) links still work
  });

  it("clicking every link opens only http(s) URLs", async () => {
    const links = page.locator("[data-svc-pane] a.svc-link");
    const n = await links.count();
    expect(n).toBeGreaterThan(0);
    for (let i = 0; i < n; i++) await links.nth(i).click();
    const opened = await page.evaluate(() => (window as unknown as W).__fakeExcel.log.filter((e) => e.type === "openBrowserWindow").map((e) => e.url ?? ""));
    expect(opened.length).toBeGreaterThan(0);
    for (const u of opened) expect(u).toMatch(/^https?:\/\//);
    expect((await paneState()).pwned).toBeUndefined();
  });

  it("the screener and the feeds (Build tab)", async () => {
    await page.click("#svc-tab-build");
    const screener = "[data-section=svc-screener]";
    await page.selectOption(`${screener} .svc-filter-row select`, "roic");
    await page.fill(`${screener} .svc-filter-row input >> nth=0`, "5");
    await buttonIn(screener, "Preview").click();
    await page.locator(`${screener} .svc-preview table`).waitFor();
    const feeds = "[data-section=svc-feeds]";
    await buttonIn(feeds, "Preview").click();
    await page.locator(`${feeds} .svc-preview table`).waitFor();
    const s = await paneState();
    expect(s.pwned).toBeUndefined();
    expect(s.injected).toBe(0);
    expect(s.text).toContain("<img src=x onerror");
    expect(s.text).toContain("=WEBSERVICE(");
    expectOnlySafeLinks(s.hrefs);
  });

  it("the COMPANY card (Excel data types) carries no link but an http(s) one", async () => {
    await page.goto(`${env.site.url}/taskpane.html?datatypes=1`);
    await page.waitForFunction(() => !!(window as unknown as { __svcHost?: unknown }).__svcHost);
    const card = await invoke(page, "COMPANY", ["AAPL"]);
    expect(card.error).toBeUndefined();
    const json = JSON.stringify(card.value);
    expect(json).toMatch(/"type":"Entity"/);
    for (const bad of BAD_URLS) {
      expect(json).not.toContain(`"logoTargetAddress":${JSON.stringify(bad)}`);
      expect(json).not.toMatch(new RegExp(`"check_link":\\{"type":"String","basicValue":${JSON.stringify(bad).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    }
    expect(env.refused).toEqual([]);
  });
});

describe("Freeze keeps hostile API text text (the host makes such text written through values a formula)", () => {
  type Fx = { setFormula(a: string, f: string): Promise<unknown>; cells(): Array<{ state: string }>; formulasOf(s: string): Array<{ address: string; formula: string }>; shown(s?: string): Array<[string, { value?: unknown }]>; select(a: string): void };
  it("freezes headlines and filings to values: no formula on the sheet, the formula-like text still text", async () => {
    await page.goto(`${env.site.url}/taskpane.html`);
    await page.waitForSelector("body[data-pane-ready='1']");
    await page.evaluate(async () => {
      const x = (window as unknown as { __fakeExcel: Fx }).__fakeExcel;
      await x.setFormula("Sheet1!A1", '=SVC.HEADLINES("AAPL",5)');
      await x.setFormula("Sheet1!A20", '=SVC.FILINGS("AAPL",,5)');
      x.select("Sheet1!A1");
    });
    await page.waitForFunction(() => (window as unknown as { __fakeExcel: Fx }).__fakeExcel.cells().every((c) => c.state === "done"));
    const before = await page.evaluate(() => (window as unknown as { __fakeExcel: Fx }).__fakeExcel.shown("Sheet1").filter(([, s]) => typeof s.value === "string" && /^[=+\-@]/.test(s.value)).length);
    expect(before).toBeGreaterThan(0);
    await page.click("#svc-tab-data");
    await page.selectOption("#svc-freeze-scope", "sheet");
    await buttonIn("[data-section=svc-freeze]", "Freeze").click();
    await page.locator("[data-section=svc-freeze] .svc-status-ok").waitFor();
    const after = await page.evaluate(() => {
      const x = (window as unknown as { __fakeExcel: Fx }).__fakeExcel;
      return { formulas: x.formulasOf("Sheet1"), texts: x.shown("Sheet1").filter(([, s]) => typeof s.value === "string" && /^[=+\-@]/.test(s.value)).length };
    });
    expect(after.formulas).toEqual([]);
    expect(after.texts).toBe(before);
  });
});
