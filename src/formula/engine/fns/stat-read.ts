/**
 * How the statistical functions read their arguments. Numbers follow the aggregates' rule
 * (fn-aggregate.ts: in a range or an array only numbers count; typed, TRUE and number text count);
 * the "A" functions (STDEVA, AVERAGEA, MAXA...) also count TRUE as 1 and FALSE and text as 0 in a
 * range, as Excel documents. One-value parameters are read as numbers as Excel's arithmetic does.
 */
import type { CellValue, ErrorValue } from "../../types";
import { toBool, toNumber } from "../coerce";
import { emptyFold, foldValue } from "../fn-aggregate";
import { err, Grid, isErrorValue, isGrid, unsupported } from "../kinds";
import type { Arg, PureFunction } from "./types";

export type Nums = number[] | ErrorValue;
export const isNums = (v: Nums): v is number[] => Array.isArray(v);

/** Arrays holding several different errors: which one Excel answers is not documented, so the engine does not guess. */
export function oneErrorKind(args: Arg[]): void {
  const codes = new Set(args.flatMap((a) => (a !== undefined && isGrid(a) ? a.flat() : [a])).filter((v) => v !== undefined && isErrorValue(v as CellValue)).map((e) => (e as ErrorValue).error));
  if (codes.size > 1) unsupported("which of several different errors in the arrays Excel answers (undocumented)");
}

/** The numbers of the arguments as SUM and AVERAGE read them, or the first error. */
export function numbersOf(args: Arg[]): Nums {
  const out = emptyFold();
  for (const a of args) {
    if (a === undefined) continue;
    if (isGrid(a)) a.forEach((row) => row.forEach((v) => foldValue(out, v, false)));
    else foldValue(out, a === null ? 0 : a, true); // an empty argument `F(1,)` is 0
  }
  return out.error ?? out.nums;
}

/** One value of a range as the "A" functions read it: TRUE 1, FALSE and text 0, an empty cell skipped. */
function valueA(v: CellValue): number | ErrorValue | null {
  if (v === null) return null;
  if (typeof v === "number") return v;
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "string") return 0;
  return v;
}

/** The numbers of the arguments as STDEVA, VARA, AVERAGEA, MAXA and MINA read them, or the first error. */
export function numbersA(args: Arg[]): Nums {
  const out: number[] = [];
  for (const a of args) {
    if (a === undefined) continue;
    const xs = isGrid(a) ? a.flat().map(valueA) : [toNumber(a)];
    for (const x of xs) {
      if (x === null) continue;
      if (typeof x !== "number") return x;
      out.push(x);
    }
  }
  return out;
}

/** A one-value argument as a number (an omitted one: `dflt`, or #VALUE! when there is none). */
export function numArg(a: Arg, dflt?: number): number | ErrorValue {
  if (a === undefined) return dflt ?? err("#VALUE!");
  if (isGrid(a)) return toNumber(a[0][0]);
  return toNumber(a);
}

/** A TRUE/FALSE parameter (cumulative): numbers, TRUE/FALSE and their text, as 1 or 0. */
function flagArg(a: Arg): number | ErrorValue {
  const b = a === undefined ? true : toBool(isGrid(a) ? a[0][0] : a);
  return isErrorValue(b) ? b : b ? 1 : 0;
}

/**
 * A function of numbers only: each argument read as a number (omitted ones take their default;
 * NaN marks one without a default; the parameter at `flag` is TRUE/FALSE), the first error the
 * result. `f` answers for the numbers.
 */
export function numeric(min: number, max: number, f: (x: number[]) => CellValue, defaults: (number | undefined)[] = [], flag = -1): PureFunction {
  return {
    min,
    max,
    fn: (args) => {
      const xs: number[] = [];
      for (let i = 0; i < args.length; i++) {
        const x = args[i] === undefined ? defaults[i] ?? NaN : i === flag ? flagArg(args[i]) : numArg(args[i]);
        if (isErrorValue(x)) return x;
        xs.push(x);
      }
      for (let i = args.length; i < max; i++) xs.push(defaults[i] ?? NaN);
      const out = f(xs);
      return typeof out === "number" && !Number.isFinite(out) ? err("#NUM!") : out;
    },
  };
}

/** A function of the numbers of all its arguments (AVERAGE's rule, or the "A" rule). */
export function ofNumbers(f: (xs: number[]) => CellValue | Grid, read: (args: Arg[]) => Nums = numbersOf): PureFunction {
  return {
    min: 1,
    max: 255,
    ranges: "all",
    fn: (args) => {
      const xs = read(args);
      if (!isNums(xs)) return xs;
      const out = f(xs);
      return typeof out === "number" && !Number.isFinite(out) ? err("#NUM!") : out;
    },
  };
}

export const NUM = (): ErrorValue => err("#NUM!");
export const DIV0 = (): ErrorValue => err("#DIV/0!");
export const NA = (): ErrorValue => err("#N/A");

export const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);
export const mean = (xs: number[]): number => sum(xs) / xs.length;
/** The sum of squared deviations from the mean (two passes, as the mean is known first). */
export const devsq = (xs: number[]): number => {
  const m = mean(xs);
  return sum(xs.map((x) => (x - m) * (x - m)));
};
