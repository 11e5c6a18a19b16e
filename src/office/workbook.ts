/**
 * What the pane does to the workbook, through Excel.run (only the pane: a custom function never
 * writes cells). Read the formulas of the selection, the active sheet or the workbook; select a
 * cell; write an SVC formula at the active cell; recalculate given ranges; find the result a cell
 * belongs to. Freeze and Unfreeze are frozen.ts; the resolver's cell reader is cell-reader.ts.
 *
 * APIs: ExcelApi 1.1 (ranges, formulas), 1.6 (Range.calculate), 1.7 (getActiveCell),
 * 1.9 (Range.getTables), 1.12 (getSpillParentOrNullObject).
 */
import type { DefinedName } from "../formula";
import { FormulaCell } from "../plan";
import { holdsSvcCall } from "../formula";
import { RangeRef, cellAddress, normaliseAddress, parseRange, rangeAddress } from "../formula";
import { BAND_CELLS, CELLS_PER_SYNC, bandsOf, halves, inChunks } from "./batches";
import { excel } from "./excel";
import { svcFormulaProblem } from "../plan";

export type Scope = "selection" | "sheet" | "workbook";

export type { FormulaCell };

export class NoActiveCellError extends Error {
  constructor() {
    super("No cell is selected (a chart or shape may be). Click a cell in the sheet, then press Insert again.");
    this.name = "NoActiveCellError";
  }
}

function isSelectionError(e: unknown): boolean {
  const code = (e as { code?: unknown })?.code;
  return code === "InvalidSelection" || code === "ItemNotFound" || code === "GeneralException";
}

/** The formulas of a range that make an SVC call (the plan's one test; names expanded). */
function formulasIn(address: string, formulas: unknown[][], names: readonly DefinedName[]): FormulaCell[] {
  const ref = parseRange(address);
  const out: FormulaCell[] = [];
  formulas.forEach((row, i) =>
    row.forEach((f, j) => {
      if (typeof f === "string" && holdsSvcCall(f, ref.sheet, names)) out.push({ address: cellAddress(ref.sheet, ref.r0 + i, ref.c0 + j), formula: f });
    })
  );
  return out;
}

/** Queue the load of the workbook's and each sheet's defined names (a call inside one counts as the formula's); read them after the sync. */
export function queueNames(ctx: Excel.RequestContext, sheets: Excel.WorksheetCollection): () => DefinedName[] {
  const lists: { sheet: string | null; items: Excel.NamedItemCollection }[] = [{ sheet: null, items: ctx.workbook.names }];
  for (const ws of sheets.items) lists.push({ sheet: ws.name, items: ws.names });
  for (const l of lists) l.items.load("items/name,items/formula");
  return () => lists.flatMap((l) => l.items.items.map((n) => ({ name: n.name, sheet: l.sheet, formula: String(n.formula ?? "").replace(/^=/, "") })));
}

/** The ranges a scope covers: the selection, the active sheet's used range, or every sheet's. */
function scopeRanges(ctx: Excel.RequestContext, scope: Scope, sheets: Excel.WorksheetCollection): Excel.Range[] {
  if (scope === "selection") return [ctx.workbook.getSelectedRange()];
  if (scope === "sheet") return [ctx.workbook.worksheets.getActiveWorksheet().getUsedRangeOrNullObject(true)];
  return sheets.items.map((ws) => ws.getUsedRangeOrNullObject(true));
}

/** The formulas of each band, a few bands per request so each stays far below the web's 5 MB (batches.ts). */
function readBands(ctx: Excel.RequestContext, bands: readonly RangeRef[]): Promise<{ address: string; formulas: unknown[][] }[]> {
  const cells = (b: RangeRef) => (b.r1 - b.r0 + 1) * (b.c1 - b.c0 + 1);
  return inChunks(bands, cells, CELLS_PER_SYNC, async (chunk) => {
    const reads = chunk.map((b) => ctx.workbook.worksheets.getItem(b.sheet).getRange(rangeAddress({ ...b, sheet: "" })).load("address,formulas"));
    await ctx.sync();
    return reads.map((r) => ({ address: r.address, formulas: r.formulas as unknown[][] }));
  }, halves);
}

/** The formulas that make an SVC call (wrapped, nested, through a name) in the selection, the active sheet or every sheet, in reading order. */
export async function readSvcFormulas(scope: Scope): Promise<FormulaCell[]> {
  return excel().run(async (ctx) => {
    const sheets = ctx.workbook.worksheets;
    sheets.load("items/name");
    await ctx.sync();
    const names = queueNames(ctx, sheets);
    const ranges = scopeRanges(ctx, scope, sheets);
    for (const r of ranges) r.load("address");
    try {
      await ctx.sync();
    } catch (e) {
      if (isSelectionError(e)) throw new NoActiveCellError();
      throw e;
    }
    const defined = names();
    // Rows in bands of at most BAND_CELLS: a whole used range in one answer passes 5 MB in a large model.
    const bands = ranges.filter((r) => !r.isNullObject).flatMap((r) => bandsOf(parseRange(r.address), BAND_CELLS));
    return (await readBands(ctx, bands)).flatMap((b) => formulasIn(b.address, b.formulas, defined));
  });
}

/** Select one cell (its sheet becomes active), as clicking it would. */
export async function selectCell(address: string): Promise<void> {
  await excel().run(async (ctx) => {
    const ref = parseRange(address);
    const ws = ref.sheet ? ctx.workbook.worksheets.getItem(ref.sheet) : ctx.workbook.worksheets.getActiveWorksheet();
    ws.activate();
    ws.getRange(rangeAddress({ ...ref, sheet: "" })).select();
    await ctx.sync();
  });
}

/**
 * Write an SVC formula at the active cell; resolves with its address. NoActiveCellError when there is
 * none. Only one SVC call with literal or reference arguments is written: text from outside never
 * becomes another formula.
 */
export async function insertAtActiveCell(formula: string): Promise<string> {
  const problem = svcFormulaProblem(formula);
  if (problem) throw new Error(`Not inserted: ${problem}.`);
  try {
    return await excel().run(async (ctx) => {
      const cell = ctx.workbook.getActiveCell();
      // A multi-cell result inside an Excel table is #SPILL! (dynamic arrays do not spill in tables): refuse the cell.
      const tables = cell.getTables(false).load("items/name");
      cell.load("address");
      await ctx.sync();
      const address = normaliseAddress(cell.address);
      if (tables.items.length) throw new Error(`Not inserted: ${address} is inside the table ${tables.items[0].name}, where a result of several cells cannot spill (#SPILL!). Select a cell outside any table.`);
      cell.formulas = [[formula]];
      await ctx.sync();
      return address;
    });
  } catch (e) {
    if (isSelectionError(e)) throw new NoActiveCellError();
    throw e;
  }
}

/** Recalculate these cells (Range.calculate): only their functions run again. */
export async function recalculateCells(addresses: readonly string[]): Promise<void> {
  await excel().run(async (ctx) => {
    for (const a of addresses) {
      const ref = parseRange(a);
      ctx.workbook.worksheets.getItem(ref.sheet).getRange(rangeAddress({ ...ref, sheet: "" })).calculate();
    }
    await ctx.sync();
  });
}

/** The active cell's address ("Sheet1!B2"), or null when a shape is selected. */
export async function activeCellAddress(): Promise<string | null> {
  try {
    return await excel().run(async (ctx) => {
      const cell = ctx.workbook.getActiveCell();
      cell.load("address");
      await ctx.sync();
      return normaliseAddress(cell.address);
    });
  } catch (e) {
    if (isSelectionError(e)) return null;
    throw e;
  }
}

/** The anchor of the spilled result `address` lies in (itself for an anchor), or null when it is in none. */
export async function spillParentOf(address: string): Promise<string | null> {
  return excel().run(async (ctx) => {
    const ref = parseRange(address);
    const parent = ctx.workbook.worksheets.getItem(ref.sheet).getCell(ref.r0, ref.c0).getSpillParentOrNullObject();
    parent.load("address");
    await ctx.sync();
    return parent.isNullObject ? null : normaliseAddress(parent.address);
  });
}
