/**
 * The workbench's main path under each platform the fake Office host plays (`/workbench/?platform=`,
 * which the pane's frame reads from its parent): open a saved .xlsx (examples/Coverage.xlsx), Refresh
 * it from the pane, edit a cell, Save; a week and a day later (past every answer's cache lifetime)
 * reopen the saved file in the same browser (the same cache): the edit and the custom XML parts are
 * kept, the figures are the ones saved, and opening spends 0 calls. Where it differs: desktop Excel
 * shows the stored values and runs nothing on open; Excel on the web re-runs every SVC formula when the
 * workbook opens, and the re-run answers from the expired cache, marked stale, spending nothing.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { unzipSync, strFromU8 } from "fflate";
import { Browser, BrowserContext, Frame, Page } from "playwright-core";
import { startFakeApi, FakeApi, SANDBOX_API_KEY } from "../fakes/api/server";
import { buildOnce, launchChromium } from "./harness";

// eslint-disable-next-line @typescript-eslint/no-var-requires
const { startDevServer } = require("../../scripts/build-helpers/dev-server");

jest.setTimeout(120_000);

const PLATFORMS = ["win", "mac", "web", "web-safari", "win-2208"] as const;
const COVERAGE = path.resolve(__dirname, "../../examples/Coverage.xlsx");
const SOURCES_NS = "urn:svc-excel:sources:1";
/** Longer than the longest cache lifetime of any tool (7 days, src/api/catalogue.ts). */
const LATER_MS = 8 * 24 * 3_600_000;

type Shown = { value?: unknown; error?: string };
type Fx = {
  shown(sheet?: string): Array<[string, Shown]>;
  cells(): Array<{ state: string }>;
  invocations(): Record<string, number>;
  xmlParts(): Array<{ namespace: string }>;
};

let api: FakeApi;
let site: { url: string; close(): Promise<void> };
let browser: Browser;
let dir: string;

beforeAll(async () => {
  buildOnce();
  api = await startFakeApi({ latencyMs: 2, quota: 100_000 });
  site = await startDevServer({ apiUrl: api.url, apiKey: SANDBOX_API_KEY });
  browser = await launchChromium();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-platform-wb-"));
}, 900_000); // webpack, when dist/ is stale, takes minutes on a busy machine
afterAll(async () => {
  await browser?.close();
  await site?.close();
  await api?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** A sheet's figures as a file keeps them: a data type's basic value (the file stores the number), or the error. */
const figuresOf = (shown: Array<[string, Shown]>) =>
  shown.map(([a, v]) => [a, v.error ?? (v.value !== null && typeof v.value === "object" && "basicValue" in v.value ? (v.value as { basicValue: unknown }).basicValue : v.value)]);

const fx = <T>(host: Frame, fn: (x: Fx) => T): Promise<T> =>
  host.evaluate((f) => new Function("x", `return (${f})(x)`)((window as unknown as { __fakeExcel: Fx }).__fakeExcel), fn.toString()) as Promise<T>;

/** A workbench page of `ctx` playing `platform` with `file` opened: the page and the pane's frame (the host). */
async function opened(ctx: BrowserContext, platform: string, file: string): Promise<{ page: Page; pane: Frame }> {
  const page = await ctx.newPage();
  await page.goto(`${site.url}/workbench/?platform=${platform}`);
  await page.waitForSelector("body[data-ready='1']");
  const pane = page.frames().find((x) => x.url().includes("/taskpane.html"));
  if (!pane) throw new Error("no add-in frame");
  await pane.waitForSelector("body[data-pane-ready='1']");
  await page.setInputFiles("#open", file);
  await page.waitForSelector(`body[data-opened='${path.basename(file)}']`);
  await pane.waitForFunction(() => (window as unknown as { __fakeExcel: Fx }).__fakeExcel.cells().every((c) => c.state === "done"));
  return { page, pane };
}

/** Price the whole workbook in the pane and refresh it: [priced, spent]. */
async function refreshAll(pane: Frame): Promise<[number, number]> {
  await pane.click("#svc-tab-data");
  await pane.selectOption("#svc-refresh-scope", "workbook");
  await pane.locator("[data-section=svc-refresh] fluent-button", { hasText: "Price refresh…" }).click();
  await pane.waitForFunction(() => /calls?;/.test(document.querySelector("[data-field=price]")?.textContent ?? ""));
  const priced = Number(/≈ ([\d,]+) call/.exec((await pane.textContent("[data-field=price]")) ?? "")?.[1].replace(/,/g, ""));
  await pane.locator("[data-section=svc-refresh] fluent-button", { hasText: "Refresh now" }).click();
  await pane.waitForSelector(".svc-summary-head", { timeout: 60_000 });
  return [priced, Number(await pane.getAttribute(".svc-summary-head", "data-spent"))];
}

async function typeIn(page: Page, sheet: string, address: string, text: string): Promise<void> {
  await page.click(`#tabs [data-sheet='${sheet}']`);
  await page.click(`#cell-${address}`);
  await page.fill("#fx", text);
  await page.press("#fx", "Enter");
  await page.waitForFunction(([a, t]) => document.querySelector(`#cell-${a}`)?.textContent === t, [address, text]);
}

/** The Data tab's result rows: [all, those that say "stale"]. */
async function staleRows(pane: Frame): Promise<[number, number]> {
  await pane.click("#svc-tab-data");
  await pane.locator(".svc-result-row").first().waitFor({ state: "attached" }); // grouped by sheet: folded away
  const metas = await pane.$$eval(".svc-result-row .svc-result-meta", (ms) => ms.map((m) => m.textContent ?? ""));
  return [metas.length, metas.filter((m) => /\bstale\b/.test(m)).length];
}

describe.each(PLATFORMS)("the workbench's main path on %s", (platform) => {
  const web = platform.startsWith("web");
  let ctx: BrowserContext;
  let saved: string;
  let figures: unknown[][];
  let parts: string[];

  beforeAll(async () => {
    ctx = await browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
    await ctx.route("**/*", (route) => (new URL(route.request().url()).hostname === "127.0.0.1" ? route.continue() : route.abort("blockedbyclient")));
    await ctx.clock.install(); // the page's clock, moved on below past every cache lifetime
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("opens Coverage.xlsx, refreshes it for the calls it priced, takes an edit and saves with its parts", async () => {
    const calls = api.calls();
    const { page, pane } = await opened(ctx, platform, COVERAGE);
    const ranOnOpen = Object.keys(await fx(pane, (x) => x.invocations())).length;
    // desktop shows what the file stored; the web re-runs every SVC formula (none cached yet: first answers)
    if (web) expect(ranOnOpen).toBeGreaterThan(0);
    else expect([ranOnOpen, api.calls() - calls]).toEqual([0, 0]);
    const [priced, spent] = await refreshAll(pane);
    expect(spent).toBe(priced);
    await typeIn(page, "Inputs", "D1", "reviewed");
    figures = figuresOf(await fx(pane, (x) => x.shown("Model")));
    parts = (await fx(pane, (x) => x.xmlParts().map((p) => p.namespace))).sort();
    expect(parts).toContain(SOURCES_NS);
    const download = page.waitForEvent("download");
    await page.click("#save");
    saved = path.join(dir, `Coverage-${platform}.xlsx`);
    await (await download).saveAs(saved);
    await page.close();
    const zip = unzipSync(new Uint8Array(fs.readFileSync(saved)));
    const custom = Object.keys(zip).filter((k) => /^customXml\/item\d+\.xml$/.test(k)).map((k) => strFromU8(zip[k]));
    expect(custom.some((x) => x.includes(SOURCES_NS))).toBe(true);
  });

  it("reopened a week and a day later: the edit, the parts and the figures kept, 0 calls spent on open", async () => {
    await ctx.clock.setSystemTime(Date.now() + LATER_MS);
    const calls = api.calls();
    const { page, pane } = await opened(ctx, platform, saved);
    expect(api.calls() - calls).toBe(0);
    await page.click("#tabs [data-sheet='Inputs']");
    expect(await page.textContent("#cell-D1")).toBe("reviewed");
    expect((await fx(pane, (x) => x.xmlParts().map((p) => p.namespace))).sort()).toEqual(parts);
    expect(figuresOf(await fx(pane, (x) => x.shown("Model")))).toEqual(figures);
    const ranOnOpen = Object.keys(await fx(pane, (x) => x.invocations())).length;
    if (web) {
      // every SVC formula re-ran and answered from the expired entries, marked stale
      expect(ranOnOpen).toBeGreaterThan(0);
      const [rows, stale] = await staleRows(pane);
      expect([rows > 0, stale]).toEqual([true, rows]);
    } else expect(ranOnOpen).toBe(0);
    expect(api.calls() - calls).toBe(0);
    await page.close();
  });
});
