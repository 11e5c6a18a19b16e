/**
 * The workbench keeps what it opens: examples/Coverage.xlsx opened with *Open .xlsx* is the book (its
 * three sheets, no scratch sheet left), *Save .xlsx* right after writes the opened package back (every
 * part byte for byte: the chart, the styles and every number format, the custom XML; `svc-excel diff`
 * finds nothing), and *Refresh* right after *Open*, with nothing changed at the API, says nothing changed.
 * The past across sessions: a refresh in the pane reads the sources part `svc-excel` wrote into the
 * file (a 10-K/A restatement is *revised* with both filings); *Save* keeps what the pane's refresh
 * wrote there; the saved file opened in a new page (a new runtime) tells the next fiscal year as a
 * *new period*.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { unzipSync } from "fflate";
import { Browser, Frame, Page } from "playwright-core";
import { diffModels, readModel, sameModels } from "../../src/model-file";
import { startFakeApi, FakeApi, SANDBOX_API_KEY } from "../fakes/api/server";
import { buildOnce, launchChromium } from "./harness";

// eslint-disable-next-line @typescript-eslint/no-var-requires
const { startDevServer } = require("../../scripts/build-helpers/dev-server");

jest.setTimeout(240_000);

const COVERAGE = path.resolve(__dirname, "../../examples/Coverage.xlsx");

let api: FakeApi;
let site: { url: string; close(): Promise<void> };
let browser: Browser;
let dir: string;

beforeAll(async () => {
  buildOnce();
  // the sandbox's own port: the sample's PEERS spill holds its company links (http://127.0.0.1:8787/company/...);
  // a sandbox left running on this machine (npm start) holds it for a while: wait for it to go, up to a minute
  api = await onSandboxPort();
  site = await startDevServer({ apiUrl: api.url, apiKey: SANDBOX_API_KEY });
  browser = await launchChromium();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-wb-roundtrip-"));
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await api?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function onSandboxPort(): Promise<FakeApi> {
  for (let tries = 0; ; tries++) {
    try {
      return await startFakeApi({ latencyMs: 5, port: 8787 });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EADDRINUSE" || tries >= 60) throw e;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

async function opened(file = COVERAGE): Promise<{ page: Page; pane: Frame }> {
  const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await ctx.route("**/*", (route) => (new URL(route.request().url()).hostname === "127.0.0.1" ? route.continue() : route.abort("blockedbyclient")));
  const page = await ctx.newPage();
  await page.goto(`${site.url}/workbench/`);
  await page.waitForSelector("body[data-ready='1']");
  const pane = page.frames().find((x) => x.url().includes("/taskpane.html"));
  if (!pane) throw new Error("no add-in frame");
  await pane.waitForSelector("body[data-pane-ready='1']");
  await page.setInputFiles("#open", file);
  await page.waitForSelector(`body[data-opened='${path.basename(file)}']`);
  return { page, pane };
}

test("Open then Save: the same package, every part byte for byte; no sheet added; diff finds nothing", async () => {
  const { page } = await opened();
  expect(await page.$$eval("#tabs [data-sheet]", (els) => els.map((e) => e.getAttribute("data-sheet")))).toEqual(["Inputs", "Model", "Peers"]);
  const download = page.waitForEvent("download");
  await page.click("#save");
  const saved = path.join(dir, "Coverage.xlsx");
  await (await download).saveAs(saved);
  await page.context().close();
  const before = unzipSync(new Uint8Array(fs.readFileSync(COVERAGE)));
  const after = unzipSync(new Uint8Array(fs.readFileSync(saved)));
  expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
  for (const part of Object.keys(before)) expect([part, Buffer.from(after[part]).equals(Buffer.from(before[part]))]).toEqual([part, true]);
  expect(Object.keys(after)).toEqual(expect.arrayContaining(["xl/charts/chart1.xml", "xl/styles.xml"]));
  const d = diffModels(readModel(new Uint8Array(fs.readFileSync(COVERAGE))), readModel(new Uint8Array(fs.readFileSync(saved))));
  expect(sameModels(d)).toBe(true);
});

/** Refresh the whole workbook from the pane: the change counts, the notes and each change [cell, kind, line]. */
async function refreshAll(page: Page, pane: Frame): Promise<{ counts: string; notes: string; rows: string[][] }> {
  await page.click("#tabs [data-sheet='Model']");
  await pane.click("#svc-tab-data");
  await pane.selectOption("#svc-refresh-scope", "workbook");
  await pane.locator("[data-section=svc-refresh] fluent-button", { hasText: "Price refresh…" }).click();
  await pane.waitForFunction(() => /calls?;/.test(document.querySelector("[data-field=price]")?.textContent ?? ""));
  await pane.evaluate(() => document.querySelector("[data-section=svc-changes]")?.setAttribute("hidden", ""));
  await pane.locator("[data-section=svc-refresh] fluent-button", { hasText: "Refresh now" }).click();
  await pane.waitForSelector("[data-section=svc-changes]:not([hidden])", { timeout: 90_000 });
  const rows = await pane.$$eval("[data-field=change-list] li", (lis) => lis.map((li) => [li.getAttribute("data-cell") ?? "", li.getAttribute("data-kind") ?? "", li.textContent ?? ""]));
  return { counts: (await pane.textContent("[data-field=change-counts]")) ?? "", notes: (await pane.textContent("[data-field=change-notes]")) ?? "", rows };
}

test("Refresh right after Open, nothing changed at the API: the pane says nothing changed", async () => {
  const { page, pane } = await opened();
  const r = await refreshAll(page, pane);
  if (process.env.SVC_TEST_DEBUG) process.stderr.write(JSON.stringify(r, null, 1) + "\n");
  expect(r.counts).toBe("Nothing changed");
  expect(r.rows).toEqual([]);
  await page.context().close();
});

test("the past across sessions: revised from the file's sources part; saved, reopened in a new page: new period", async () => {
  try {
    const first = await opened();
    const msft = api.edits.revise({ ticker: "MSFT", metric: "revenue", value: 241_900 });
    const r = await refreshAll(first.page, first.pane);
    if (process.env.SVC_TEST_DEBUG) process.stderr.write(JSON.stringify(r, null, 1) + "\n");
    expect(r.notes).toBe("");
    // the literal cell and the value in the peers table's spill (Peers!H2, MSFT's row)
    expect(r.rows.filter((x) => x[1] !== "dependent").map((x) => [x[0], x[1]])).toEqual([["Model!B3", "revised"], ["Peers!M3", "revised"]]);
    expect(r.rows.find((x) => x[0] === "Model!B3")?.[2]).toContain(`MSFT revenue ${msft.period}`);
    expect(r.rows.find((x) => x[0] === "Model!B3")?.[2]).toContain("restated by the 10-K/A (was 10-K ");
    const download = first.page.waitForEvent("download");
    await first.page.click("#save");
    const saved = path.join(dir, "Reopened.xlsx");
    await (await download).saveAs(saved);
    await first.page.context().close();

    const year = api.edits.addFiscalYear("MSFT");
    const second = await opened(saved);
    const again = await refreshAll(second.page, second.pane);
    expect(again.notes).toBe("");
    const b3 = again.rows.filter((x) => x[0] === "Model!B3");
    expect(b3.map((x) => x[1])).toEqual(["new period"]);
    expect(b3[0][2]).toContain(`MSFT revenue ${year}`);
    expect(b3[0][2]).toContain(`(was ${msft.period})`);
    expect(again.rows.filter((x) => x[1] === "changed")).toEqual([]);
    await second.page.context().close();
  } finally {
    api.edits.reset();
  }
});
