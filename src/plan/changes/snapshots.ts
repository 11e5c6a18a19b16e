/**
 * The change record's input from two readings of a workbook (before and after a refresh, as the pane
 * reads them through Excel): each SVC formula of the plan with the grid its result covered (its size
 * from the function's own record of the run, else one cell) and the sources of its values; every
 * other formula whose value moved, with what it reads (its references, names expanded), so the record
 * can name the SVC results that moved it. Excel recalculated those dependents; nothing is computed here.
 */
import { parseCell } from "../../formula";
import { referencesOf } from "../../formula";
import type { AreaRef, CellValue, DefinedName } from "../../formula";
import { holdsSvcCall } from "../../formula";
import { originsOf, RecordedSource } from "./origins";
import type { FormulaRun, SvcCellRun } from "./types";
import { sameValue } from "./values";
import { callWords } from "./what";

export interface SheetReading {
  sheet: string;
  row: number;
  col: number;
  values: CellValue[][];
  formulas: unknown[][];
  /** Each cell's number format, where the host reads them. */
  formats?: unknown[][];
}

export interface WorkbookReading {
  sheets: SheetReading[];
  names: DefinedName[];
}

/** What the functions recorded of a cell's run (src/functions/sources.ts CellSource, structurally). */
export interface RunRecord {
  address: string;
  /** The function and the arguments it last received (for what the call asks, in words). */
  fn?: string;
  args?: unknown[];
  rows?: number;
  cols?: number;
  error?: string | null;
  provenance?: RecordedSource[];
}

function reader(w: WorkbookReading): (sheet: string, r: number, c: number) => CellValue {
  const by = new Map(w.sheets.map((s) => [s.sheet.toUpperCase(), s]));
  return (sheet, r, c) => {
    const s = by.get(sheet.toUpperCase());
    return s?.values[r - s.row]?.[c - s.col] ?? null;
  };
}

/** A cell's number format (null: General or not read). */
function formatReader(w: WorkbookReading): (sheet: string, r: number, c: number) => string | null {
  const by = new Map(w.sheets.map((s) => [s.sheet.toUpperCase(), s]));
  return (sheet, r, c) => {
    const s = by.get(sheet.toUpperCase());
    const f = s?.formats?.[r - s.row]?.[c - s.col];
    return typeof f === "string" && f !== "" && f !== "General" ? f : null;
  };
}

function gridAt(at: (sheet: string, r: number, c: number) => CellValue, sheet: string, row: number, col: number, rec: RunRecord | undefined): CellValue[][] {
  const rows = Math.max(1, rec?.rows ?? 1);
  const cols = Math.max(1, rec?.cols ?? 1);
  return Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => at(sheet, row + i, col + j)));
}

const keyOf = (sheet: string, row: number, col: number) => `${sheet.toUpperCase()}!${row},${col}`;

/** The SVC formulas at `addresses` and the moved dependents, before -> after. */
export function runsFromReadings(addresses: readonly string[], before: WorkbookReading, after: WorkbookReading, recordsBefore: readonly RunRecord[], recordsAfter: readonly RunRecord[]): { svc: SvcCellRun[]; formulas: FormulaRun[] } {
  const was = reader(before);
  const now = reader(after);
  const format = formatReader(after);
  const recBefore = new Map(recordsBefore.map((r) => [r.address.toUpperCase(), r]));
  const recAfter = new Map(recordsAfter.map((r) => [r.address.toUpperCase(), r]));
  const svcCells = new Set<string>();
  const svc: SvcCellRun[] = addresses.map((address) => {
    const { sheet, row, col } = parseCell(address);
    svcCells.add(keyOf(sheet, row, col));
    const a = recBefore.get(address.toUpperCase());
    const b = recAfter.get(address.toUpperCase());
    const grid = gridAt(now, sheet, row, col, b);
    const words = b?.fn ? callWords(b.fn, b.args ?? []) : { subject: "", what: "" };
    const formats = grid.map((line, i) => line.map((_, j) => format(sheet, row + i, col + j)));
    // no record of the cell before (a file just opened): its old result covered what the new one covers
    return { sheet, row, col, old: gridAt(was, sheet, row, col, a ?? b), new: grid, oldMessage: a?.error ?? null, newMessage: b?.error ?? null, oldOrigins: originsOf(a?.provenance), newOrigins: originsOf(b?.provenance), ...words, formats };
  });
  return { svc, formulas: movedFormulas(after, was, svcCells).map((f) => ({ ...f, format: format(f.sheet, f.row, f.col) })) };
}

function movedFormulas(after: WorkbookReading, was: (sheet: string, r: number, c: number) => CellValue, svcCells: ReadonlySet<string>): FormulaRun[] {
  const out: FormulaRun[] = [];
  for (const s of after.sheets)
    s.formulas.forEach((line, i) =>
      line.forEach((f, j) => {
        const row = s.row + i;
        const col = s.col + j;
        if (typeof f !== "string" || !f.startsWith("=") || svcCells.has(keyOf(s.sheet, row, col))) return;
        const old = was(s.sheet, row, col);
        const value = s.values[i]?.[j] ?? null;
        if (sameValue(old, value) || holdsSvcCall(f, s.sheet, after.names)) return;
        let reads: AreaRef[] = [];
        try {
          reads = referencesOf(f.slice(1), { sheet: s.sheet, row, col }, after.names);
        } catch {
          reads = [];
        }
        out.push({ sheet: s.sheet, row, col, reads, old, new: value });
      })
    );
  return out;
}
