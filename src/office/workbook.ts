/**
 * What the pane does to the workbook, through Excel.run (only the pane: a custom function never
 * writes cells). Read the formulas of the selection, the active sheet or the workbook; select a
 * cell; write a formula at the active cell; recalculate given ranges; freeze and unfreeze SVC
 * results (the formulas are kept in a custom XML part of the workbook — formulas only, never a
 * credential).
 *
 * APIs: ExcelApi 1.1 (ranges, formulas, values), 1.5 (customXmlParts), 1.6 (Range.calculate),
 * 1.7 (getActiveCell), 1.10 (comments), 1.12 (getSpillingToRangeOrNullObject).
 */
import { RangeRef, cellAddress, normaliseAddress, parseRange, rangeAddress } from "./address";
import { excel } from "./excel";

export type Scope = "selection" | "sheet" | "workbook";

export interface FormulaCell {
  /** "Sheet1!B2" */
  address: string;
  formula: string;
}

export interface FrozenEntry {
  /** The anchor cell whose formula was replaced. */
  address: string;
  /** The cells the values were written to (the spill range). */
  range: string;
  formula: string;
  /** ISO time the values were current. */
  asOf: string;
}

/** Where frozen formulas are kept: one custom XML part with this namespace. */
export const FROZEN_NAMESPACE = "urn:svc-excel:frozen:1";

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

function isSvcFormula(f: unknown): f is string {
  return typeof f === "string" && /^=\s*SVC\./i.test(f);
}

function formulasIn(address: string, formulas: unknown[][]): FormulaCell[] {
  const ref = parseRange(address);
  const out: FormulaCell[] = [];
  formulas.forEach((row, i) =>
    row.forEach((f, j) => {
      if (isSvcFormula(f)) out.push({ address: cellAddress(ref.sheet, ref.r0 + i, ref.c0 + j), formula: f });
    })
  );
  return out;
}

/** The SVC formulas of the selection, the active sheet or every sheet, in reading order. */
export async function readSvcFormulas(scope: Scope): Promise<FormulaCell[]> {
  return excel().run(async (ctx) => {
    const ranges: Excel.Range[] = [];
    if (scope === "selection") {
      ranges.push(ctx.workbook.getSelectedRange());
    } else if (scope === "sheet") {
      ranges.push(ctx.workbook.worksheets.getActiveWorksheet().getUsedRangeOrNullObject(true));
    } else {
      const sheets = ctx.workbook.worksheets;
      sheets.load("items/name");
      await ctx.sync();
      for (const ws of sheets.items) ranges.push(ws.getUsedRangeOrNullObject(true));
    }
    for (const r of ranges) r.load("address,formulas");
    try {
      await ctx.sync();
    } catch (e) {
      if (isSelectionError(e)) throw new NoActiveCellError();
      throw e;
    }
    return ranges.filter((r) => !r.isNullObject).flatMap((r) => formulasIn(r.address, r.formulas as unknown[][]));
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

/** Write a formula at the active cell; resolves with its address. NoActiveCellError when there is none. */
export async function insertAtActiveCell(formula: string): Promise<string> {
  try {
    return await excel().run(async (ctx) => {
      const cell = ctx.workbook.getActiveCell();
      cell.formulas = [[formula]];
      cell.load("address");
      await ctx.sync();
      return normaliseAddress(cell.address);
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

// ------------------------------------------------------------------ freeze / unfreeze

function escapeXml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

export function frozenXml(entries: readonly FrozenEntry[]): string {
  const items = entries
    .map((e) => `<cell address="${escapeXml(e.address)}" range="${escapeXml(e.range)}" asOf="${escapeXml(e.asOf)}" formula="${escapeXml(e.formula)}"/>`)
    .join("");
  return `<frozen xmlns="${FROZEN_NAMESPACE}">${items}</frozen>`;
}

export function parseFrozenXml(xml: string): FrozenEntry[] {
  const doc = new DOMParser().parseFromString(xml, "application/xml");
  return Array.from(doc.getElementsByTagName("cell"))
    .map((c) => ({
      address: c.getAttribute("address") ?? "",
      range: c.getAttribute("range") ?? "",
      asOf: c.getAttribute("asOf") ?? "",
      formula: c.getAttribute("formula") ?? "",
    }))
    .filter((e) => e.address && isSvcFormula(e.formula));
}

async function frozenPart(ctx: Excel.RequestContext): Promise<{ part: Excel.CustomXmlPart | null; entries: FrozenEntry[] }> {
  const part = ctx.workbook.customXmlParts.getByNamespace(FROZEN_NAMESPACE).getOnlyItemOrNullObject();
  await ctx.sync();
  if (part.isNullObject) return { part: null, entries: [] };
  const xml = part.getXml();
  await ctx.sync();
  return { part, entries: parseFrozenXml(xml.value) };
}

async function saveFrozen(ctx: Excel.RequestContext, part: Excel.CustomXmlPart | null, entries: FrozenEntry[]): Promise<void> {
  if (part && entries.length === 0) part.delete();
  else if (part) part.setXml(frozenXml(entries));
  else if (entries.length) ctx.workbook.customXmlParts.add(frozenXml(entries));
  await ctx.sync();
}

export async function listFrozen(): Promise<FrozenEntry[]> {
  return excel().run(async (ctx) => (await frozenPart(ctx)).entries);
}

function stampText(asOf: string): string {
  return `SVC values as of ${asOf.replace("T", " ").slice(0, 16)} UTC (frozen: no add-in, sign-in or call needed). Unfreeze from the SVC pane to restore the formula.`;
}

/**
 * Replace the SVC formulas of the scope by the values they show (the whole spill), stamp each with an
 * "as of" comment, and keep the formulas in the workbook for Unfreeze. Returns what was frozen.
 */
export async function freeze(scope: Scope, now: () => Date = () => new Date()): Promise<FrozenEntry[]> {
  const cells = await readSvcFormulas(scope);
  if (cells.length === 0) return [];
  const asOf = now().toISOString();
  return excel().run(async (ctx) => {
    const { part, entries } = await frozenPart(ctx);
    const work = cells.map((c) => {
      const ref = parseRange(c.address);
      const anchor = ctx.workbook.worksheets.getItem(ref.sheet).getRange(rangeAddress({ ...ref, sheet: "" }));
      const spill = anchor.getSpillingToRangeOrNullObject();
      spill.load("address,values");
      anchor.load("address,values");
      return { cell: c, anchor, spill };
    });
    await ctx.sync();
    const added: FrozenEntry[] = [];
    for (const w of work) {
      const target = w.spill.isNullObject ? w.anchor : w.spill;
      target.values = target.values;
      const entry: FrozenEntry = { address: normaliseAddress(w.cell.address), range: normaliseAddress(target.address), formula: w.cell.formula, asOf };
      added.push(entry);
      try {
        ctx.workbook.comments.add(entry.address, stampText(asOf));
      } catch {
        /* comments need ExcelApi 1.10; the pane still lists the stamp */
      }
    }
    await ctx.sync();
    const keep = entries.filter((e) => !added.some((a) => a.address === e.address));
    await saveFrozen(ctx, part, [...keep, ...added]);
    return added;
  });
}

/** Put the kept formulas back (all, or those inside `within`), clearing the frozen values first. */
export async function unfreeze(within?: string): Promise<FrozenEntry[]> {
  return excel().run(async (ctx) => {
    const { part, entries } = await frozenPart(ctx);
    const inside = (e: FrozenEntry): boolean => {
      if (!within) return true;
      const w: RangeRef = parseRange(within);
      const a = parseRange(e.address);
      return a.sheet === w.sheet && a.r0 >= w.r0 && a.r0 <= w.r1 && a.c0 >= w.c0 && a.c0 <= w.c1;
    };
    const restore = entries.filter(inside);
    for (const e of restore) {
      const ref = parseRange(e.range);
      const ws = ctx.workbook.worksheets.getItem(ref.sheet);
      const blank = Array.from({ length: ref.r1 - ref.r0 + 1 }, () => Array.from({ length: ref.c1 - ref.c0 + 1 }, () => ""));
      ws.getRange(rangeAddress({ ...ref, sheet: "" })).values = blank;
      const a = parseRange(e.address);
      ws.getRange(rangeAddress({ ...a, sheet: "" })).formulas = [[e.formula]];
    }
    await ctx.sync();
    for (const e of restore) {
      try {
        ctx.workbook.comments.getItemByCell(e.address).delete();
        await ctx.sync();
      } catch {
        /* the stamp was already removed by hand */
      }
    }
    await saveFrozen(ctx, part, entries.filter((e) => !inside(e)));
    return restore;
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
