/**
 * Writing one formula's result as Excel would after recalculating it: a single value in the cell (the
 * first value of an array for a formula stored without dynamic-array metadata); an array spilled from the anchor with the formula's `ref` following the new size, the cells it no
 * longer covers cleared, #SPILL! when the new range would overwrite something; a legacy (Ctrl+Shift+
 * Enter) array filled within its fixed range. Text results are stored as text, never as formulas.
 */
import { contains, Rect } from "../../recalc";
import { a1, cellKey } from "../parts/a1";
import { CellValue } from "../../formula";
import { MAX_COL, MAX_ROW, WorkingCopy } from "./working";

export type Result = CellValue | CellValue[][];

export interface WriteOutcome {
  /** The cells the result now covers and the cells it covered before (for finding dependents). */
  box: Rect;
  old: Rect;
  /** A #SPILL!, with why. */
  problem: { code: string; message: string } | null;
  /** Something the report should say that is not an error. */
  note: string | null;
}

export function gridOf(r: Result): CellValue[][] {
  if (!Array.isArray(r)) return [[r]];
  const rows = r.length > 0 ? r : [[null]];
  const width = Math.max(1, ...rows.map((row) => row.length));
  return rows.map((row) => Array.from({ length: width }, (_, i) => (i < row.length ? row[i] : null)));
}

/** A legacy array formula's cell (i, j) of its fixed range: one row or column repeats, a smaller answer leaves #N/A as Excel shows it. */
export function fixedCell(grid: CellValue[][], i: number, j: number): CellValue {
  const row = grid.length === 1 ? grid[0] : grid[i];
  const v = row === undefined ? undefined : row.length === 1 ? row[0] : row[j];
  return v === undefined ? { error: "#N/A" } : v;
}

function fillFixed(w: WorkingCopy, sheet: string, box: Rect, grid: CellValue[][]): void {
  for (let r = box.r0; r <= box.r1; r++) for (let c = box.c0; c <= box.c1; c++) w.put(sheet, r, c, { value: fixedCell(grid, r - box.r0, c - box.c0) });
}

function blocker(w: WorkingCopy, sheet: string, anchor: { row: number; col: number }, next: Rect, old: Rect): string | null {
  const others = w.otherSpills(sheet, cellKey(anchor.row, anchor.col));
  for (let r = next.r0; r <= next.r1; r++)
    for (let c = next.c0; c <= next.c1; c++) {
      if (r === anchor.row && c === anchor.col) continue;
      if (!contains(old, r, c) && w.occupied(sheet, r, c)) return `${a1(r, c)} holds a value`;
      if (others.some((b) => contains(b, r, c))) return `${a1(r, c)} is part of another spill`;
    }
  return null;
}

function spill(w: WorkingCopy, sheet: string, row: number, col: number, grid: CellValue[][], old: Rect): WriteOutcome {
  let box: Rect = { r0: row, c0: col, r1: row + grid.length - 1, c1: col + grid[0].length - 1 };
  let problem: WriteOutcome["problem"] = null;
  if (box.r1 > MAX_ROW || box.c1 > MAX_COL) problem = { code: "#SPILL!", message: `the answer (${grid.length}×${grid[0].length}) runs off the sheet` };
  else {
    const blocked = blocker(w, sheet, { row, col }, box, old);
    if (blocked) problem = { code: "#SPILL!", message: `the spill range ${a1(row, col)}:${a1(box.r1, box.c1)} isn't blank: ${blocked}` };
  }
  if (problem) {
    box = { r0: row, c0: col, r1: row, c1: col };
    grid = [[{ error: problem.code }]];
  }
  for (let r = old.r0; r <= old.r1; r++) for (let c = old.c0; c <= old.c1; c++) if (!contains(box, r, c)) w.put(sheet, r, c, { value: null });
  for (let r = box.r0; r <= box.r1; r++) for (let c = box.c0; c <= box.c1; c++) if (r !== row || c !== col) w.put(sheet, r, c, { value: grid[r - row][c - col] });
  w.put(sheet, row, col, { value: grid[0][0], formula: w.arrayFormulaXml(sheet, row, col, box) });
  w.setSpill(sheet, cellKey(row, col), box);
  return { box, old, problem, note: null };
}

/** Write `result` as the value of the formula at (sheet, row, col). */
export function writeResult(w: WorkingCopy, sheet: string, row: number, col: number, result: Result): WriteOutcome {
  const f = w.cell({ sheet, row, col })?.formula;
  const grid = gridOf(result);
  const single: Rect = { r0: row, c0: col, r1: row, c1: col };
  const old = w.spill({ sheet, row, col }) ?? single;
  const oldBox: Rect = { r0: old.r0, c0: old.c0, r1: old.r1, c1: old.c1 };
  if (f?.kind === "array" && !f.dynamic && f.ref) {
    fillFixed(w, sheet, f.ref, grid);
    return { box: f.ref, old: f.ref, problem: null, note: null };
  }
  if (f?.dynamic) return spill(w, sheet, row, col, grid, oldBox);
  // A formula stored without dynamic-array metadata is a legacy formula: Excel shows its first value (implicit intersection, "=@...").
  w.put(sheet, row, col, { value: grid[0][0] });
  const isGrid = grid.length > 1 || grid[0].length > 1;
  const note = isGrid ? `the answer is ${grid.length}×${grid[0].length} but the formula was stored before it spilled: the cell keeps the first value, as Excel shows it (=@...); re-enter the formula in Excel to spill it` : null;
  return { box: single, old: single, problem: null, note };
}
