/**
 * @jest-environment jsdom
 *
 * A realistic model of 100,000 SVC formulas priced, frozen and unfrozen under Excel on the web's 5 MB
 * per request and response (the fake's web profile, src/fake-office/platform.ts, checks every sync):
 * 1,000 tickers down column A, 20 income metrics × 5 fiscal years across (metric names in row 1,
 * periods in row 2), each formula one of four shapes: reading the headers (`$A3,B$1,B$2`), wrapped in
 * IFERROR with literals, scaled (`/1000`), or wrapped with options. The formulas alone are over 5 MB: one
 * read of the used range is refused, and the add-in reads in bands. Loaded with its stored values (the
 * web's re-run on open is web-open.test.ts's subject). Each step's time is printed.
 */
import { createBookIo, LoadCell } from "../../src/fake-office/book-io";
import { createExcel } from "../../src/fake-office/excel/workbook";
import { Host } from "../../src/fake-office/host";
import { platformNamed } from "../../src/fake-office/platform";
import { FINANCIAL_METRICS } from "../../src/api/lists";
import { createEngine } from "../../src/engine";
import { requestsFor } from "../../src/functions/requests";
import { excelCellReader } from "../../src/office/cell-reader";
import { freeze, unfreeze } from "../../src/office/frozen";
import { readSvcFormulas } from "../../src/office/workbook";
import { planRefresh, pricePlan } from "../../src/plan";
import { FakeClient } from "../engine/fakeClient";

const TICKERS = 1000;
const METRICS = 20;
const YEARS = ["FY-4", "FY-3", "FY-2", "FY-1", "FY"];
const COLUMNS = METRICS * YEARS.length;
const FORMULAS = TICKERS * COLUMNS;
const income = FINANCIAL_METRICS.income;
const ticker = (i: number) => String.fromCharCode(65 + Math.floor(i / 676), 65 + (Math.floor(i / 26) % 26), 65 + (i % 26));
/** Column letters of zero-based `c` (below 702). */
const col = (c: number) => (c < 26 ? "" : String.fromCharCode(64 + Math.floor(c / 26))) + String.fromCharCode(65 + (c % 26));
const metricOf = (j: number) => income[Math.floor(j / YEARS.length) % income.length];

function formulaAt(i: number, j: number): string {
  const row = i + 3;
  const c = col(j + 1);
  const year = YEARS[j % YEARS.length];
  switch ((i + j) % 4) {
    case 0:
      return `=SVC.FINANCIALS($A${row},${c}$1,${c}$2)`;
    case 1:
      return `=IFERROR(SVC.FINANCIALS($A${row},"${metricOf(j)}","${year}"),"no figure")`;
    case 2:
      return `=SVC.FINANCIALS($A${row},${c}$1,"${year}")/1000`;
    default:
      return `=IFERROR(SVC.FINANCIALS($A${row},${c}$1,${c}$2,"na=blank"),"n/a")`;
  }
}

function model(): LoadCell[] {
  const cells: LoadCell[] = [];
  for (let j = 0; j < COLUMNS; j++) {
    cells.push({ sheet: "Model", r: 0, c: j + 1, value: metricOf(j) });
    cells.push({ sheet: "Model", r: 1, c: j + 1, value: YEARS[j % YEARS.length] });
  }
  for (let i = 0; i < TICKERS; i++) {
    cells.push({ sheet: "Model", r: i + 2, c: 0, value: ticker(i) });
    for (let j = 0; j < COLUMNS; j++) cells.push({ sheet: "Model", r: i + 2, c: j + 1, formula: formulaAt(i, j), stored: i * 1000 + j });
  }
  return cells;
}

let host: Host;
let started = Date.now();
let cpu = process.cpuUsage();
/** Print a step's wall and CPU time (CI reads the figures from the log). */
function took(step: string): void {
  const c = process.cpuUsage(cpu);
  process.stderr.write(`100,000 formulas, ${step}: ${Date.now() - started} ms (CPU ${Math.round((c.user + c.system) / 1000)} ms)\n`);
  started = Date.now();
  cpu = process.cpuUsage();
}

beforeAll(() => {
  host = new Host({ sheets: ["Model"], metadata: async () => ({ functions: [] }), platform: { ...platformNamed("web"), rerunOnOpen: false } });
  const w = window as unknown as Record<string, unknown>;
  w.Excel = createExcel(host);
  w.Office = { context: { requirements: { isSetSupported: (set: string, v?: string) => set === "ExcelApi" && Number(v ?? 1) <= 1.16 } } };
  createBookIo(host).load(model());
  took("load");
}, 300_000);

it("(the formulas alone are over 5 MB: one read of them is refused on the web)", async () => {
  const grid = Array.from({ length: TICKERS }, (_, i) => Array.from({ length: COLUMNS }, (_, j) => formulaAt(i, j)));
  expect(JSON.stringify(grid).length).toBeGreaterThan(5_000_000);
  const run = (window as unknown as { Excel: typeof Excel }).Excel.run;
  await expect(run(async (ctx) => {
    ctx.workbook.worksheets.getItem("Model").getUsedRange(true).load("formulas");
    await ctx.sync();
  })).rejects.toMatchObject({ code: "ResponsePayloadSizeLimitExceeded" });
  took("one read refused");
}, 60_000);

it("prices the 100,000 formulas: every one resolved, one call per ticker", async () => {
  const cells = await readSvcFormulas("sheet");
  expect(cells).toHaveLength(FORMULAS);
  took("read in bands");
  const plan = await planRefresh(cells, { reader: excelCellReader(), requestsFor });
  expect([plan.cells.length, plan.invalid, plan.unpriced]).toEqual([FORMULAS, [], []]);
  took("plan");
  const engine = createEngine({ client: new FakeClient() });
  const price = await pricePlan(plan, (reqs) => engine.plan(reqs, { refresh: true }));
  expect([price.calls, price.invalid.length]).toEqual([TICKERS, 0]);
  took("price");
}, 300_000);

it("freezes the 100,000 formulas and unfreezes them: every formula back where it was", async () => {
  const before = new Map(host.formulaCells().map((c) => [`${c.r},${c.c}`, c.f?.text]));
  expect(before.size).toBe(FORMULAS);
  const r = await freeze("sheet", undefined, () => new Date("2026-01-05T10:00:00Z"));
  expect([r.frozen.length, r.unstamped.length, host.formulaCells().length, host.book.comments.size]).toEqual([FORMULAS, 0, 0, FORMULAS]);
  took("freeze");
  const back = await unfreeze();
  expect(back.restored).toHaveLength(FORMULAS);
  const after = new Map(host.formulaCells().map((c) => [`${c.r},${c.c}`, c.f?.text]));
  expect(after).toEqual(before);
  took("unfreeze");
}, 300_000);
