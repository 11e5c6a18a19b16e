/**
 * Dynamic-array functions that reshape an array, computed by the engine to Excel's definition (see
 * ./types.ts for the calling rules): CHOOSECOLS, CHOOSEROWS, TAKE, DROP, EXPAND, HSTACK, VSTACK,
 * TOCOL, TOROW, WRAPROWS, WRAPCOLS. Every argument is taken whole. Nothing left is Excel's #CALC!
 * (a workbook keeps it as a rich value, with #VALUE! for older readers; the model reader reads the rich value).
 */
import type { CellValue } from "../../types";
import { toNumber } from "../coerce";
import { err, Grid, isErrorValue, isGrid, unsupported } from "../kinds";
import type { Arg, PureFamily, PureFunction } from "./types";

type Num = number | undefined | { error: string };
const NA = err("#N/A");
const CALC = err("#CALC!");

const gridOf = (a: Arg): Grid => (a === undefined ? [[null]] : isGrid(a) ? a : [[a]]);
const transpose = (g: Grid): Grid => g[0].map((_, c) => g.map((r) => r[c]));

/** A count or position argument: a whole number, undefined when omitted or empty, or the error. */
function num(a: Arg): Num {
  if (a !== undefined && isGrid(a) && (a.length > 1 || a[0].length > 1)) unsupported("an array where a dynamic-array function takes one number");
  const v = a !== undefined && isGrid(a) ? a[0][0] : a;
  if (v === undefined) return undefined;
  // an empty argument (omitted: all) and an empty cell (0) arrive alike here
  if (v === null) unsupported("an empty argument or an empty cell where a dynamic-array function takes a number");
  const n = toNumber(v);
  return isErrorValue(n) ? n : Math.trunc(n);
}

/** The first error among the numbers, if any. */
const errorIn = (ns: Num[]) => ns.find((n): n is { error: string } => typeof n === "object");

const fn = (f: PureFunction["fn"], min: number, max: number): PureFunction => ({ fn: f, min, max, ranges: "all" });

/** CHOOSEROWS: the rows at the positions given (negative: from the end), in that order. */
function chooseRows(g: Grid, picks: Arg[]): CellValue | Grid {
  const out: Grid = [];
  if (picks.some((a) => gridOf(a).length > 1 && gridOf(a)[0].length > 1)) return err("#VALUE!");
  for (const p of picks.flatMap((a) => gridOf(a).flat())) {
    if (isErrorValue(p)) return p;
    const n = toNumber(p);
    if (isErrorValue(n)) return n;
    const i = Math.trunc(n);
    if (i === 0 || Math.abs(i) > g.length) return err("#VALUE!");
    out.push(g[i > 0 ? i - 1 : g.length + i]);
  }
  return out;
}

/** TAKE (keep) or DROP (remove) rows and columns from the start (positive) or the end (negative); none left (TAKE of 0 too) is #CALC! (the file keeps #CALC! as a rich value, #VALUE! for older readers). */
function cut(keep: boolean) {
  return ([a, rows, cols]: Arg[]): CellValue | Grid => {
    const g = gridOf(a);
    const r = num(rows), c = num(cols);
    const bad = errorIn([r, c]);
    if (bad) return bad;
    if (keep && (r === 0 || c === 0)) return CALC;
    const part = <T>(xs: T[], n: number | undefined): T[] => {
      if (n === undefined) return xs;
      if (keep) return n >= 0 ? xs.slice(0, n) : xs.slice(Math.max(0, xs.length + n));
      return n >= 0 ? xs.slice(n) : xs.slice(0, Math.max(0, xs.length + n));
    };
    const out = part(g, r as number | undefined).map((row) => part(row, c as number | undefined));
    return out.length && out[0].length ? out : CALC;
  };
}

function expand([a, rows, cols, pad]: Arg[]): CellValue | Grid {
  const g = gridOf(a);
  const r = num(rows) ?? g.length, c = num(cols) ?? g[0].length;
  const bad = errorIn([r, c]);
  if (bad) return bad;
  if ((r as number) < g.length || (c as number) < g[0].length) return err("#VALUE!");
  const fill = pad === undefined ? NA : gridOf(pad)[0][0];
  return Array.from({ length: r as number }, (_, i) => Array.from({ length: c as number }, (_, j) => (i < g.length && j < g[0].length ? g[i][j] : fill)));
}

/** VSTACK: the arrays one below the other, as wide as the widest (#N/A fills). HSTACK through the transpose. */
function vstack(args: Arg[]): Grid {
  const gs = args.map(gridOf);
  const width = Math.max(...gs.map((g) => g[0].length));
  return gs.flatMap((g) => g.map((row) => [...row, ...Array<CellValue>(width - row.length).fill(NA)]));
}

/** TOCOL and TOROW: the cells in one line, by row or by column, without blanks (1), errors (2) or both (3). */
function line([a, ignore, byColumn]: Arg[]): CellValue[] | { error: string } {
  const g = gridOf(a);
  const k = num(ignore) ?? 0;
  if (typeof k === "object") return k;
  if (k < 0 || k > 3) return err("#VALUE!");
  const cells = (num(byColumn) ? transpose(g) : g).flat();
  return cells.filter((v) => !((k & 1 && v === null) || (k & 2 && isErrorValue(v))));
}

/** WRAPROWS and WRAPCOLS: a row or column wrapped after `count` values (the last line padded, #N/A by default). */
function wrap(byRows: boolean) {
  return ([a, count, pad]: Arg[]): CellValue | Grid => {
    const g = gridOf(a);
    if (g.length > 1 && g[0].length > 1) return err("#VALUE!");
    const n = num(count);
    if (n === undefined || typeof n === "object") return n ?? err("#VALUE!");
    if (n < 1) return err("#NUM!");
    const cells = g.flat(), fill = pad === undefined ? NA : gridOf(pad)[0][0];
    const out: Grid = [];
    for (let i = 0; i < cells.length; i += n) out.push(Array.from({ length: n }, (_, j) => (i + j < cells.length ? cells[i + j] : fill)));
    return byRows ? out : transpose(out);
  };
}

const oneLine = (asColumn: boolean) => (args: Arg[]) => {
  const cells = line(args);
  if (!Array.isArray(cells)) return cells;
  if (!cells.length) return CALC;
  return asColumn ? cells.map((v) => [v]) : [cells];
};

export const DYNAMIC: PureFamily = {
  CHOOSEROWS: fn(([a, ...picks]) => chooseRows(gridOf(a), picks), 2, 255),
  CHOOSECOLS: fn(([a, ...picks]) => {
    const out = chooseRows(transpose(gridOf(a)), picks);
    return isGrid(out) ? transpose(out) : out;
  }, 2, 255),
  TAKE: fn(cut(true), 2, 3),
  DROP: fn(cut(false), 2, 3),
  EXPAND: fn(expand, 2, 4),
  VSTACK: fn(vstack, 1, 254),
  HSTACK: fn((args) => transpose(vstack(args.map((a) => transpose(gridOf(a))))), 1, 254),
  TOCOL: fn(oneLine(true), 1, 3),
  TOROW: fn(oneLine(false), 1, 3),
  WRAPROWS: fn(wrap(true), 2, 3),
  WRAPCOLS: fn(wrap(false), 2, 3),
};
