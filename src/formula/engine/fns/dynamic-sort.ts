/**
 * SORT and UNIQUE, computed by the engine to Microsoft's definitions: SORT(array, [sort_index],
 * [sort_order], [by_col]) orders the rows (or columns) by the values of the index's column (row),
 * a stable sort; UNIQUE(array, [by_col], [exactly_once]) keeps the first of each distinct row
 * (column), or only those that occur once. Values order as Excel's sort orders them: numbers, text
 * ignoring case, FALSE, TRUE, errors, and empty cells last whatever the order; an empty cell in the
 * result shows 0.
 */
import type { CellValue } from "../../types";
import { toBool, toNumber } from "../coerce";
import { err, Grid, isErrorValue, isGrid, sizeOf, unsupported } from "../kinds";
import type { Arg, PureFamily } from "./types";

const gridOf = (a: Arg): Grid => (a === undefined ? [[null]] : isGrid(a) ? a : [[a]]);

/** The array whole: a range read past the sheet's used cells gets its empty cells back. */
function whole(a: Arg): Grid {
  const g = gridOf(a), { rows, cols } = sizeOf(g);
  if (rows === g.length && cols === g[0].length) return g;
  if (rows * cols > 1_000_000) unsupported("SORT or UNIQUE over more than 1,000,000 cells");
  return Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => g[r]?.[c] ?? null));
}
const transpose = (g: Grid): Grid => g[0].map((_, c) => g.map((r) => r[c]));
const shown = (g: Grid): Grid => g.map((r) => r.map((v) => v ?? 0));

const ERRORS = ["#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A"];
const rank = (v: CellValue): number => (typeof v === "number" ? 0 : typeof v === "string" ? 1 : typeof v === "boolean" ? 2 : v === null ? 4 : 3);

/** -1, 0, 1 in Excel's ascending sort order (empty cells aside: the caller keeps them last). */
function compare(a: CellValue, b: CellValue): number {
  if (rank(a) !== rank(b)) return Math.sign(rank(a) - rank(b));
  if (isErrorValue(a) && isErrorValue(b)) {
    const x = ERRORS.indexOf(a.error), y = ERRORS.indexOf(b.error);
    if (x < 0 || y < 0) unsupported(`SORT over the error ${x < 0 ? a.error : b.error}`);
    return Math.sign(x - y);
  }
  const x = typeof a === "string" ? a.toLowerCase() : Number(a), y = typeof b === "string" ? (b as string).toLowerCase() : Number(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Whole numbers from the sort index or order (one, or an array of them; 1 when omitted), or the error Excel gives. */
function numbers(a: Arg, what: "index" | "order"): number[] | { error: string } {
  if (a === undefined) return [1];
  const out: number[] = [];
  for (const v of gridOf(a).flat()) {
    // an empty cell for the index is #VALUE!, as Excel's stored values show; for the order they show nothing
    if (v === null) return what === "index" ? err("#VALUE!") : unsupported("an empty cell for SORT's sort order");
    const n = toNumber(v);
    if (isErrorValue(n)) return n;
    out.push(Math.trunc(n));
  }
  return out;
}

function sort([array, index, order, byCol]: Arg[]): CellValue | Grid {
  const cols = byCol === undefined || byCol === null ? false : toBool(isGrid(byCol) ? byCol[0][0] : byCol);
  if (isErrorValue(cols)) return cols;
  const g = cols ? transpose(whole(array)) : whole(array);
  const keys = numbers(index, "index"), dirs = numbers(order, "order");
  if (!Array.isArray(keys)) return keys;
  if (!Array.isArray(dirs)) return dirs;
  if (dirs.length !== 1 && dirs.length !== keys.length) return err("#VALUE!");
  if (keys.some((k) => k < 1 || k > g[0].length) || dirs.some((d) => d !== 1 && d !== -1)) return err("#VALUE!");
  const rows = g.map((r, i) => ({ r, i }));
  rows.sort((p, q) => {
    for (let j = 0; j < keys.length; j++) {
      const a = p.r[keys[j] - 1], b = q.r[keys[j] - 1];
      const c = a === null || b === null ? Number(a === null) - Number(b === null) : (dirs.length === 1 ? dirs[0] : dirs[j]) * compare(a, b);
      if (c !== 0) return c;
    }
    return p.i - q.i;
  });
  const out = rows.map((x) => x.r);
  return shown(cols ? transpose(out) : out);
}

/** A row's identity for UNIQUE: each value by its kind, text ignoring case. */
const keyOf = (row: CellValue[]): string => JSON.stringify(row.map((v) => (v === null ? null : isErrorValue(v) ? { e: v.error } : typeof v === "string" ? `s${v.toLowerCase()}` : v)));

function unique([array, byCol, once]: Arg[]): CellValue | Grid {
  const flags = [byCol, once].map((a) => (a === undefined || a === null ? false : toBool(isGrid(a) ? a[0][0] : a)));
  for (const f of flags) if (isErrorValue(f)) return f;
  if ([byCol, once].some((a) => isGrid(a ?? null) && gridOf(a).flat().length > 1)) unsupported("UNIQUE with an array of flags");
  const g = flags[0] ? transpose(whole(array)) : whole(array);
  const count = new Map<string, number>();
  for (const r of g) count.set(keyOf(r), (count.get(keyOf(r)) ?? 0) + 1);
  const seen = new Set<string>();
  const out = g.filter((r) => {
    const k = keyOf(r);
    if (seen.has(k) || (flags[1] && count.get(k) !== 1)) return false;
    seen.add(k);
    return true;
  });
  if (!out.length) return err("#CALC!");
  return shown(flags[0] ? transpose(out) : out);
}

export const DYNAMIC_SORT: PureFamily = {
  SORT: { fn: sort, min: 1, max: 4, ranges: "all", emptyIsOmitted: [1, 2, 3] },
  UNIQUE: { fn: unique, min: 1, max: 3, ranges: "all", emptyIsOmitted: [1, 2] },
};
