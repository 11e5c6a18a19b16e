/**
 * The task pane of the REAL production bundle (dist/) under the fake Excel host, against the fake
 * API (sandbox key): what a user does with it, pressing its buttons.
 *
 *  - the pane (and Fluent UI) load after the functions registered: time to register and the JS
 *    bytes loaded before registration are printed; pane.js is not among them;
 *  - Insert from each builder writes the previewed formula at the active cell, and the cell
 *    evaluates to the previewed table; a bad FINANCIALS formula can be neither copied nor inserted;
 *  - refresh of a sheet spends exactly the calls it priced, with progress and a summary;
 *  - Cancel leaves no pending cell;
 *  - freeze then unfreeze restores the formulas;
 *  - every tab reads at 320 px (no sideways scrolling); screenshots at 320 and 450 px go to
 *    SVC_SCREENSHOTS_DIR (docs/screenshots when refreshed by hand) or a temporary folder.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import type { Page } from "playwright-core";
import { Env, SANDBOX_API_KEY, startEnv } from "./harness";

jest.setTimeout(180_000);

interface Cell {
  address: string;
  formula: string;
  state: string;
  result?: { value?: unknown; error?: string; message?: string | null };
}


const FROZEN_NS = "urn:svc-excel:frozen:1";
type W = Window & {
  __fakeExcel: {
    setFormula(a: string, f: string): Promise<unknown>;
    formulaAt(a: string): unknown;
    select(a: string | null): void;
    cells(): Cell[];
    registeredAt(): number | null;
    xmlParts(): Array<{ namespace: string; xml: string }>;
    comments(): Array<[string, string]>;
    lastCalculation(): Promise<unknown>;
  };
};

async function openPane(env: Env, store: string, viewport = { width: 450, height: 900 }): Promise<Page> {
  const ctx = await env.newContext();
  const page = await env.openWorkbook(ctx, { apiKey: SANDBOX_API_KEY, storeName: store });
  await page.setViewportSize(viewport);
  await page.waitForSelector("body[data-pane-ready='1']");
  return page;
}

const tab = (page: Page, id: "data" | "build" | "account") => page.click(`#svc-tab-${id}`);
const buttonIn = (page: Page, scope: string, text: string) => page.locator(`${scope} fluent-button`, { hasText: text }).first();

async function waitEnabled(page: Page, scope: string, text: string): Promise<void> {
  await page.waitForFunction(
    ([s, t]) => {
      const b = Array.from(document.querySelectorAll(`${s} fluent-button`)).find((x) => x.textContent === t);
      return !!b && !b.hasAttribute("disabled");
    },
    [scope, text]
  );
}

async function settledCell(page: Page, address: string): Promise<Cell> {
  await page.waitForFunction((a) => {
    const c = (window as unknown as W).__fakeExcel.cells().find((x) => x.address === a);
    return !!c && c.state === "done";
  }, address);
  return page.evaluate((a: any) => (window as unknown as W).__fakeExcel.cells().find((x) => x.address === a)!, address);
}

/** Preview the formula of `scope`, insert it at `address`, return (formula shown, preview grid, cell). */
async function previewAndInsert(page: Page, scope: string, address: string): Promise<{ shown: string; grid: unknown; cell: Cell; written: unknown }> {
  await waitEnabled(page, scope, "Preview");
  await buttonIn(page, scope, "Preview").click();
  const table = page.locator(`${scope} .svc-preview table`);
  await table.waitFor();
  const grid = JSON.parse((await table.getAttribute("data-grid"))!);
  const shown = await page.locator(`${scope} .svc-formula-text`).first().inputValue();
  await page.evaluate((a: any) => (window as unknown as W).__fakeExcel.select(a), address);
  await buttonIn(page, scope, "Insert at the active cell").click();
  await page.locator(`${scope} .svc-status-ok`, { hasText: `Inserted into ${address}` }).first().waitFor();
  const cell = await settledCell(page, address);
  const written = await page.evaluate((a: any) => (window as unknown as W).__fakeExcel.formulaAt(a), address);
  return { shown, grid, cell, written };
}

describe("the pane under the fake Excel host", () => {
  let env: Env;
  let page: Page;

  beforeAll(async () => {
    env = await startEnv({ api: { latencyMs: 5 } });
    page = await openPane(env, "svc-pane-main");
  });
  afterAll(async () => {
    await env?.close();
  });

  it("loads the pane after the functions registered (time and bytes printed)", async () => {
    const m = await page.evaluate(() => {
      const registered = (window as unknown as W).__fakeExcel.registeredAt()!;
      const scripts = performance.getEntriesByType("resource").filter((e) => /\.js(\?|$)/.test(e.name)) as PerformanceResourceTiming[];
      const before = scripts.filter((e) => e.responseEnd <= registered);
      const pane = scripts.find((e) => /\/pane\.js$/.test(e.name));
      const mounted = performance.getEntriesByName("svc-pane-mounted")[0]?.startTime ?? null;
      return {
        registered,
        mounted,
        before: before.map((e) => ({ name: e.name.replace(/^.*\//, ""), bytes: e.decodedBodySize })),
        pane: pane ? { start: pane.startTime, bytes: pane.decodedBodySize } : null,
      };
    });
    const bytes = m.before.reduce((s, e) => s + e.bytes, 0);
    // eslint-disable-next-line no-console
    console.log(
      `functions registered ${m.registered.toFixed(0)} ms after navigation start; JS loaded before registration: ` +
        `${bytes} bytes (${m.before.map((e) => `${e.name} ${e.bytes}`).join(", ")}); ` +
        `pane.js ${m.pane?.bytes} bytes requested at ${m.pane?.start.toFixed(0)} ms, pane mounted at ${m.mounted?.toFixed(0)} ms`
    );
    expect(m.pane).not.toBeNull();
    expect(m.before.map((e) => e.name)).not.toContain("pane.js");
    expect(m.pane!.start).toBeGreaterThanOrEqual(m.registered);
    expect(m.mounted!).toBeGreaterThan(m.registered);
  });

  it("moves between tabs with the keyboard (Fluent tablist)", async () => {
    await page.focus("#svc-tab-data");
    await page.keyboard.press("ArrowRight");
    await expect(page.getAttribute("#svc-tab-build", "aria-selected")).resolves.toBe("true");
    expect(await page.isVisible("#svc-panel-build")).toBe(true);
    expect(await page.isVisible("#svc-panel-data")).toBe(false);
    await page.keyboard.press("ArrowRight");
    await expect(page.getAttribute("#svc-tab-account", "aria-selected")).resolves.toBe("true");
  });

  it("inserts the formula builder's previewed FINANCIALS at the active cell, and it evaluates to the preview", async () => {
    await tab(page, "build");
    const s = "[data-section=svc-builder]";
    await page.fill("#svc-builder-get_financials-ticker", "AAPL");
    await page.selectOption("#svc-builder-metric-pick", "revenue");
    await page.selectOption("#svc-builder-metric-pick", "net_income");
    await page.fill("#svc-builder-get_financials-period", "5");
    const r = await previewAndInsert(page, s, "Sheet1!D4");
    expect(r.shown).toBe('=SVC.FINANCIALS("AAPL","revenue,net_income",5)');
    expect(r.written).toBe(r.shown);
    expect(r.cell.result?.error).toBeUndefined();
    expect(r.cell.result?.value).toEqual(r.grid);
  });

  it("offers no Copy or Insert for a FINANCIALS formula a cell would reject, and says why", async () => {
    const s = "[data-section=svc-builder]";
    await page.fill("#svc-builder-get_financials-metrics", "revenu");
    await page.waitForFunction(() => !document.querySelector("[data-section=svc-builder] [data-field=problem]")!.hasAttribute("hidden"));
    expect(await page.textContent(`${s} [data-field=problem]`)).toMatch(/revenu/);
    for (const t of ["Copy", "Insert at the active cell", "Preview"]) expect(await buttonIn(page, s, t).getAttribute("disabled")).not.toBeNull();
    await page.fill("#svc-builder-get_financials-metrics", "revenue");
    await page.fill("#svc-builder-get_financials-period", "25");
    await page.waitForFunction(() => /period|years|25/.test(document.querySelector("[data-section=svc-builder] [data-field=problem]")!.textContent ?? ""));
    expect(await buttonIn(page, s, "Insert at the active cell").getAttribute("disabled")).not.toBeNull();
  });

  it("inserts the screener's previewed formula at the active cell", async () => {
    const s = "[data-section=svc-screener]";
    await page.selectOption(`${s} .svc-filter-row select`, "roic");
    await page.fill(`${s} .svc-filter-row input >> nth=0`, "15");
    const r = await previewAndInsert(page, s, "Sheet1!K2");
    expect(r.shown).toBe('=SVC.SCREEN("roic:15:")');
    expect(r.written).toBe(r.shown);
    expect(r.cell.result?.value).toEqual(r.grid);
  });

  it("inserts a feed's previewed formula at the active cell", async () => {
    const s = "[data-section=svc-feeds]";
    const r = await previewAndInsert(page, s, "Sheet2!A1");
    expect(r.shown).toBe("=SVC.INSIDERFEED()");
    expect(r.written).toBe(r.shown);
    expect(r.cell.result?.value).toEqual(r.grid);
  });

  it("says so when no cell is active, and writes nothing", async () => {
    const s = "[data-section=svc-feeds]";
    await page.evaluate(() => (window as unknown as W).__fakeExcel.select(null));
    await buttonIn(page, s, "Insert at the active cell").click();
    await page.locator(`${s} .svc-status-error`).first().waitFor();
    expect(await page.locator(`${s} .svc-status-error`).first().textContent()).toMatch(/No cell is selected/);
    await page.evaluate(() => (window as unknown as W).__fakeExcel.select("Sheet1!A1"));
  });

  it("refreshes a sheet for exactly the calls it priced, with progress and a summary", async () => {
    for (const [a, f] of [
      ["Sheet1!B20", '=SVC.PEERS("MSFT")'],
      ["Sheet1!B30", '=SVC.HEADLINES("MSFT",5)'],
      ["Sheet1!B40", '=SVC.FINANCIALS("MSFT","revenue",5)'],
      ["Sheet1!B44", '=SVC.FINANCIALS("MSFT","net_income",3)'],
      ["Sheet1!B48", '=SVC.COMPANY("MSFT","name")'],
    ])
      await page.evaluate((x: any) => (window as unknown as W).__fakeExcel.setFormula(x[0], x[1]), [a, f]);
    await page.waitForFunction(() => (window as unknown as W).__fakeExcel.cells().every((c) => c.state === "done"));
    await tab(page, "data");
    await page.selectOption("#svc-refresh-scope", "sheet");
    const callsBefore = env.api.calls();
    await buttonIn(page, "[data-section=svc-refresh]", "Price refresh…").click();
    await page.waitForFunction(() => /calls?;/.test(document.querySelector("[data-field=price]")!.textContent ?? ""));
    const price = (await page.textContent("[data-field=price]"))!;
    const priced = Number(/≈ ([\d,]+) call/.exec(price)![1].replace(/,/g, ""));
    expect(env.api.calls()).toBe(callsBefore); // pricing spends nothing
    expect(priced).toBeGreaterThan(0);
    await buttonIn(page, "[data-section=svc-refresh]", "Refresh now").click();
    await page.waitForSelector(".svc-summary-head");
    const head = page.locator(".svc-summary-head");
    expect(Number(await head.getAttribute("data-spent"))).toBe(priced);
    expect(env.api.calls() - callsBefore).toBe(priced);
    expect(await page.textContent("[data-field=progress]")).toBe(`${priced} of ${priced} calls`);
    expect(await head.textContent()).toMatch(/cells? updated/);
    expect(await page.evaluate(() => (window as unknown as W).__fakeExcel.cells().filter((c) => c.state !== "done").length)).toBe(0);
  });

  it("freezes a sheet's results into values with a stamp, and unfreezes them back to the formulas", async () => {
    await tab(page, "data");
    const before = await page.evaluate(() => (window as unknown as W).__fakeExcel.cells().filter((c) => c.address.startsWith("Sheet1!")).map((c) => [c.address, c.formula]));
    expect(before.length).toBeGreaterThan(0);
    await page.selectOption("#svc-freeze-scope", "sheet");
    await buttonIn(page, "[data-section=svc-freeze]", "Freeze").click();
    await page.locator("[data-section=svc-freeze] .svc-status-ok").waitFor();
    const frozen = await page.evaluate(() => (window as unknown as W).__fakeExcel.cells().filter((c) => c.address.startsWith("Sheet1!")).length);
    expect(frozen).toBe(0); // no formula left on the sheet: values only
    // the frozen formulas' part beside the refresh's sources part; neither holds a credential
    const parts = await page.evaluate(() => (window as unknown as W).__fakeExcel.xmlParts());
    expect(parts.filter((p) => p.namespace === FROZEN_NS)).toHaveLength(1);
    for (const p of parts) expect(p.xml).not.toMatch(/svc_live_|token/i);
    expect((await page.evaluate(() => (window as unknown as W).__fakeExcel.comments())).length).toBe(before.length);
    const anchorValue = await page.evaluate((a: any) => (window as unknown as W).__fakeExcel.formulaAt(a), before[0][0]);
    expect(typeof anchorValue === "string" && anchorValue.startsWith("=")).toBe(false);

    await buttonIn(page, "[data-section=svc-freeze]", "Unfreeze all").click();
    await page.locator("[data-section=svc-freeze] .svc-status-ok", { hasText: "Restored" }).waitFor();
    const after = await page.evaluate(() => (window as unknown as W).__fakeExcel.cells().filter((c) => c.address.startsWith("Sheet1!")).map((c) => [c.address, c.formula]));
    expect(after.sort()).toEqual(before.sort());
    expect((await page.evaluate(() => (window as unknown as W).__fakeExcel.xmlParts())).filter((p) => p.namespace === FROZEN_NS)).toHaveLength(0);
    expect(await page.evaluate(() => (window as unknown as W).__fakeExcel.comments())).toHaveLength(0);
  });

  it("selects a result's cell from the Data tab and shows the source of the selected cell", async () => {
    await tab(page, "data");
    const row = page.locator(".svc-result-row[data-address='Sheet1!B20']");
    const group = page.locator("details.svc-group", { has: row });
    if ((await group.count()) > 0 && !(await group.evaluate((d) => (d as HTMLDetailsElement).open))) await group.locator("summary").click(); // many results: grouped by sheet and function
    await row.locator(".svc-cell-link").click();
    await page.waitForFunction(() => (window as unknown as { __fakeExcel: { selection(): string } }).__fakeExcel.selection() === "Sheet1!B20");
    await buttonIn(page, "[data-section=svc-data]", "Show source of the selected cell").click();
    await page.locator("[data-source-of='Sheet1!B20']").waitFor();
    expect(await page.textContent("[data-source-of='Sheet1!B20']")).toMatch(/SVC\.PEERS/);
  });

  it("shows the source of a FINANCIALS value: concept or formula, accession, filing link", async () => {
    // D4 holds the builder's =SVC.FINANCIALS("AAPL","revenue,net_income",5): E5 is revenue, oldest year.
    await tab(page, "data");
    await page.evaluate(() => (window as unknown as W).__fakeExcel.select("Sheet1!E5"));
    await buttonIn(page, "[data-section=svc-data]", "Show source of the selected cell").click();
    const box = page.locator("[data-source-of='Sheet1!E5']");
    await box.waitFor();
    const text = (await box.textContent())!;
    expect(text).toMatch(/Metricrevenue/);
    expect(text).toMatch(/Concept|Formula|Computed as/);
    expect(text).toMatch(/Accession/);
    const filing = box.locator("a", { hasText: /^Filing / });
    expect(await filing.count()).toBe(1);
  });

  it("sends nothing outside the machine and raises no page errors", () => {
    expect(env.refused).toEqual([]);
    expect(env.errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
});

describe("Cancel during a refresh", () => {
  let env: Env;
  afterAll(async () => {
    await env?.close();
  });

  it("drops the queued calls and leaves no pending cell", async () => {
    env = await startEnv({ api: { latencyMs: 250 } });
    const page = await openPane(env, "svc-pane-cancel");
    const formulas = Array.from({ length: 8 }, (_, i) => [`Sheet1!A${1 + i * 3}`, `=SVC.INSIDERFEED(${7 + i},FALSE,,FALSE,${5 + i})`]);
    for (const x of formulas) await page.evaluate((y: any) => (window as unknown as W).__fakeExcel.setFormula(y[0], y[1]), x);
    await page.waitForFunction(() => (window as unknown as W).__fakeExcel.cells().every((c) => c.state === "done"), undefined, { timeout: 60_000 });
    await tab(page, "data");
    await page.selectOption("#svc-refresh-scope", "sheet");
    await buttonIn(page, "[data-section=svc-refresh]", "Price refresh…").click();
    await page.waitForFunction(() => /calls?;/.test(document.querySelector("[data-field=price]")!.textContent ?? ""));
    const callsBefore = env.api.calls();
    await buttonIn(page, "[data-section=svc-refresh]", "Refresh now").click();
    await page.waitForTimeout(300);
    await buttonIn(page, "[data-section=svc-refresh]", "Cancel").click();
    await page.waitForSelector(".svc-summary-head", { timeout: 30_000 });
    await page.waitForTimeout(500);
    const cells = await page.evaluate(() => (window as unknown as W).__fakeExcel.cells());
    expect(cells.filter((c) => c.state !== "done")).toEqual([]);
    // Cells keep a value (the last one, marked stale) or say Cancelled: never a pending #BUSY!.
    for (const c of cells) expect(c.result?.error === undefined || /cancel/i.test(c.result?.message ?? "")).toBe(true);
    expect(env.api.calls() - callsBefore).toBeLessThan(formulas.length);
    expect(await page.textContent(".svc-summary-head")).toMatch(/cancelled/);
  });
});

describe("the pane at 320 and 450 px", () => {
  let env: Env;
  afterAll(async () => {
    await env?.close();
  });

  it("reads without sideways scrolling on every tab; screenshots of each", async () => {
    const dir = process.env.SVC_SCREENSHOTS_DIR ? path.resolve(process.env.SVC_SCREENSHOTS_DIR) : fs.mkdtempSync(path.join(os.tmpdir(), "svc-shots-"));
    fs.mkdirSync(dir, { recursive: true });
    env = await startEnv({ api: { latencyMs: 5 } });
    const page = await openPane(env, "svc-pane-shots");
    for (const [a, f] of [
      ["Sheet1!B2", '=SVC.FINANCIALS("AAPL","revenue,net_income",5)'],
      ["Sheet1!B6", '=SVC.HEADLINES("AAPL",3)'],
      ["Sheet1!B12", "=SVC.ECONOMY()"],
      ["Sheet1!B70", '=SVC.COMPANY("ZZZZQ")'],
    ])
      await page.evaluate((x: any) => (window as unknown as W).__fakeExcel.setFormula(x[0], x[1]), [a, f]);
    await page.waitForFunction(() => (window as unknown as W).__fakeExcel.cells().every((c) => c.state === "done"));
    await page.waitForTimeout(300);
    for (const width of [320, 450]) {
      await page.setViewportSize({ width, height: 900 });
      for (const id of ["data", "build", "account"] as const) {
        await tab(page, id);
        if (id === "data") {
          await page.selectOption("#svc-refresh-scope", "sheet");
          await buttonIn(page, "[data-section=svc-refresh]", "Price refresh…").click();
          await page.waitForFunction(() => /calls?;/.test(document.querySelector("[data-field=price]")!.textContent ?? ""));
        }
        if (id === "build" && width === 320) {
          await page.fill("#svc-builder-get_financials-ticker", "AAPL");
          await page.fill("#svc-builder-get_financials-metrics", "revenue,net_income");
          await page.fill("#svc-builder-get_financials-period", "FY-2:FY");
          await waitEnabled(page, "[data-section=svc-builder]", "Preview");
          await buttonIn(page, "[data-section=svc-builder]", "Preview").click();
          await page.locator("[data-section=svc-builder] .svc-preview table").waitFor();
        }
        await page.waitForTimeout(200);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect([id, width, overflow]).toEqual([id, width, 0]);
        await page.screenshot({ path: path.join(dir, `pane-${id}-${width}.png`), fullPage: true });
        if (id === "data") await buttonIn(page, "[data-section=svc-refresh]", "Not now").click();
      }
    }
    // eslint-disable-next-line no-console
    console.log(`screenshots in ${dir}`);
  });
});
