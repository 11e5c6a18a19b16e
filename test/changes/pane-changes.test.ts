/**
 * "What changed" in the pane, on the production bundle in the workbench: after the sandbox restated
 * one value (10-K/A), added a fiscal year and added a feed row, *Refresh now* lists exactly those
 * three SVC changes with their kinds and the dependents each moved (Excel recalculated them); a
 * refresh with nothing new says "Nothing changed"; *Add a sheet* writes the list into the workbook.
 */
import { Browser, Frame, Page } from "playwright-core";
import { startFakeApi, FakeApi, SANDBOX_API_KEY } from "../fakes/api/server";
import { buildOnce, launchChromium } from "../browser/harness";

// eslint-disable-next-line @typescript-eslint/no-var-requires
const { startDevServer } = require("../../scripts/build-helpers/dev-server");

jest.setTimeout(240_000);

type Fx = { setFormula(a: string, f: string): Promise<unknown>; addSheet(n: string): string; settled(): Promise<void>; select(a: string | null): void };
type W = Window & { __fakeExcel: Fx };

let api: FakeApi;
let site: { url: string; close(): Promise<void> };
let browser: Browser;
let page: Page;
let pane: Frame;
const errors: string[] = [];

const fx = <T>(fn: (x: Fx, arg: unknown) => T, arg?: unknown): Promise<T> =>
  pane.evaluate(([f, a]) => new Function("x", "a", `return (${f})(x, a)`)((window as unknown as W).__fakeExcel, a), [fn.toString(), arg] as const) as Promise<T>;

async function refresh(): Promise<{ counts: string; rows: string[][] }> {
  step("refresh");
  await pane.click("#svc-tab-data");
  await pane.selectOption("#svc-refresh-scope", "sheet");
  await pane.locator("[data-section=svc-refresh] fluent-button", { hasText: "Price refresh…" }).click();
  await pane.waitForFunction(() => /calls?;/.test(document.querySelector("[data-field=price]")?.textContent ?? ""));
  await pane.evaluate(() => document.querySelector("[data-section=svc-changes]")?.setAttribute("hidden", ""));
  step("priced");
  await pane.locator("[data-section=svc-refresh] fluent-button", { hasText: "Refresh now" }).click();
  await pane.waitForSelector("[data-section=svc-changes]:not([hidden])", { timeout: 90_000 });
  const counts = (await pane.textContent("[data-field=change-counts]")) ?? "";
  const rows = await pane.$$eval("[data-field=change-list] li", (lis) => lis.map((li) => [li.getAttribute("data-cell") ?? "", li.getAttribute("data-kind") ?? "", li.textContent ?? ""]));
  return { counts, rows };
}

const step = (s: string) => process.env.SVC_TEST_DEBUG && process.stderr.write(`${new Date().toISOString()} ${s}\n`);

beforeAll(async () => {
  buildOnce();
  step("built");
  api = await startFakeApi({ latencyMs: 5 });
  site = await startDevServer({ apiUrl: api.url, apiKey: SANDBOX_API_KEY });
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${site.url}/workbench/`);
  await page.waitForSelector("body[data-ready='1']");
  const f = page.frames().find((x) => x.url().includes("/taskpane.html"));
  if (!f) throw new Error("no add-in frame");
  pane = f;
  await pane.waitForSelector("body[data-pane-ready='1']");
  step("pane ready");
  await fx(async (x) => {
    x.addSheet("Model");
    for (const [a, f] of [
      ["Model!A1", '=SVC.FINANCIALS("AAPL","revenue","FY-2:FY")'],
      ["Model!A4", '=SVC.FINANCIALS("MSFT","revenue","FY")'],
      ["Model!B4", "=A4/1000"],
      ["Model!B5", "=SUM(B2:D2)"],
      ["Model!B6", "=B4+B5/1000"],
      ["Model!A8", "=SVC.INSIDERFEED(7,TRUE)"],
      ["Model!L1", "=ROWS(A8#)"],
    ])
      await x.setFormula(a, f);
    await x.settled();
    x.select("Model!A1");
  });
  step("model typed");
  await page.click("#tabs [data-sheet='Model']");
}, 400_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await api?.close();
});

test("a refresh with nothing new says so plainly", async () => {
  const r = await refresh();
  expect(r.counts).toBe("Nothing changed");
  expect(r.rows).toEqual([]);
});

test("a restated value, a new fiscal year and a new feed row: exactly three SVC changes and the dependents they moved", async () => {
  const msft = api.edits.revise({ ticker: "MSFT", metric: "revenue", value: 241_900 });
  const year = api.edits.addFiscalYear("AAPL");
  api.edits.addFeedRow({ ticker: "NVDA" });
  const r = await refresh();
  const svc = r.rows.filter((x) => x[1] !== "dependent");
  expect(svc.map((x) => [x[0], x[1]])).toEqual([["Model!A1", "new period"], ["Model!A4", "revised"], ["Model!A8", "new rows"]]);
  expect(svc[0][2]).toContain(`${year} appeared; the columns moved`);
  expect(svc[1][2]).toMatch(/→ 241,?900/);
  expect(svc[1][2]).toContain(`MSFT revenue ${msft.period}`);
  expect(svc[1][2]).toContain(`restated by the 10-K/A (was 10-K `);
  expect(svc[1][2]).toContain(`10-K/A ${msft.accession}`);
  expect(svc[2][2]).toContain("1 new row");
  const movers = (t: string) => (/moved by (.*)$/.exec(t)?.[1] ?? "").match(/Model!\w+(?= \()/g)?.join(", ");
  const deps = r.rows.filter((x) => x[1] === "dependent").map((x) => [x[0], movers(x[2])]);
  expect(deps.sort()).toEqual([["Model!B4", "Model!A4"], ["Model!B5", "Model!A1"], ["Model!B6", "Model!A1, Model!A4"], ["Model!L1", "Model!A8"]]);
  expect(r.rows.slice(0, 4).every((x) => x[1] === "dependent")).toBe(true);
  expect(r.counts).toBe("4 dependents moved, 1 new period, 1 revised, 1 new rows");

  await pane.locator("[data-section=svc-changes] fluent-button", { hasText: "Add a sheet" }).click();
  await pane.waitForFunction(() => /Added the sheet "SVC changes \d{4}-\d\d-\d\d \d\d\.\d\d"/.test(document.querySelector("[data-section=svc-changes]")?.textContent ?? ""));
  expect(await page.locator("#tabs [data-sheet^='SVC changes']").count()).toBe(1);

  await page.click("#tabs [data-sheet='Model']");
  const again = await refresh();
  expect(again.counts).toBe("Nothing changed");
  expect(errors).toEqual([]);
});
