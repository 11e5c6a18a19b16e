/**
 * The values an expression takes while the engine evaluates it: a cell value, a grid (an array
 * constant or a computed array), or a reference (one area, or several for a union or a 3-D
 * reference). A reference stays a reference until something needs its values, so ROW(), INDEX()
 * and implicit intersection see where it points.
 */
import type { Node } from "../text/ast";
import type { AreaRef, CellValue, ErrorValue } from "../types";
import { isErrorValue } from "../types";

export type Grid = CellValue[][];

export interface RefValue {
  areas: AreaRef[];
}

export type Value = CellValue | Grid | RefValue;

/**
 * A LAMBDA as a value (LAMBDA(...) not yet called, a LET name or a defined name holding one). It is
 * Excel's #CALC! wherever a value is shown, so it travels as that error and carries what a call needs:
 * its parameters, its body and the evaluation it was written in (LET names it can see).
 */
export interface LambdaValue extends ErrorValue {
  error: "#CALC!";
  /** optional: how many of the last parameters may be left out ([x] in Excel, `_xlop.x` in files). */
  lambda: { params: string[]; optional?: number; body: Node; closure: unknown };
}

export const isLambda = (v: Value | undefined): v is LambdaValue => typeof v === "object" && v !== null && !Array.isArray(v) && "lambda" in v;

export const isRef = (v: Value): v is RefValue => typeof v === "object" && v !== null && !Array.isArray(v) && "areas" in v;
export const isGrid = (v: Value): v is Grid => Array.isArray(v);
export const err = (code: string): ErrorValue => ({ error: code });

/**
 * A range read past the sheet's used cells holds only its used part (the rest is empty). The grid
 * keeps the range's real size, so a function whose result depends on it (SORT, UNIQUE) can tell.
 */
export function withSize(g: Grid, rows: number, cols: number): Grid {
  if (rows > g.length || cols > (g[0]?.length ?? 0)) Object.defineProperty(g, "size", { value: { rows, cols } });
  return g;
}

/** The real size of a grid read from a range (its own size for any other). */
export const sizeOf = (g: Grid): { rows: number; cols: number } => (g as { size?: { rows: number; cols: number } }).size ?? { rows: g.length, cols: g[0]?.length ?? 0 };
export { isErrorValue };

/** Thrown when the formula needs something the engine does not do as Excel does: the evaluation stops with this reason. */
export class NotSupported extends Error {}

export function unsupported(reason: string): never {
  throw new NotSupported(reason);
}
