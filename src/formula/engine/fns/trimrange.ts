/**
 * TRIMRANGE(range, [trim_rows], [trim_cols]) to Microsoft's definition: the range without its
 * empty outer rows and columns; 0 trims none, 1 the leading ones, 2 the trailing ones, 3 (the
 * default) both. Nothing left is #REF!. The result is shown as an array (an empty cell shows 0).
 */
import type { CellValue } from "../../types";
import { toNumber } from "../coerce";
import { err, Grid, isErrorValue, isGrid, sizeOf, unsupported } from "../kinds";
import type { Arg, PureFamily } from "./types";

/** A trim mode 0-3, or the error Excel gives (a fraction or another number: #VALUE!). */
function mode(a: Arg): number | { error: string } {
  if (a === undefined) return 3;
  if (isGrid(a) && (a.length > 1 || a[0].length > 1)) unsupported("an array of trim modes for TRIMRANGE");
  const v = isGrid(a) ? a[0][0] : a;
  if (v === null) return 3;
  const n = toNumber(v);
  if (isErrorValue(n)) return n;
  return Number.isInteger(n) && n >= 0 && n <= 3 ? n : err("#VALUE!");
}

const blank = (v: CellValue) => v === null;

/** [first, last] kept of `n` lines, `empty(i)` telling an empty line; null when every line is empty. */
function kept(n: number, m: number, empty: (i: number) => boolean): [number, number] | null {
  let lo = 0, hi = n - 1;
  if (m === 1 || m === 3) while (lo < n && empty(lo)) lo++;
  if (m === 2 || m === 3) while (hi >= lo && empty(hi)) hi--;
  return lo > hi ? null : [lo, hi];
}

function trimRange([range, rowsArg, colsArg]: Arg[]): CellValue | Grid {
  if (range === undefined || !isGrid(range)) unsupported("TRIMRANGE of a single value");
  const mr = mode(rowsArg), mc = mode(colsArg);
  if (typeof mr !== "number") return mr;
  if (typeof mc !== "number") return mc;
  const { rows, cols } = sizeOf(range);
  // past the used cells every cell is empty: rows (columns) there are kept only when trailing ones are not trimmed
  const nr = mr >= 2 ? range.length : rows, nc = mc >= 2 ? range[0].length : cols;
  if (nr * nc > 1_000_000) unsupported("TRIMRANGE keeping more than 1,000,000 cells");
  const at = (r: number, c: number): CellValue => range[r]?.[c] ?? null;
  const r = kept(nr, mr, (i) => Array.from({ length: nc }, (_, c) => at(i, c)).every(blank));
  const c = kept(nc, mc, (j) => Array.from({ length: nr }, (_, i) => at(i, j)).every(blank));
  if (!r || !c) return err("#REF!");
  const out: Grid = [];
  for (let i = r[0]; i <= r[1]; i++) out.push(Array.from({ length: c[1] - c[0] + 1 }, (_, j) => at(i, c[0] + j) ?? 0));
  return out;
}

export const TRIMRANGE_FAMILY: PureFamily = {
  TRIMRANGE: { fn: trimRange, min: 1, max: 3, ranges: "all", emptyIsOmitted: [1, 2] },
};
