/** Cell addresses inside one sheet part ("B2" <-> zero-based row and column). */
import { columnIndex, columnName } from "../../formula";
import type { Rect } from "../../recalc";
import { fail } from "../errors";

const MAX_ROWS = 1_048_576;
const MAX_COLS = 16_384;

export function a1(row: number, col: number): string {
  return `${columnName(col)}${row + 1}`;
}

export function parseA1(text: string): { row: number; col: number } {
  const m = /^\$?([A-Za-z]{1,3})\$?(\d+)$/.exec(text);
  if (!m) return fail("malformed", `not a cell address: ${text}`);
  const row = Number(m[2]) - 1, col = columnIndex(m[1]);
  // Excel's grid ends at XFD1048576: a cell past it is a damaged file, never wrapped onto the next row
  if (row < 0 || row >= MAX_ROWS || col >= MAX_COLS) return fail("malformed", `the cell ${text} lies outside Excel's grid (A1:XFD1048576)`);
  return { row, col };
}

/** "B2:F7" or "B2" as a box. */
export function parseBox(text: string): Rect {
  const [a, b] = text.split(":");
  const p = parseA1(a);
  const q = b ? parseA1(b) : p;
  return { r0: Math.min(p.row, q.row), c0: Math.min(p.col, q.col), r1: Math.max(p.row, q.row), c1: Math.max(p.col, q.col) };
}

export function boxText(b: Rect): string {
  const a = a1(b.r0, b.c0);
  return b.r0 === b.r1 && b.c0 === b.c1 ? a : `${a}:${a1(b.r1, b.c1)}`;
}

/** A key for a cell in maps (rows up to 1,048,576, columns up to 16,384). */
export function cellKey(row: number, col: number): number {
  return row * 16384 + col;
}
