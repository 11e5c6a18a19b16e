/**
 * Save .xlsx: a file opened in the workbench is written back as the CLI writes a refresh (the opened
 * package, only the cells changed since Open rewritten: charts, styles and every other part stay as
 * they were). A workbook built in the workbench is written by src/model-file/create as Excel lays a
 * file out — sheets with their names, constants, formulas with their values (SVC calls stored as
 * `_xldudf_SVC_...`), spills as dynamic arrays, defined names — so `svc-excel` refreshes it and
 * LibreOffice, openpyxl and Excel open it.
 */
import { CellStyle, createWorkbook, NewCell, NewSheet } from "../model-file/create";
import { EditedCell, saveOpened, SOURCES_NAMESPACE, withSourcesPart } from "../model-file";
import type { FakeExcel } from "./book";
import type { SavedCell, StoredValue } from "../fake-office/book-io";

/** The written cell format for a value's number format (the data type's, as the add-in sets it in Excel). */
function styleOf(format: string | undefined): CellStyle | undefined {
  if (!format) return undefined;
  if (/[yd]/i.test(format) && !/[#0]/.test(format)) return "date";
  if (format.includes("%")) return "percent";
  return format.includes("#,##0") ? "number" : undefined;
}

function cellOf(c: SavedCell): NewCell {
  const out: NewCell = { row: c.r, col: c.c, value: c.value };
  const style = typeof c.value === "number" ? styleOf(c.format) : undefined;
  if (style) out.style = style;
  if (c.formula) out.formula = c.formula;
  if (c.spill) out.spill = { r0: c.r, c0: c.c, r1: c.spill.r1, c1: c.spill.c1 };
  if (c.spilled) out.result = true;
  return out;
}

/** The bytes of the workbook as it stands (throws on a formula the writer cannot parse). */
export function workbookBytes(fx: FakeExcel, activeSheet: string, when = new Date()): Uint8Array {
  const sheets: NewSheet[] = fx.snapshot().map((s) => ({ name: s.name, cells: s.cells.map(cellOf) }));
  const names = fx.names.list().map((n) => ({ name: n.name, formula: n.formula.replace(/^=/, ""), sheet: n.sheet }));
  const active = Math.max(0, sheets.findIndex((s) => s.name === activeSheet));
  return withSourcesPart(createWorkbook({ sheets, names, active, when }), sourcesOf(fx));
}

/** The add-in's sources part as the book holds it (what its refreshes kept), or null. */
const sourcesOf = (fx: FakeExcel): string | null => fx.xmlParts().find((p) => p.namespace === SOURCES_NAMESPACE)?.xml ?? null;

/** Offer the bytes as a download named `name`. */
export function download(bytes: Uint8Array, name: string): void {
  const blob = new Blob([new Uint8Array(bytes)], { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

/** What Open read: the file's bytes and the book as it stood once loaded (what a Save compares with). */
export interface OpenedFile {
  bytes: Uint8Array;
  baseline: ReturnType<FakeExcel["snapshot"]>;
}

const keyOf = (sheet: string, c: SavedCell) => `${sheet.toUpperCase()}!${c.r},${c.c}`;

function indexed(book: ReturnType<FakeExcel["snapshot"]>): Map<string, { sheet: string; cell: SavedCell }> {
  return new Map(book.flatMap((s) => s.cells.map((cell) => [keyOf(s.name, cell), { sheet: s.name, cell }] as const)));
}

/** A formula cell's result as a Save writes it: its value, or its spill's grid. */
function resultOf(c: SavedCell, at: Map<string, { sheet: string; cell: SavedCell }>, sheet: string): EditedCell["value"] {
  if (!c.spill) return c.value;
  const grid: StoredValue[][] = [];
  for (let r = c.r; r <= c.spill.r1; r++) {
    const row: StoredValue[] = [];
    for (let k = c.c; k <= c.spill.c1; k++) row.push(r === c.r && k === c.c ? c.value : at.get(`${sheet.toUpperCase()}!${r},${k}`)?.cell.value ?? null);
    grid.push(row);
  }
  return grid;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The cells that differ from the opened file: typed, cleared, or holding a new result. */
export function editsSinceOpen(opened: OpenedFile, now: ReturnType<FakeExcel["snapshot"]>): EditedCell[] {
  const was = indexed(opened.baseline);
  const is = indexed(now);
  const out: EditedCell[] = [];
  for (const [key, { sheet, cell }] of is) {
    if (cell.spilled) continue;
    const before = was.get(key)?.cell;
    const value = cell.formula ? resultOf(cell, is, sheet) : cell.value;
    if (before && !before.spilled && before.formula === cell.formula && same(value, before.formula ? resultOf(before, was, sheet) : before.value)) continue;
    out.push({ sheet, row: cell.r, col: cell.c, ...(cell.formula ? { formula: cell.formula } : {}), value });
  }
  for (const [key, { sheet, cell }] of was) if (!cell.spilled && !is.has(key)) out.push({ sheet, row: cell.r, col: cell.c, value: null });
  return out;
}

/** The opened package with only what changed since Open written into it (src/model-file saveOpened). */
export const openedBytes = (fx: FakeExcel, opened: OpenedFile): Uint8Array => saveOpened(opened.bytes, editsSinceOpen(opened, fx.snapshot()), sourcesOf(fx));
