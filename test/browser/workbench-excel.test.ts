/**
 * A model made in the workbench with Excel's keys, saved, refreshed by `svc-excel`, and opened
 * again with the same figures: typing replaces a cell, Delete clears, Enter/Tab/arrows move, a
 * malformed formula is refused, a renamed sheet's references follow, Ctrl+R / Ctrl+D and the fill
 * handle fill with relative references shifted; Save writes an .xlsx the CLI refreshes; opening it
 * shows the stored figures and spends no call until something asks.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { Browser, Frame, Page } from "playwright-core";
import { readModel } from "../../src/model-file";
import { startFakeApi, FakeApi, SANDBOX_API_KEY } from "../fakes/api/server";
import { cliRunner, CliRunner } from "../cli/run-cli";
import { buildOnce, launchChromium } from "./harness";

// eslint-disable-next-line @typescript-eslint/no-var-requires
const { startDevServer } = require("../../scripts/build-helpers/dev-server");

jest.setTimeout(240_000);

type Shown = { value?: unknown; error?: string; busy?: boolean };
type Fx = { shown(sheet?: string): Array<[string, Shown]>; cells(): Array<{ state: string }>; formulaAt(a: string): unknown };
const basic = (v: unknown) => (v !== null && typeof v === "object" && "basicValue" in v ? (v as { basicValue: unknown }).basicValue : v);

let api: FakeApi;
let site: { url: string; close(): Promise<void> };
let browser: Browser;
let cli: CliRunner;
let dir: string;

beforeAll(async () => {
  buildOnce();
  api = await startFakeApi({ latencyMs: 5, quota: 100_000 });
  site = await startDevServer({ apiUrl: api.url, apiKey: SANDBOX_API_KEY });
  browser = await launchChromium();
  cli = cliRunner();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-wb-excel-"));
}, 900_000); // webpack, when dist/ is stale, takes minutes on a busy machine
afterAll(async () => {
  await browser?.close();
  await site?.close();
  await api?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  if (cli) fs.rmSync(cli.dir, { recursive: true, force: true });
});

async function openPage(): Promise<{ page: Page; host: Frame }> {
  const ctx = await browser.newContext({ viewport: { width: 1400, height: 800 }, acceptDownloads: true });
  await ctx.route("**/*", (route) => (new URL(route.request().url()).hostname === "127.0.0.1" ? route.continue() : route.abort("blockedbyclient")));
  const page = await ctx.newPage();
  await page.goto(`${site.url}/workbench/`);
  await page.waitForSelector("body[data-ready='1']");
  const host = page.frames().find((x) => x.url().includes("/taskpane.html"));
  if (!host) throw new Error("no add-in frame");
  return { page, host };
}

const settled = (host: Frame) => host.waitForFunction(() => (window as unknown as { __fakeExcel: Fx }).__fakeExcel.cells().every((c) => c.state === "done"));
async function figures(host: Frame, sheet: string): Promise<Record<string, unknown>> {
  await settled(host);
  const shown = await host.evaluate((s) => (window as unknown as { __fakeExcel: Fx }).__fakeExcel.shown(s), sheet);
  return Object.fromEntries(shown.map(([a, s]) => [a.replace(/^.*!/, ""), s.error ? s.error : basic(s.value)]));
}
const formulaAt = (host: Frame, a: string) => host.evaluate((x) => (window as unknown as { __fakeExcel: Fx }).__fakeExcel.formulaAt(x), a);
const calls = async (page: Page) => Number(await page.getAttribute("#stats", "data-calls"));

/** Type as a person does: keys on the focused grid (no formula-bar fill). */
async function keys(page: Page, ...seq: string[]): Promise<void> {
  for (const k of seq) {
    if (/^(Enter|Tab|Shift\+Tab|Shift\+Enter|Delete|Escape|F2|Arrow\w+|Shift\+Arrow\w+|Control\+[A-Z])$/.test(k)) await page.keyboard.press(k);
    else await page.keyboard.type(k);
  }
}

async function renameTab(page: Page, from: string, to: string): Promise<void> {
  await page.dblclick(`#tabs [data-sheet='${from}']`);
  await page.fill("#tabs input.tab-name", to);
  await page.press("#tabs input.tab-name", "Enter");
  await page.waitForSelector(`#tabs [data-sheet='${to}']`);
}

describe("workbench: a model typed with Excel's keys, saved, refreshed by svc-excel, opened again", () => {
  let typed: Record<string, unknown>;
  let saved: string;

  it("types, replaces, clears, moves, refuses a bad formula, renames and fills like Excel", async () => {
    const { page, host } = await openPage();
    await renameTab(page, "Sheet1", "Data");
    await page.click("#cell-A1");
    await keys(page, "Period", "Tab", "FY", "Enter"); // Tab then Enter: B1, then B2
    await page.click("#cell-A2");
    await keys(page, "MSFT", "Enter", "MSFT", "Enter", "NVDA", "Enter", "junk", "Enter");
    await page.click("#cell-A2");
    await keys(page, "AAPL", "Enter"); // typing replaces: AAPL, not MSFTAAPL
    await keys(page, "ArrowDown", "ArrowDown", "Delete"); // A3 -> A5: junk cleared
    expect(await figures(host, "Data")).toEqual({ A1: "Period", B1: "FY", A2: "AAPL", A3: "MSFT", A4: "NVDA" });

    await page.click("#tabs [data-sheet='Sheet2']");
    await page.click("#cell-B1");
    await keys(page, "revenue", "Tab", "net_income", "Enter");
    await page.click("#cell-A2");
    await keys(page, "=Data!A2", "Enter", "=Data!A3", "Enter", "=Data!A4", "Enter");
    await page.click("#cell-B2");
    await keys(page, "=SVC.FINANCIALS(Data!$A2, B$1, Data!$B$1", "Enter");
    await page.waitForSelector("#formula-problem:not([hidden])");
    expect(await page.textContent("#formula-problem p")).toMatch(/^There's a problem with this formula/);
    expect(await formulaAt(host, "Sheet2!B2")).toBe(""); // refused: nothing written
    await keys(page, ")", "Enter"); // fixed in the bar
    await page.waitForSelector("#formula-problem", { state: "hidden" });
    await page.click("#cell-B2");
    await keys(page, "Shift+ArrowRight", "Control+R"); // fill right: B$1 -> C$1
    await keys(page, "Shift+ArrowDown", "Shift+ArrowDown", "Control+D"); // fill B2:C4 down: $A2 -> $A3, $A4
    await page.click("#cell-D2");
    await keys(page, "=C2/B2", "Enter");
    await page.click("#cell-D2");
    const handle = await page.waitForSelector("#fill-handle");
    const box = await handle.boundingBox();
    const target = await (await page.$("#cell-D4"))?.boundingBox();
    if (!box || !target) throw new Error("no fill handle or target cell");
    await page.mouse.move(box.x + 3, box.y + 3);
    await page.mouse.down();
    await page.mouse.move(target.x + 10, target.y + 10, { steps: 5 });
    await page.mouse.up();
    await page.waitForFunction(() => document.querySelector("#cell-D4")?.textContent !== "");
    await renameTab(page, "Sheet2", "Model");
    await renameTab(page, "Data", "Inputs"); // references follow
    expect(await formulaAt(host, "Model!C3")).toBe("=SVC.FINANCIALS(Inputs!$A3, C$1, Inputs!$B$1)");
    expect(await formulaAt(host, "Model!D4")).toBe("=C4/B4");
    expect(await formulaAt(host, "Model!A4")).toBe("=Inputs!A4");
    typed = await figures(host, "Model");
    expect(typed.A4).toBe("NVDA");
    expect(typeof typed.C4).toBe("number");
    expect(typed.D3).toBeCloseTo((typed.C3 as number) / (typed.B3 as number), 12);

    const download = page.waitForEvent("download");
    await page.click("#save");
    saved = path.join(dir, "Book1.xlsx");
    await (await download).saveAs(saved);
    await page.context().close();
    const model = readModel(new Uint8Array(fs.readFileSync(saved)));
    expect(model.sheets.map((s) => s.name)).toEqual(["Inputs", "Model"]);
    expect(model.sites.map((s) => s.formula)).toContain("_xldudf_SVC_FINANCIALS(Inputs!$A4,C$1,Inputs!$B$1)");
  });

  it("svc-excel refreshes the saved file; opened again, it shows the same figures and calls nothing", async () => {
    const refreshed = path.join(dir, "Refreshed.xlsx");
    const r = await cli.run(["refresh", saved, "--out", refreshed], { env: { SVC_TOKEN: SANDBOX_API_KEY, SVC_BASE_URL: api.url, XDG_CONFIG_HOME: dir } });
    expect(r.stdout + r.stderr).toMatch(/6 SVC cells \(0 with errors\)/);
    expect(r.code).toBe(0);
    const { page, host } = await openPage();
    await page.setInputFiles("#open", refreshed);
    await page.waitForSelector("body[data-opened='Refreshed.xlsx']");
    expect(await figures(host, "Model")).toEqual(typed);
    expect(await calls(page)).toBe(0);
    await page.click("#tabs [data-sheet='Inputs']");
    await page.click("#cell-A3");
    await keys(page, "KO", "Enter"); // an edit recalculates what reads it, as in Excel
    await page.click("#tabs [data-sheet='Model']");
    await page.waitForFunction(() => document.querySelector("#cell-A3")?.textContent === "KO");
    const after = await figures(host, "Model");
    expect(after.B3).not.toBe(typed.B3);
    expect(await calls(page)).toBeGreaterThan(0);
    await page.context().close();
  });

  it("a frozen value shows its value in the formula bar, and Enter leaves it as it was", async () => {
    const { page, host } = await openPage();
    await host.evaluate(() => (window as unknown as { __fakeExcel: { setConstant(a: string, v: unknown): void } }).__fakeExcel.setConstant("Sheet1!C3", { type: "Double", basicValue: 428000, numberFormat: "#,##0" }));
    await page.click("#cell-C3");
    expect(await page.inputValue("#fx")).toBe("428000");
    await keys(page, "F2", "Enter");
    expect(await formulaAt(host, "Sheet1!C3")).toEqual({ type: "Double", basicValue: 428000, numberFormat: "#,##0" });
    await page.click("#cell-C3");
    await keys(page, "Enter");
    expect(await page.inputValue("#fx")).toBe("");
    await page.context().close();
  });
});
