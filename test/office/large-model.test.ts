/**
 * @jest-environment jsdom
 *
 * A model whose formulas are over 5 MB priced and frozen under Excel on the web's 5 MB per request and
 * response (the fake's web profile, src/fake-office/platform.ts): 40 tickers down, 50 formulas across,
 * each `=IFERROR(SVC.FINANCIALS($A2,"revenue","FY","na=blank"),"<2,640 characters>")`. One read of the
 * used range is refused; the add-in reads in bands (a band still too large cut in two) and succeeds.
 * Long formulas put one band of the usual size over 5 MB (model-100k.test.ts prices and freezes
 * 100,000 short ones, where the number of cells is the load). The file
 * is loaded with its stored values (the web's re-run on open is switched off here: this test is about
 * payloads, web-open.test.ts about the re-run).
 */
import { createBookIo, LoadCell } from "../../src/fake-office/book-io";
import { createExcel } from "../../src/fake-office/excel/workbook";
import { Host } from "../../src/fake-office/host";
import { platformNamed } from "../../src/fake-office/platform";
import { FINANCIAL_METRICS } from "../../src/api/lists";
import { createEngine } from "../../src/engine";
import { requestsFor } from "../../src/functions/requests";
import { excelCellReader } from "../../src/office/cell-reader";
import { freeze, listFrozen } from "../../src/office/frozen";
import { readSvcFormulas } from "../../src/office/workbook";
import { planRefresh, pricePlan } from "../../src/plan";
import { FakeClient } from "../engine/fakeClient";

const TICKERS = 40;
const METRICS = 50;
/** What each formula shows when its call fails: long, as a model's wrapped formulas can be (Excel allows 8,192 characters). */
const FALLBACK = "no figure: ".repeat(240);
const income = FINANCIAL_METRICS.income;
const ticker = (i: number) => String.fromCharCode(65 + Math.floor(i / 676), 65 + (Math.floor(i / 26) % 26), 65 + (i % 26));

function model(): LoadCell[] {
  const cells: LoadCell[] = [];
  for (let i = 0; i < TICKERS; i++) {
    cells.push({ sheet: "Model", r: i + 1, c: 0, value: ticker(i) });
    for (let j = 0; j < METRICS; j++) cells.push({ sheet: "Model", r: i + 1, c: j + 1, formula: `=IFERROR(SVC.FINANCIALS($A${i + 2},"${income[j % income.length]}","FY","na=blank"),"${FALLBACK}")`, stored: i * 1000 + j });
  }
  return cells;
}

let host: Host;
beforeAll(() => {
  host = new Host({ sheets: ["Model"], metadata: async () => ({ functions: [] }), platform: { ...platformNamed("web"), rerunOnOpen: false } });
  const w = window as unknown as Record<string, unknown>;
  w.Excel = createExcel(host);
  w.Office = { context: { requirements: { isSetSupported: (set: string, v?: string) => set === "ExcelApi" && Number(v ?? 1) <= 1.16 } } };
  createBookIo(host).load(model());
}, 60_000);

it("(one read of the model's formulas is over 5 MB: Excel on the web refuses it)", async () => {
  const run = (window as unknown as { Excel: typeof Excel }).Excel.run;
  await expect(run(async (ctx) => {
    ctx.workbook.worksheets.getItem("Model").getUsedRange(true).load("address,formulas");
    await ctx.sync();
  })).rejects.toMatchObject({ code: "ResponsePayloadSizeLimitExceeded" });
});

it("prices the 2,000 formulas: one call per ticker", async () => {
  const cells = await readSvcFormulas("sheet");
  expect(cells).toHaveLength(TICKERS * METRICS);
  const plan = await planRefresh(cells, { reader: excelCellReader(), requestsFor });
  expect(plan.invalid).toEqual([]);
  const engine = createEngine({ client: new FakeClient() });
  const price = await pricePlan(plan, (reqs) => engine.plan(reqs, { refresh: true }));
  expect([price.calls, price.invalid.length]).toEqual([TICKERS, 0]);
}, 60_000);

it("freezes the 2,000 formulas: values written, every formula kept, every cell stamped", async () => {
  const r = await freeze("sheet", undefined, () => new Date("2026-01-05T10:00:00Z"));
  expect([r.frozen.length, r.unstamped.length]).toEqual([TICKERS * METRICS, 0]);
  expect(host.formulaCells()).toHaveLength(0);
  expect(await listFrozen()).toHaveLength(TICKERS * METRICS);
  expect(host.book.comments.size).toBe(TICKERS * METRICS);
}, 90_000);
