/**
 * The one rectangle of cells: zero-based and inclusive, with or without its sheet. Every room that
 * asks "do these cells meet", "is this cell inside" (the formula room's references, the model file,
 * the fake host, the workbench's selection, the dependency graph) asks it here.
 */

/** A rectangle on an implied sheet (a sheet part, the workbench's current sheet). */
export interface Rect {
  r0: number;
  c0: number;
  r1: number;
  c1: number;
}

/** A rectangle on a named sheet. */
export interface Area extends Rect {
  sheet: string;
}

/** Excel's sheet names are case-insensitive. */
export const sameSheet = (a: string, b: string): boolean => a === b || a.toUpperCase() === b.toUpperCase();

/** Whether two rectangles share a cell. */
export function overlaps(a: Rect, b: Rect): boolean {
  return a.r0 <= b.r1 && b.r0 <= a.r1 && a.c0 <= b.c1 && b.c0 <= a.c1;
}

/** Whether two areas share a cell (on the same sheet). */
export function areasOverlap(a: Area, b: Area): boolean {
  return sameSheet(a.sheet, b.sheet) && overlaps(a, b);
}

/** Whether the cell (row, col) lies inside the rectangle. */
export function contains(a: Rect, row: number, col: number): boolean {
  return row >= a.r0 && row <= a.r1 && col >= a.c0 && col <= a.c1;
}

/** The one-cell rectangle of (row, col). */
export function cellRect(row: number, col: number): Rect {
  return { r0: row, c0: col, r1: row, c1: col };
}

export function sameRect(a: Rect, b: Rect): boolean {
  return a.r0 === b.r0 && a.c0 === b.c0 && a.r1 === b.r1 && a.c1 === b.c1;
}

/** How many cells the rectangle holds. */
export function sizeOf(a: Rect): number {
  return (a.r1 - a.r0 + 1) * (a.c1 - a.c0 + 1);
}
