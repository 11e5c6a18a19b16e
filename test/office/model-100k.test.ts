/**
 * @jest-environment jsdom
 */
import { createBookIo, LoadCell } from "../../src/fake-office/book-io";
import { createExcel } from "../../src/fake-office/excel/workbook";
import { Host } from "../../src/fake-office/host";
import { platformNamed } from "../../src/fake-office/platform";
import { FINANCIAL_METRICS } from "../../src/api/lists";
import { createEngine } from "../../src/engine";
import { requestsFor } from "../../src/functions/requests";
import { excelCellReader } from "../../src/office/cell-reader";
import { freeze, listFrozen, unfreeze } from "../../src/office/frozen";
import { readSvcFormulas } from "../../src/office/workbook";
import { planRefresh, pricePlan } from "../../src/plan";
import { FakeClient } from "../engine/fakeClient";

const TICKERS = Number(process.env.T100K ?? 1000);
const METRICS = 20;
const YEARS = ["FY-4", "FY-3", "FY-2", "FY-1", "FY"];
const income = FINANCIAL_METRICS.income;
const ticker = (i: number) => String.fromCharCode(65 + Math.floor(i / 676), 65 + (Math.floor(i / 26) % 26), 65 + (i % 26));
const col = (c: number) => (c < 26 ? "" : String.fromCharCode(64 + Math.floor(c / 26))) + String.fromCharCode(65 + (c % 26));

function formulaAt(i: number, j: number): string {
  const row = i + 3;
  const c = col(j + 1);
  switch ((i + j) % 4) {
    case 0: return `=SVC.FINANCIALS($A${row},${c}$1,${c}$2)`;
    case 1: return `=IFERROR(SVC.FINANCIALS($A${row},"${income[Math.floor(j / YEARS.length) % income.length]}","${YEARS[j % YEARS.length]}"),"")`;
    case 2: return `=SVC.FINANCIALS($A${row},${c}$1,"${YEARS[j % YEARS.length]}")/1000`;
    default: return `=IFERROR(SVC.FINANCIALS($A${row},${c}$1,${c}$2,"na=blank"),0)`;
  }
}

function model(): LoadCell[] {
  const cells: LoadCell[] = [];
  for (let j = 0; j < METRICS * YEARS.length; j++) {
    cells.push({ sheet: "Model", r: 0, c: j + 1, value: income[Math.floor(j / YEARS.length) % income.length] });
    cells.push({ sheet: "Model", r: 1, c: j + 1, value: YEARS[j % YEARS.length] });
  }
  for (let i = 0; i < TICKERS; i++) {
    cells.push({ sheet: "Model", r: i + 2, c: 0, value: ticker(i) });
    for (let j = 0; j < METRICS * YEARS.length; j++) cells.push({ sheet: "Model", r: i + 2, c: j + 1, formula: formulaAt(i, j), stored: i * 1000 + j });
  }
  return cells;
}

let host: Host;
let cpu = process.cpuUsage();
const t = (label: string, t0: number) => { const c = process.cpuUsage(cpu); cpu = process.cpuUsage(); process.stderr.write(`${label}: ${Date.now() - t0} ms wall, ${Math.round((c.user + c.system) / 1000)} ms cpu, heap ${Math.round(process.memoryUsage().heapUsed / 1e6)} MB\n`); };
beforeAll(() => {
  const t0 = Date.now();
  cpu = process.cpuUsage();
  host = new Host({ sheets: ["Model"], metadata: async () => ({ functions: [] }), platform: { ...platformNamed("web"), rerunOnOpen: false } });
  const w = window as unknown as Record<string, unknown>;
  w.Excel = createExcel(host);
  w.Office = { context: { requirements: { isSetSupported: (set: string, v?: string) => set === "ExcelApi" && Number(v ?? 1) <= 1.16 } } };
  createBookIo(host).load(model());
  t("load", t0);
}, 600_000);

it("prices", async () => {
  let t0 = Date.now();
  cpu = process.cpuUsage();
  const cells = await readSvcFormulas("sheet");
  t("read", t0);
  expect(cells).toHaveLength(TICKERS * METRICS * YEARS.length);
  t0 = Date.now();
  const plan = await planRefresh(cells, { reader: excelCellReader(), requestsFor });
  t("plan", t0);
  expect(plan.invalid).toEqual([]);
  t0 = Date.now();
  const engine = createEngine({ client: new FakeClient() });
  const price = await pricePlan(plan, (reqs) => engine.plan(reqs, { refresh: true }));
  t("price", t0);
  expect(price.invalid.length).toBe(0);
  process.stderr.write(`calls ${price.calls}\n`);
}, 600_000);

it("freezes and unfreezes", async () => {
  let t0 = Date.now();
  cpu = process.cpuUsage();
  const r = await freeze("sheet", undefined, () => new Date("2026-01-05T10:00:00Z"));
  t("freeze", t0);
  expect([r.frozen.length, r.unstamped.length]).toEqual([TICKERS * METRICS * YEARS.length, 0]);
  t0 = Date.now();
  expect(await listFrozen()).toHaveLength(TICKERS * METRICS * YEARS.length);
  t("list", t0);
  t0 = Date.now();
  await unfreeze("Model");
  t("unfreeze", t0);
  expect(host.formulaCells()).toHaveLength(TICKERS * METRICS * YEARS.length);
}, 600_000);
