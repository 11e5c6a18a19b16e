/**
 * The round trip in the browser: the workbench opens an .xlsx model — with the file picker and by
 * drag and drop — through src/model-file, shows its stored values without an API call, and after
 * *Recalculate all* the same values `svc-excel refresh` writes into the file for its SVC cells and
 * their dependents (both against the same fake API).
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { Browser, Frame, Page } from "playwright-core";
import { readModel, cellKey } from "../../src/model-file";
import { startFakeApi, FakeApi, SANDBOX_API_KEY } from "../fakes/api/server";
import { cliRunner, CliRunner } from "../cli/run-cli";
import { buildFixture } from "../model-file/fixtures";
import { buildOnce, launchChromium } from "./harness";

// eslint-disable-next-line @typescript-eslint/no-var-requires
const { startDevServer } = require("../../scripts/build-helpers/dev-server");

jest.setTimeout(180_000);

type Shown = { value?: unknown; error?: string };
/** A value as stored: data types (on in the workbench) compared by their basic value, as a file stores them. */
const basic = (v: unknown) => (v !== null && typeof v === "object" && "basicValue" in v ? (v as { basicValue: unknown }).basicValue : v);
type Fx = { shown(sheet?: string): Array<[string, Shown]>; cells(): Array<{ state: string }> };

/** The cells refresh computes in the model fixture: its SVC cells, their spills and their dependents. */
const COMPARED = ["B1", "B3", "C3", "F3", "B4", "C4", "F4", "F5", "B7", "B8", "B9", "C12", "D12", "E12", "C13", "D13", "E13", "B15", "C15", "B16", "C16", "B19", "C19", "H16"];

describe("workbench: open an .xlsx model", () => {
  let api: FakeApi;
  let site: { url: string; close(): Promise<void> };
  let browser: Browser;
  let cli: CliRunner;
  let dir: string;
  let expected: Map<string, unknown>;

  beforeAll(async () => {
    buildOnce();
    api = await startFakeApi({ latencyMs: 5 });
    site = await startDevServer({ apiUrl: api.url, apiKey: SANDBOX_API_KEY });
    browser = await launchChromium();
    cli = cliRunner();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-wb-xlsx-"));
    fs.writeFileSync(path.join(dir, "Model.xlsx"), buildFixture("model"));
    // What the CLI writes, against the same API
    const refreshed = path.join(dir, "refreshed.xlsx");
    const r = await cli.run(["refresh", path.join(dir, "Model.xlsx"), "--out", refreshed], { env: { SVC_TOKEN: SANDBOX_API_KEY, SVC_BASE_URL: api.url, XDG_CONFIG_HOME: dir } });
    if (r.code !== 0) throw new Error(`refresh failed: ${r.stderr}`);
    const sheet = readModel(new Uint8Array(fs.readFileSync(refreshed))).sheets[0];
    expected = new Map(COMPARED.map((a) => {
      const m = /^([A-Z]+)(\d+)$/.exec(a) as RegExpExecArray;
      return [a, sheet.cells.get(cellKey(Number(m[2]) - 1, m[1].charCodeAt(0) - 65))?.value ?? null];
    }));
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await api?.close();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(cli.dir, { recursive: true, force: true });
  });

  async function openPage(): Promise<{ page: Page; host: Frame }> {
    const ctx = await browser.newContext({ viewport: { width: 1400, height: 800 } });
    await ctx.route("**/*", (route) => (new URL(route.request().url()).hostname === "127.0.0.1" ? route.continue() : route.abort("blockedbyclient")));
    const page = await ctx.newPage();
    await page.goto(`${site.url}/workbench/`);
    await page.waitForSelector("body[data-ready='1']");
    const host = page.frames().find((x) => x.url().includes("/taskpane.html"));
    if (!host) throw new Error("no add-in frame");
    return { page, host };
  }

  /** Opened: the stored values show and no call is made; then Recalculate all computes the file's formulas. */
  async function shownValues(page: Page, host: Frame): Promise<Map<string, unknown>> {
    await page.waitForSelector("body[data-opened='Model.xlsx']");
    await page.waitForTimeout(300);
    expect(await page.getAttribute("#stats", "data-calls")).toBe("0"); // the engine spent nothing on open
    await page.click("#recalc");
    await host.waitForFunction(() => (window as unknown as { __fakeExcel: Fx }).__fakeExcel.cells().every((c) => c.state === "done"));
    const shown = await host.evaluate(() => (window as unknown as { __fakeExcel: Fx }).__fakeExcel.shown("Model"));
    const by = new Map(shown.map(([a, s]) => [a.replace(/^.*!/, ""), s.error ? { error: s.error } : basic(s.value) ?? null]));
    return new Map(COMPARED.map((a) => [a, by.get(a) ?? null]));
  }

  it("with the file picker: the sheets, the stored values without a call, then the same values as svc-excel refresh", async () => {
    const { page, host } = await openPage();
    await page.setInputFiles("#open", path.join(dir, "Model.xlsx"));
    expect(await shownValues(page, host)).toEqual(expected);
    expect(await page.$$eval("#tabs [data-sheet]", (els) => els.map((e) => e.getAttribute("data-sheet")))).toEqual(expect.arrayContaining(["Model", "Inputs"]));
    expect(await page.textContent("#cell-B1")).not.toBe("");
    await page.context().close();
  });

  it("by drag and drop: the same values", async () => {
    const { page, host } = await openPage();
    const bytes = [...fs.readFileSync(path.join(dir, "Model.xlsx"))];
    const transfer = await page.evaluateHandle((data) => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(data)], "Model.xlsx", { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" }));
      return dt;
    }, bytes);
    await page.dispatchEvent(".book", "dragover", { dataTransfer: transfer });
    await page.dispatchEvent(".book", "drop", { dataTransfer: transfer });
    expect(await shownValues(page, host)).toEqual(expected);
    await page.context().close();
  });

  it("a file that is not a workbook says why, and the workbook is left as it was", async () => {
    const { page, host } = await openPage();
    const before = await host.evaluate(() => (window as unknown as { __fakeExcel: Fx }).__fakeExcel.shown());
    fs.writeFileSync(path.join(dir, "prices.xlsx"), "ticker,price\nAAPL,225\n");
    await page.setInputFiles("#open", path.join(dir, "prices.xlsx"));
    await page.waitForSelector("body[data-open-error]");
    expect(await page.textContent("#file-status")).toMatch(/Cannot open prices\.xlsx: the file is text \(a CSV/);
    expect(await host.evaluate(() => (window as unknown as { __fakeExcel: Fx }).__fakeExcel.shown())).toEqual(before);
    await page.context().close();
  });
});
