/**
 * What a cell shows, computed from the model in O(1): a typed constant, a formula's value (its
 * anchor value when it spills, #SPILL! when blocked, #BUSY! before its first result), or the value a
 * spill puts there. No whole-sheet pass: the host keeps the spill map up to date as results arrive.
 */
import type { CellFormula } from "../formula";
import { Cell, Sheet, keyOf } from "./model";
import { Spills } from "./spills";
import { Constant, GridCell, isError } from "./values";

/** The driver's view of a cell (window.__fakeExcel.shown()). */
export interface Shown {
  value?: unknown;
  error?: string;
  message?: string | null;
  anchor?: boolean;
  spill?: boolean;
  busy?: boolean;
  stale?: boolean;
  spillRows?: number;
  spillCols?: number;
  /** Excel's stored value, not computed here: why (a formula of an opened file the engine does not reproduce). */
  unverified?: string;
}

const SPILL_BLOCKED = { error: "#SPILL!", message: "The spill range isn't blank" };
const SPILL_OFF_SHEET = { error: "#SPILL!", message: "The spill range extends beyond the edge of the worksheet" };

/** A value, or the one cell of a 1x1 grid. */
function single(v: GridCell | GridCell[][]): GridCell {
  return Array.isArray(v) ? (v[0]?.[0] ?? null) : v;
}

function gridCellShown(v: GridCell): Shown {
  return isError(v) ? { error: v.error, message: v.message ?? null } : { value: v };
}

function anchorShown(cell: Cell): Shown {
  const f = cell.f;
  if (!f) return {};
  const r = f.result;
  if (!r) return { error: "#BUSY!", busy: true, anchor: true };
  if ("error" in r) return { error: r.error, message: r.message, anchor: true, ...(f.invoking ? { busy: true, stale: true } : {}) };
  const busy = { ...(f.invoking ? { busy: true, stale: true } : {}), ...(r.unverified ? { unverified: r.unverified } : {}) };
  if (f.want) {
    const off = f.want.r1 >= 1_048_576 || f.want.c1 >= 16_384;
    return { ...(off ? SPILL_OFF_SHEET : SPILL_BLOCKED), anchor: true, ...busy };
  }
  const grid = Spills.gridOf(r.value);
  if (!grid) return { ...gridCellShown(single(r.value)), anchor: true, ...busy };
  return { ...gridCellShown(grid[0][0]), anchor: true, spillRows: grid.length, spillCols: grid[0].length, ...busy };
}

export function shownAt(sheet: Sheet, r: number, c: number): Shown | null {
  const cell = sheet.cells.get(keyOf(r, c));
  if (cell) return cell.f ? anchorShown(cell) : constantShown(cell.input as { constant: Constant });
  const owner = Spills.ownerOf(sheet, r, c);
  if (!owner?.f?.spill || !owner.f.result || !("value" in owner.f.result)) return null;
  const grid = owner.f.result.value as GridCell[][];
  const v = grid[r - owner.r]?.[c - owner.c];
  return { ...gridCellShown(v === undefined ? null : v), anchor: false, spill: true, spillRows: grid.length, spillCols: grid[0].length };
}

function constantShown(input: { constant: Constant }): Shown {
  const v = input.constant;
  return isError(v) ? { error: v.error, message: null } : { value: v };
}

/**
 * The content at a cell as formulas and the object model read it: a constant, a grid cell, a
 * formula's (anchor) value or error; undefined when empty.
 */
export function contentAt(sheet: Sheet, r: number, c: number): GridCell | Constant | undefined {
  const s = shownAt(sheet, r, c);
  if (!s) return undefined;
  if (s.error !== undefined) return { error: s.error };
  return s.value as GridCell;
}

/** The formula at a cell as the engine's FORMULATEXT and ISFORMULA read it: typed there, or spilled there from an anchor. */
export function formulaAt(sheet: Sheet, r: number, c: number): CellFormula | null {
  const cell = sheet.cells.get(keyOf(r, c));
  if (cell && "formula" in cell.input) return { text: cell.input.formula.replace(/^\s*=/, ""), kind: "cell" };
  return shownAt(sheet, r, c)?.spill ? { text: "", kind: "spilled" } : null;
}
