/**
 * Counting functions (FACT, FACTDOUBLE, COMBIN, COMBINA, PERMUT, PERMUTATIONA, MULTINOMIAL, GCD,
 * LCM) and SERIESSUM: arguments truncated to integers, a negative one #NUM!, as Excel defines them.
 */
import type { CellValue, ErrorValue } from "../../types";
import { err, isErrorValue } from "../kinds";
import { binary, finite, TOOLPAK, tpNum, unary } from "./math-args";
import type { Arg, PureFamily } from "./types";

function fact(n: number): number {
  let p = 1;
  for (let i = 2; i <= n; i++) p *= i;
  return p;
}

/** n·(n-1)···(n-k+1) */
function falling(n: number, k: number): number {
  let p = 1;
  for (let i = 0; i < k; i++) p *= n - i;
  return p;
}

function combin(n: number, k: number): CellValue {
  if (n < 0 || k < 0 || n < k) return err("#NUM!");
  const m = Math.min(k, n - k);
  let c = 1;
  for (let i = 1; i <= m; i++) c = (c * (n - m + i)) / i;
  return finite(Math.round(c));
}

/**
 * The numbers of GCD, LCM and MULTINOMIAL: values of ranges and arrays too (an empty cell in a range
 * of several cells is 0), an empty cell given alone skipped (none at all is #VALUE!); TRUE/FALSE and text #VALUE!
 * before any negative number's #NUM!; truncated.
 */
function counts(args: Arg[]): number[] | ErrorValue {
  const read: number[] = [];
  const one = (x: Arg) => Array.isArray(x) && x.length === 1 && x[0].length === 1; // a cell given alone arrives as a 1×1 grid
  for (const a of args.flatMap((x) => (Array.isArray(x) ? (one(x) ? x[0] : x.flat().map((v) => v ?? 0)) : [x]))) {
    if (a === null) continue;
    const v = tpNum(a);
    if (isErrorValue(v)) return v;
    read.push(v);
  }
  if (!read.length) return err("#VALUE!");
  return read.some((v) => v < 0 || v >= 2 ** 53) ? err("#NUM!") : read.map(Math.trunc);
}

const gcd2 = (a: number, b: number): number => (b === 0 ? a : gcd2(b, a % b));

function many(f: (xs: number[]) => CellValue) {
  return { ...TOOLPAK, min: 1, max: 255, ranges: "all" as const, fn: (args: Arg[]) => {
    const xs = counts(args);
    return isErrorValue(xs) ? xs : f(xs);
  } };
}

function seriesSum([x, n, m, coefficients]: Arg[]): CellValue {
  const vals = [tpNum(x), tpNum(n), tpNum(m)];
  for (const v of vals) if (isErrorValue(v)) return v;
  const [a, b, c] = vals as number[];
  const cs = Array.isArray(coefficients) ? coefficients.flat() : [coefficients];
  let sum = 0;
  for (let i = 0; i < cs.length; i++) {
    const k = tpNum(cs[i]);
    if (isErrorValue(k)) return k;
    const p = b + i * c;
    if (a === 0 && p <= 0) return err("#NUM!");
    sum += k * a ** p;
  }
  return finite(sum);
}

const whole2 = (f: (n: number, k: number) => CellValue) => binary((n, k) => f(Math.trunc(n), Math.trunc(k)));

export const COMBINATORICS: PureFamily = {
  FACT: unary((x) => (x < 0 ? err("#NUM!") : finite(fact(Math.trunc(x))))),
  FACTDOUBLE: { ...TOOLPAK, min: 1, max: 1, fn: ([a]) => {
    const x = tpNum(a);
    if (typeof x !== "number") return x;
    if (x < -1) return err("#NUM!");
    const n = Math.trunc(x);
    let p = 1;
    for (let i = n; i > 1; i -= 2) p *= i;
    return finite(p);
  } },
  COMBIN: whole2(combin),
  COMBINA: whole2((n, k) => (n < 0 || k < 0 ? err("#NUM!") : n === 0 && k === 0 ? 1 : combin(n + k - 1, k))),
  PERMUT: whole2((n, k) => (n < 0 || k < 0 || n < k ? err("#NUM!") : finite(falling(n, k)))),
  PERMUTATIONA: whole2((n, k) => (n < 0 || k < 0 ? err("#NUM!") : finite(n ** k))),
  GCD: many((xs) => xs.reduce(gcd2, 0)),
  LCM: many((xs) => {
    const l = xs.reduce((acc, x) => (acc === 0 || x === 0 ? 0 : (acc / gcd2(acc, x)) * x), 1);
    return l >= 2 ** 53 ? err("#NUM!") : l;
  }),
  MULTINOMIAL: many((xs) => {
    let r = 1, total = 0;
    for (const x of xs) {
      total += x;
      r *= combin(total, x) as number;
    }
    return finite(r);
  }),
  SERIESSUM: { ...TOOLPAK, min: 4, max: 4, ranges: [3], fn: seriesSum },
};
