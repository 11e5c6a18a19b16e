/**
 * The workbook in and out of a file, for the workbench: what a Save writes (every typed cell with
 * its formula and shown value, every spill with its range and values, the defined names), loading
 * a file as Excel opens one (formulas show their stored values and nothing is calculated until a
 * recalculation asks: opening spends no API call), and renaming a sheet (formulas and names that
 * refer to it follow, and nothing recalculates: the cells they read are the same).
 */
import { parseArea } from "./a1";
import { invalidArgument, itemAlreadyExists } from "./errors";
import type { Host } from "./host";
import { Cell, Sheet, keyOf, sheetNameProblem } from "./model";
import { Pin, pinCell, pinnedResult } from "./plain";
import { renameSheetIn } from "./sheet-rename";
import { namespaceOf } from "./excel/parts";
import { Insertion, insertedFormula } from "./insert";
import { Constant, DataValue, GridCell, Input, isDataValue, isError, Result } from "./values";
import type { ExcelTable } from "../formula";

/** A stored value as a file holds it: a scalar or an error code. */
export type StoredValue = string | number | boolean | null | { error: string };

export interface SavedCell {
  r: number;
  c: number;
  /** "=..." as typed, for formula cells. */
  formula?: string;
  value: StoredValue;
  /** The spill's last row and column (anchor cells of a grid larger than one cell). */
  spill?: { r1: number; c1: number };
  /** A value a spill puts there (not typed). */
  spilled?: boolean;
  /** The number format the value shows in: a data type's (as the add-in returns money, ratios and dates), when it has one. */
  format?: string;
}

export interface LoadCell {
  sheet: string;
  r: number;
  c: number;
  /** Typed text ("=..." a formula) or a constant. */
  formula?: string;
  value?: StoredValue;
  /** A formula's stored result: a value, or the grid of its spill. */
  stored?: StoredValue | StoredValue[][];
  /** A plain formula the engine does not reproduce from the file's inputs: shown as Excel stored it, unverified. */
  pin?: Pin;
}

function stored(v: GridCell | Constant | undefined): StoredValue {
  if (v === undefined || v === null) return null;
  if (isError(v)) return { error: v.error };
  if (isDataValue(v)) return stored((v as DataValue).basicValue as GridCell);
  return v as StoredValue;
}

/** The number format a data type carries (a Double's numberFormat), else nothing. */
function formatOf(v: unknown): { format?: string } {
  const f = isDataValue(v) ? v.numberFormat : undefined;
  return typeof f === "string" && f !== "" && f !== "General" ? { format: f } : {};
}

function savedOf(cell: Cell): SavedCell[] {
  if (!cell.f) return [{ r: cell.r, c: cell.c, value: stored((cell.input as { constant: Constant }).constant) }];
  const f = cell.f;
  const r = f.result;
  const grid = r && "value" in r && Array.isArray(r.value) ? r.value : null;
  const first = r && "value" in r ? (grid ? grid[0][0] : r.value) : undefined;
  const head: SavedCell = { r: cell.r, c: cell.c, formula: f.text, value: r ? ("error" in r ? { error: r.error } : stored(first as GridCell)) : null, ...formatOf(first) };
  if (!grid || !f.spill || (f.spill.r1 === f.spill.r0 && f.spill.c1 === f.spill.c0)) return [head];
  head.spill = { r1: f.spill.r1, c1: f.spill.c1 };
  const out = [head];
  grid.forEach((row, i) => row.forEach((v, k) => (i || k ? out.push({ r: cell.r + i, c: cell.c + k, value: stored(v), spilled: true, ...formatOf(v) }) : undefined)));
  return out;
}

function resultOf(v: StoredValue | StoredValue[][]): Result {
  if (Array.isArray(v)) return { value: v as GridCell[][] };
  if (v !== null && typeof v === "object") return { error: v.error, message: null };
  return { value: v };
}

function inputOf(x: LoadCell): Input | null {
  if (x.formula !== undefined) return { formula: x.formula };
  return x.value === null || x.value === undefined || x.value === "" ? null : { constant: x.value as Constant };
}

interface RawCell {
  sheet: Sheet;
  r: number;
  c: number;
  input: Input | null;
  result?: Result | null;
  pin?: Pin;
}

/** Put cells in; those given a result keep it and leave the calculation queue. */
function put(host: Host, cells: readonly RawCell[]): void {
  const kept: Cell[] = [];
  for (const x of cells) {
    const cell = host.input(x.sheet, x.r, x.c, x.input);
    if (cell?.f && x.pin) pinCell(cell, x.pin);
    if (cell?.f && x.result) {
      host.apply(cell, x.result);
      kept.push(cell);
    }
  }
  // All of it happened within this task and the calculation queue starts on a microtask: the cells
  // with a stored result leave the queue (a formula without one calculates, or it would never settle).
  for (const cell of kept) host.recalc.forget(cell);
}

function renameSheet(host: Host, from: string, to: string): string {
  const sheet = host.sheetOf(from);
  const problem = sheetNameProblem(to);
  if (problem) throw invalidArgument(problem);
  const other = host.book.sheet(to);
  if (other && other !== sheet) throw itemAlreadyExists(`Worksheet ${to}`);
  const old = sheet.name;
  // The host indexes cells by sheet name: take every cell out, rename, and put them back with their results.
  const cells = host.book.sheets.flatMap((s) => [...s.cells.values()]);
  const back: RawCell[] = cells.map((cell) => {
    const input = "formula" in cell.input ? { formula: "=" + renameSheetIn(cell.input.formula.replace(/^=/, ""), old, to) } : cell.input;
    return { sheet: cell.sheet, r: cell.r, c: cell.c, input, result: cell.f?.result };
  });
  for (const cell of cells) host.input(cell.sheet, cell.r, cell.c, null);
  sheet.name = to;
  for (const n of host.book.names) n.formula = renameSheetIn(n.formula, old, to);
  put(host, back);
  const sel = host.book.selection;
  if (sel && sel.sheet === old) host.book.selection = { ...sel, sheet: to };
  host.note("sheet", { op: "rename", name: to, from: old });
  return to;
}

/**
 * The book emptied and given `names` as its sheets, as Excel opens a file in a window of its own: no
 * cell, no defined name and no sheet of the book before it is left.
 */
function replaceSheets(host: Host, names: readonly string[]): void {
  if (names.length === 0) throw invalidArgument("a workbook has at least one sheet");
  for (const s of host.book.sheets) for (const cell of [...s.cells.values()]) host.input(cell.sheet, cell.r, cell.c, null);
  for (const n of [...host.book.names]) host.deleteName(n);
  const kept = host.book.sheets.slice(0, names.length);
  kept.forEach((s, i) => (s.name = names[i]));
  host.book.sheets.splice(names.length);
  for (const n of names.slice(kept.length)) host.addSheet(n);
  host.book.active = host.book.sheets[0];
  host.book.selection = { sheet: names[0], r0: 1, c0: 1, r1: 1, c1: 1 };
  host.note("sheet", { op: "replace", name: names[0] });
}

/**
 * Insert whole rows or columns: cells at and after them move, every reference follows (insert.ts), and
 * every SVC formula runs again: Excel on the web re-runs every custom function on a row or column
 * insert, desktop Excel on structural edits (office.js behaviour, stated by Microsoft as by design).
 */
function insertLines(host: Host, ins: Insertion): void {
  const target = host.sheetOf(ins.sheet);
  const cells = host.book.sheets.flatMap((s) => [...s.cells.values()]);
  const back: RawCell[] = cells.map((cell) => {
    const input = "formula" in cell.input ? { formula: "=" + insertedFormula(cell.input.formula.replace(/^=/, ""), cell.sheet.name, ins) } : cell.input;
    const moves = cell.sheet === target && (ins.axis === "rows" ? cell.r : cell.c) >= ins.at;
    const r = moves && ins.axis === "rows" ? cell.r + ins.count : cell.r;
    const c = moves && ins.axis === "columns" ? cell.c + ins.count : cell.c;
    return { sheet: cell.sheet, r, c, input, result: cell.f?.result };
  });
  for (const cell of cells) host.input(cell.sheet, cell.r, cell.c, null);
  for (const n of host.book.names) n.formula = insertedFormula(n.formula, n.sheet ?? host.book.active.name, ins);
  put(host, back);
  host.note("sheet", { op: "insert", name: target.name, axis: ins.axis, at: ins.at, count: ins.count });
  rerunSvc(host);
}

/** Every SVC formula runs again (forced: its calls are made again, whatever their arguments). */
function rerunSvc(host: Host): void {
  host.recalc.mark(host.formulaCells().filter((c) => c.f?.svc), true);
}

/** The typed contents of a cell for the formula bar: a formula, or the constant as text. */
function editText(host: Host, address: string): string {
  const a = parseArea(address, host.book.active.name);
  const cell = host.sheetOf(a.sheet).cells.get(keyOf(a.r0, a.c0));
  if (!cell) return "";
  if ("formula" in cell.input) return cell.input.formula;
  const v = stored(cell.input.constant);
  return v === null ? "" : typeof v === "object" ? v.error : typeof v === "boolean" ? (v ? "TRUE" : "FALSE") : String(v);
}

export function createBookIo(host: Host) {
  return {
    /**
     * Put cells in as a file opens (its tables first): formulas keep their stored results, and none is
     * calculated; except on Excel on the web, which re-runs every custom function when a workbook opens
     * (office.js behaviour, stated by Microsoft as by design; platform.ts rerunOnOpen).
     */
    load: (cells: readonly LoadCell[], tables: readonly ExcelTable[] = []) => {
      host.book.tables.splice(0, host.book.tables.length, ...tables);
      put(host, cells.map((x) => ({ sheet: host.sheetOf(x.sheet), r: x.r, c: x.c, input: inputOf(x), result: x.pin ? pinnedResult(x.pin) : x.stored === undefined ? null : resultOf(x.stored), pin: x.pin })));
      if (host.platform.rerunOnOpen) rerunSvc(host);
    },
    /** Insert `count` whole rows (or columns) before zero-based `at` of `sheet`, as Home > Insert does. */
    insert: (sheet: string, axis: "rows" | "columns", at: number, count = 1) => insertLines(host, { sheet, axis, at, count }),
    /** Every sheet's cells as a Save writes them, in reading order. */
    snapshot: () => host.book.sheets.map((s) => ({ name: s.name, cells: [...s.cells.values()].sort((a, b) => a.r - b.r || a.c - b.c).flatMap(savedOf) })),
    renameSheet: (from: string, to: string) => renameSheet(host, from, to),
    replaceSheets: (names: readonly string[]) => replaceSheets(host, names),
    editText: (address: string) => editText(host, address),
    /** The file's custom XML parts, as Excel opens them (the book's earlier ones are gone). */
    loadXmlParts: (texts: readonly string[]) => void (host.book.xmlParts = texts.map((xml, i) => ({ id: `{FILE-PART-${i + 1}}`, namespace: namespaceOf(xml), xml }))),
  };
}
