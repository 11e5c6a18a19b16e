/**
 * Lookup functions computed by the engine to Excel's definition (see ./types.ts for the calling
 * rules, ./lookup-search.ts for how a value is found): MATCH, XMATCH, LOOKUP, VLOOKUP, HLOOKUP, XLOOKUP.
 */
import type { CellValue } from "../../types";
import { toBool } from "../coerce";
import { err, Grid, isErrorValue, isGrid, unsupported } from "../kinds";
import { approximateFind, binaryFind } from "./lookup-bisect";
import { linearFind, vectorOf, wholeNumber, type MatchMode } from "./lookup-search";
import type { EvaluateOptions } from "../source";
import type { Arg, PureFamily } from "./types";

const NA = err("#N/A");
const asGrid = (v: Arg): Grid => (v === undefined ? [[null]] : isGrid(v) ? v : [[v]]);

function match([key, array, type]: Arg[]): CellValue {
  const items = vectorOf(array);
  const t = wholeNumber(type, 1);
  if (typeof t !== "number") return t;
  if (!items || key === undefined || isGrid(key) || (key === null && t === 0)) return NA;
  const i = t === 0 ? linearFind(items, key, "wildcard") : approximateFind(items, key ?? 0, t < 0);
  return i < 0 ? NA : i + 1;
}

const MODES: Record<number, MatchMode> = { 0: "exact", [-1]: "smaller", 1: "larger", 2: "wildcard" };

/** XMATCH's and XLOOKUP's search: the position found (0-based), -1, or the error of a bad mode. */
function xsearch(items: CellValue[], key: CellValue, matchArg: Arg, searchArg: Arg): number | { error: string } {
  const m = wholeNumber(matchArg, 0), s = wholeNumber(searchArg, 1);
  if (typeof m !== "number") return m;
  if (typeof s !== "number") return s;
  const mode = MODES[m];
  if (m === 3) unsupported("a regular-expression match (match mode 3)");
  if (!mode || ![1, -1, 2, -2].includes(s) || (mode === "wildcard" && Math.abs(s) === 2)) return err("#VALUE!");
  return Math.abs(s) === 2 ? binaryFind(items, key, mode, s < 0) : linearFind(items, key, mode, s === -1);
}

function xmatch([key, array, matchArg, searchArg]: Arg[]): CellValue {
  const items = vectorOf(array);
  if (!items) return err("#VALUE!");
  const i = xsearch(items, key as CellValue, matchArg, searchArg);
  return typeof i !== "number" ? i : i < 0 ? NA : i + 1;
}

function xlookup([key, lookup, ret, notFound, matchArg, searchArg]: Arg[]): CellValue | Grid {
  for (const a of [key, matchArg, searchArg]) if (isErrorValue(a)) return a;
  const look = asGrid(lookup), out = asGrid(ret);
  const across = look.length === 1 && look[0].length > 1;
  const items = vectorOf(lookup);
  if (!items || (across ? out[0].length !== items.length : out.length !== items.length)) return err("#VALUE!");
  const i = xsearch(items, key as CellValue, matchArg, searchArg);
  if (typeof i !== "number") return i;
  if (i < 0) return notFound === undefined || notFound === null ? NA : notFound; // an empty if_not_found (`,,`) is not given
  const slice = across ? out.map((r) => [r[i]]) : [out[i]];
  return slice.length === 1 && slice[0].length === 1 ? slice[0][0] : slice;
}

/** LOOKUP: the vector form (a result vector, or none), or the array form (the first row or column searched, the last one returned). */
function lookup([key, vector, result]: Arg[]): CellValue {
  const g = asGrid(vector);
  const wide = g[0].length > g.length;
  // a lookup vector of several rows and columns is searched as the array form searches it
  const items = result === undefined ? null : vectorOf(vector) ?? null;
  const searched = items ?? (wide ? g[0] : g.map((r) => r[0]));
  const back = result === undefined ? (wide ? g[g.length - 1] : g.map((r) => r[r.length - 1])) : vectorOf(result);
  if (!back || key === undefined || isGrid(key)) return NA;
  const i = approximateFind(searched, key ?? 0);
  if (i < 0) return NA;
  if (i >= back.length) unsupported("LOOKUP with a result vector shorter than the lookup vector (Excel reads past its end)");
  return back[i];
}

/** VLOOKUP (down the first column) and HLOOKUP (along the first row). */
function tableLookup(down: boolean) {
  return ([key, table, index, approx]: Arg[]): CellValue => {
    if (table === undefined || !isGrid(table)) unsupported("a lookup table that is a single value");
    const g = table;
    const n = wholeNumber(index, 1);
    if (typeof n !== "number") return n;
    const exact = approx === undefined ? false : toBool(isGrid(approx) ? approx[0][0] : approx);
    if (isErrorValue(exact)) return exact;
    if (n < 1) return err("#VALUE!");
    if (n > (down ? g[0].length : g.length)) return err("#REF!");
    const items = down ? g.map((r) => r[0]) : g[0];
    const fuzzy = approx === undefined || exact;
    if (key === undefined || isGrid(key) || (key === null && !fuzzy)) return NA;
    const i = fuzzy ? approximateFind(items, key ?? 0) : linearFind(items, key as CellValue, "wildcard");
    if (i < 0) return NA;
    const v = down ? g[i][n - 1] : g[n - 1][i];
    return v;
  };
}

/**
 * In an array formula an array of column (row) numbers gives the lookup's result for each, in the
 * array's shape (`VLOOKUP(x,t,{2,3})` spills two values); where the lookup value is an array too,
 * each of its values takes the first number only, as Excel's stored values show (the result's first
 * cell). Elsewhere Excel intersects a range and takes an array's first number, which the engine
 * cannot tell apart here: UNSUPPORTED.
 */
function byIndex(one: (args: Arg[]) => CellValue) {
  return (args: Arg[], opts: EvaluateOptions): CellValue | Grid => {
    const index = args[2];
    if (index === undefined || !isGrid(index)) return one(args);
    if (index.length === 1 && index[0].length === 1) return one([args[0], args[1], index[0][0], args[3]]);
    if (!opts.array) unsupported("an array of numbers for a lookup's index outside an array formula");
    return index.map((row) => row.map((n) => one([args[0], args[1], n, args[3]])));
  };
}

export const LOOKUP: PureFamily = {
  MATCH: { fn: match, min: 2, max: 3, ranges: [1], arrays: [1] },
  XMATCH: { fn: xmatch, min: 2, max: 4, ranges: [1], arrays: [1] },
  XLOOKUP: { fn: xlookup, min: 3, max: 6, ranges: [1, 2, 3, 4, 5], readsErrors: true },
  LOOKUP: { fn: lookup, min: 2, max: 3, ranges: [1, 2], arrays: [1, 2] },
  VLOOKUP: { fn: byIndex(tableLookup(true)), min: 3, max: 4, ranges: [1, 2] },
  HLOOKUP: { fn: byIndex(tableLookup(false)), min: 3, max: 4, ranges: [1, 2] },
};
