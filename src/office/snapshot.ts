/**
 * What the workbook holds, for the change record of a refresh: every sheet's used range (values with
 * their types, so an error is an error and text reading "#N/A" stays text; formulas), and the defined
 * names — one Excel.run, one batch. Taken before a refresh and after it. ExcelApi 1.1 (1.7 for names).
 * Also: a sheet of plain values added after the last one (the change list), text kept text.
 */
import type { CellValue } from "../formula";
import type { SheetReading, WorkbookReading } from "../plan";
import { excel } from "./excel";
import { textSafe } from "./frozen";
import { queueNames } from "./workbook";

function cellValue(v: unknown, type: string | undefined): CellValue {
  if (type === "Empty" || v === undefined || v === null || v === "") return null;
  if (type === "Error") return { error: String(v) };
  return typeof v === "string" || typeof v === "number" || typeof v === "boolean" ? v : null;
}

/** Wait while Excel is still calculating (Application.calculationState, ExcelApi 1.8), at most `limitMs`. */
async function calculated(ctx: Excel.RequestContext, limitMs: number): Promise<void> {
  const until = Date.now() + limitMs;
  for (;;) {
    const app = ctx.workbook.application;
    app.load("calculationState");
    await ctx.sync();
    if (app.calculationState === "Done" || app.calculationState === undefined || Date.now() > until) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The workbook as it is once Excel has finished calculating (the values a refresh's dependents now show). */
export async function snapshotWorkbook(limitMs = 10_000): Promise<WorkbookReading> {
  return excel().run(async (ctx) => {
    await calculated(ctx, limitMs);
    const sheets = ctx.workbook.worksheets;
    sheets.load("items/name");
    await ctx.sync();
    const names = queueNames(ctx, sheets);
    const used = sheets.items.map((ws) => ({ sheet: ws.name, range: ws.getUsedRangeOrNullObject(true) }));
    for (const u of used) u.range.load("rowIndex,columnIndex,values,valueTypes,formulas,numberFormat");
    await ctx.sync();
    const out: SheetReading[] = [];
    for (const { sheet, range } of used) {
      if (range.isNullObject) continue;
      const types = range.valueTypes as string[][];
      out.push({ sheet, row: range.rowIndex, col: range.columnIndex, values: range.values.map((r, i) => r.map((v, j) => cellValue(v, types[i]?.[j]))), formulas: range.formulas, formats: range.numberFormat });
    }
    return { sheets: out, names: names() };
  });
}

/** Add a sheet named `name` after the last one holding `rows` (text written as text), and show it. */
export async function addValuesSheet(name: string, rows: readonly (readonly (string | number | boolean | null)[])[]): Promise<void> {
  await excel().run(async (ctx) => {
    const sheets = ctx.workbook.worksheets;
    const ws = sheets.add(name);
    const width = Math.max(1, ...rows.map((r) => r.length));
    const grid = rows.map((r) => Array.from({ length: width }, (_, j) => r[j] ?? ""));
    const types = grid.map((r) => r.map((v) => (typeof v === "string" ? "String" : "Double")));
    ws.getRangeByIndexes(0, 0, grid.length, width).values = textSafe(grid, types);
    ws.activate();
    await ctx.sync();
  });
}
