/**
 * Functions the engine takes from the libraries (fast-formula-parser's table with formulajs's
 * functions, functions.ts), called with Excel's argument rules: a parameter that takes a range or
 * an array gets the whole grid; a parameter that takes one value gets one value — a legacy formula
 * intersects a range with its row or column, an array formula (or an array argument) calls the
 * function once per element and returns an array, as Excel does.
 */
import type { FfpArg } from "fast-formula-parser";
import type { CellValue } from "../types";
import { buildParser } from "./functions";
import type { Ctx } from "./interp";
import { evalNode, operand, readRef } from "./interp";
import type { Node } from "../text/ast";
import { takes, type PureFunction } from "./fns/types";
import { err, Grid, isErrorValue, isGrid, isRef, unsupported, Value } from "./kinds";
import { argsTo1900, resultTo1904 } from "./date1904";
import { fromFfp, toFfp } from "./values";

type Fn = (...args: unknown[]) => unknown;

/** Parameters (0-based) that take a range or an array; "all" for every one. Others take one value. */
const RANGE_PARAMS: Record<string, number[] | "all"> = {};
const all = (names: string) => names.split(" ").forEach((n) => (RANGE_PARAMS[n] = "all"));
const some = (names: string, params: number[]) => names.split(" ").forEach((n) => (RANGE_PARAMS[n] = params));
all("SUM SUMSQ PRODUCT AVERAGE AVERAGEA COUNT COUNTA COUNTBLANK MAX MAXA MIN MINA MEDIAN MODE MODE.SNGL MODE.MULT STDEV STDEV.S STDEV.P STDEVA STDEVP STDEVPA VAR VAR.S VAR.P VARA VARP VARPA DEVSQ AVEDEV GEOMEAN HARMEAN KURT SKEW SKEW.P");
all("CORREL PEARSON RSQ SLOPE INTERCEPT STEYX COVAR COVARIANCE.P COVARIANCE.S SUMX2MY2 SUMX2PY2 SUMXMY2 MMULT TRANSPOSE MDETERM MINVERSE FREQUENCY LINEST LOGEST TREND GROWTH");
all("CONCAT AND OR XOR GCD LCM MULTINOMIAL IMSUM IMPRODUCT");
some("LARGE SMALL PERCENTILE PERCENTILE.INC PERCENTILE.EXC QUARTILE QUARTILE.INC QUARTILE.EXC PERCENTRANK PERCENTRANK.INC PERCENTRANK.EXC TRIMMEAN MIRR IRR Z.TEST ZTEST", [0]);
some("RANK RANK.EQ RANK.AVG", [1]);
some("FORECAST FORECAST.LINEAR", [1, 2]);
some("XNPV", [1, 2]);
some("XIRR", [0, 1]);
some("PROB", [0, 1]);
some("T.TEST TTEST CHISQ.TEST CHITEST F.TEST FTEST", [0, 1]);
some("SERIESSUM", [3]);
some("TEXTJOIN", [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29]);
some("NPV", [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28]);
some("MATCH", [1]);
some("VLOOKUP HLOOKUP", [1]);
some("LOOKUP", [1, 2]);
some("DAVERAGE DCOUNT DCOUNTA DGET DMAX DMIN DPRODUCT DSTDEV DSTDEVP DSUM DVAR DVARP", [0, 2]);
some("NETWORKDAYS NETWORKDAYS.INTL WORKDAY WORKDAY.INTL", [2, 3]);

/** Parameters Excel evaluates as arrays even in a legacy formula (array-type parameters). */
const ARRAY_PARAMS: Record<string, number[] | "all"> = {};
"SUMPRODUCT MMULT MDETERM MINVERSE FREQUENCY LINEST LOGEST TREND GROWTH SUMX2MY2 SUMX2PY2 SUMXMY2 CORREL PEARSON RSQ SLOPE INTERCEPT STEYX COVAR COVARIANCE.P COVARIANCE.S PROB T.TEST TTEST CHISQ.TEST CHITEST F.TEST FTEST"
  .split(" ")
  .forEach((n) => (ARRAY_PARAMS[n] = "all"));
"LARGE SMALL PERCENTILE PERCENTILE.INC PERCENTILE.EXC QUARTILE QUARTILE.INC QUARTILE.EXC PERCENTRANK PERCENTRANK.INC PERCENTRANK.EXC TRIMMEAN IRR MIRR".split(" ").forEach((n) => (ARRAY_PARAMS[n] = [0]));
ARRAY_PARAMS.MATCH = [1];
ARRAY_PARAMS.LOOKUP = [1, 2];
ARRAY_PARAMS.FORECAST = ARRAY_PARAMS["FORECAST.LINEAR"] = [1, 2];

const has = (spec: number[] | "all" | undefined, i: number) => spec === "all" || (spec !== undefined && spec.includes(i));
export const takesRange = (name: string, i: number): boolean => has(RANGE_PARAMS[name], i);
export const arrayParam = (name: string, i: number): boolean => has(ARRAY_PARAMS[name], i);

let table: { functions: Record<string, Fn>; supported: Set<string> } | null = null;
const noRefs = { onCell: () => null, onRange: () => [[null]], onVariable: () => null };
/** Functions that read references or the evaluation's context: never called through the library. */
const CONTEXT = new Set(["ROW", "ROWS", "COLUMN", "COLUMNS", "SUMIF", "INDEX", "AVERAGEIF", "IF", "OFFSET", "INDIRECT", "CHOOSE", "WEBSERVICE", "CELL", "INFO", "ISREF", "AREAS", "TODAY", "NOW"]);

function library(): { functions: Record<string, Fn>; supported: Set<string> } {
  if (!table) {
    const { parser, supported } = buildParser(noRefs, () => ({ now: () => new Date() }));
    for (const n of CONTEXT) supported.delete(n);
    table = { functions: parser.functions as Record<string, Fn>, supported };
  }
  return table;
}

export const libraryHas = (name: string): boolean => library().supported.has(name);

const ffpCell = (v: CellValue) => toFfp(v);
function ffpArg(v: CellValue | Grid | undefined, wasRef: boolean): FfpArg {
  if (v === undefined) return { value: null, omitted: true };
  if (isGrid(v)) return { value: v.map((r) => r.map(ffpCell)), isArray: true, isRangeRef: wasRef };
  return { value: ffpCell(v), isCellRef: wasRef };
}

function fromLibrary(res: unknown): CellValue | Grid {
  if (Array.isArray(res)) return (res as unknown[][]).map((row) => (Array.isArray(row) ? row.map(fromLibrary1) : [fromLibrary1(row)]));
  if (res && typeof res === "object" && "value" in (res as object) && "ref" in (res as object)) return fromLibrary1((res as { value: unknown }).value);
  return fromLibrary1(res);
}
const fromLibrary1 = (v: unknown): CellValue => (v === null || v === undefined ? 0 : fromFfp(v));

/** Functions that look at an error argument instead of returning it. */
const READS_ERRORS = new Set("ISERROR ISERR ISNA ERROR.TYPE TYPE ISBLANK ISTEXT ISNONTEXT ISNUMBER ISLOGICAL ISEVEN ISODD ISFORMULA N T NA".split(" "));

/** Excel's day 0 of the 1900 system is "1900-01-00" (the libraries read 1899-12-31): its year, month and day. */
const DAY_ZERO: Record<string, number> = { YEAR: 1900, MONTH: 1, DAY: 0 };

function callOnce(name: string, args: (CellValue | Grid | undefined)[], refs: boolean[]): CellValue | Grid {
  const a0 = args[0];
  if (name in DAY_ZERO && (a0 === null || (typeof a0 === "number" && a0 >= 0 && a0 < 1))) return DAY_ZERO[name];
  const fn = library().functions[name];
  if (!fn) unsupported(`${name} is not implemented`);
  // an error given for a one-value parameter is the result, as in Excel (the libraries often answer #VALUE! or #N/A instead)
  const bad = READS_ERRORS.has(name) ? undefined : args.find((a, i) => !takesRange(name, i) && a !== undefined && !isGrid(a) && isErrorValue(a));
  if (bad) return bad as CellValue;
  try {
    return fromLibrary(fn(...args.map((a, i) => ffpArg(a, refs[i]))));
  } catch (e) {
    if (e && typeof e === "object" && "error" in e) return err(String((e as { error: string }).error));
    return err("#VALUE!");
  }
}

/** How one function takes its arguments and computes one call: the library's functions and the engine's own pure ones alike. */
interface Callee {
  takesRange(i: number): boolean;
  arrayParam(i: number): boolean;
  once(args: Args, refs: boolean[]): CellValue | Grid;
}

const libraryCallee = (name: string): Callee => ({
  takesRange: (i) => takesRange(name, i),
  arrayParam: (i) => arrayParam(name, i),
  once: (args, refs) => callOnce(name, args, refs),
});

/** Call a library function with evaluated arguments (undefined: an omitted argument), lifting over arrays where Excel does. */
export function callLibrary(name: string, values: (Value | undefined)[], ctx: Ctx, arr: boolean): CellValue | Grid {
  return callDated(name, libraryCallee(name), values, ctx, arr);
}

function pureCallee(f: PureFunction, ctx: Ctx): Callee {
  return {
    takesRange: (i) => takes(f.ranges, i),
    arrayParam: (i) => takes(f.arrays, i),
    once: (args) => {
      if (args.length < f.min || args.length > f.max) return err("#VALUE!");
      const bad = f.readsErrors ? undefined : args.find((a, i) => !takes(f.ranges, i) && a !== undefined && !isGrid(a) && isErrorValue(a));
      if (bad) return bad as CellValue;
      return f.fn(args, ctx.opts);
    },
  };
}

/** Evaluate the arguments of the engine's own pure function `name` and call it with Excel's argument rules. */
export function callPure(name: string, f: PureFunction, args: (Node | null)[], ctx: Ctx, arr: boolean): CellValue | Grid {
  const values = args.map((a, i): Value | undefined => (a ? evalNode(a, ctx, arr || takes(f.arrays, i)) : null));
  return callDated(name, pureCallee(f, ctx), values, ctx, arr);
}

type Args = (CellValue | Grid | undefined)[];

function callDated(name: string, callee: Callee, values: (Value | undefined)[], ctx: Ctx, arr: boolean): CellValue | Grid {
  if (!ctx.opts.date1904) return callLifted(callee, values, ctx, arr);
  return resultTo1904(name, callLifted(callee, values, ctx, arr, (args) => argsTo1900(name, args)));
}

function callLifted(callee: Callee, values: (Value | undefined)[], ctx: Ctx, arr: boolean, moveDates: (args: Args) => Args = (a) => a): CellValue | Grid {
  const refs = values.map((v) => v !== undefined && isRef(v));
  const read = values.map((v, i): CellValue | Grid | undefined => {
    if (v === undefined) return undefined;
    if (callee.takesRange(i)) return isRef(v) ? readRef(v, ctx) : v;
    return operand(v, ctx, arr || callee.arrayParam(i));
  });
  const args = moveDates(read);
  const lifted = args.map((a, i) => !callee.takesRange(i) && a !== undefined && isGrid(a) && (a.length > 1 || a[0].length > 1));
  if (!lifted.some(Boolean)) return callee.once(args.map((a, i) => (a !== undefined && !callee.takesRange(i) && isGrid(a) ? a[0][0] : a)), refs);
  const rows = Math.max(...args.map((a, i) => (lifted[i] ? (a as Grid).length : 1)));
  const cols = Math.max(...args.map((a, i) => (lifted[i] ? (a as Grid)[0].length : 1)));
  const out: Grid = [];
  for (let r = 0; r < rows; r++) {
    const row: CellValue[] = [];
    for (let c = 0; c < cols; c++) {
      const one = args.map((a, i) => (lifted[i] ? pick(a as Grid, r, c) : a));
      const v = callee.once(one, refs.map((x, i) => x && !lifted[i]));
      row.push(isGrid(v) ? v[0][0] : v);
    }
    out.push(row);
  }
  return out;
}

function pick(g: Grid, r: number, c: number): CellValue {
  const rr = g.length === 1 ? 0 : r, cc = g[0].length === 1 ? 0 : c;
  const v = g[rr]?.[cc];
  return v === undefined ? err("#N/A") : v; // an empty cell stays empty
}
