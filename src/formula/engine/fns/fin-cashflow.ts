/**
 * Cash flows over a range: IRR, MIRR, XNPV, XIRR, FVSCHEDULE. In a range or an array IRR and MIRR
 * count numbers only (text, TRUE/FALSE and empty cells are skipped) and an error among the values
 * makes IRR #VALUE!; XNPV and XIRR pair each value with its date, which must be numbers.
 */
import type { CellValue } from "../../types";
import { isErrorValue, isGrid, unsupported } from "../kinds";
import { DIV0, NUM, VALUE, day, finite, num, type Num } from "./fin-args";
import type { Arg, PureFamily } from "./types";

const cells = (a: Arg): CellValue[] => (a === undefined ? [] : isGrid(a) ? a.flat() : [a]);

/** The numbers of a range argument (others skipped), or the error an error among them gives. */
function numbersOf(a: Arg, onError: (e: CellValue) => CellValue): number[] | CellValue {
  const out: number[] = [];
  for (const v of cells(a)) {
    if (isErrorValue(v)) return onError(v);
    if (typeof v === "number") out.push(v);
  }
  return out;
}

/** Newton's method for a root of f (with derivative d) from `guess`: steps until one is under `tolerance`, else #NUM!. */
function newton(f: (r: number) => [number, number], guess: number, steps: number, tolerance: number): Num {
  let r = guess;
  for (let i = 0; i < steps; i++) {
    const [y, dy] = f(r);
    const next = r - y / dy;
    if (!Number.isFinite(next)) return NUM();
    if (Math.abs(next - r) <= tolerance * Math.max(1, Math.abs(r))) return next;
    r = next;
  }
  return NUM();
}

/** NPV · (1+r)^(n−1): a polynomial in 1+r with the same root above −1, on which Newton's method keeps its footing. */
function irrPolynomial(values: number[]): (r: number) => [number, number] {
  const n = values.length - 1;
  return (r) => {
    const y = 1 + r;
    let f = 0, d = 0;
    for (let k = 0; k <= n; k++) {
      f = f * y + values[k];
      if (k < n) d = d * y + (n - k) * values[k];
    }
    return [f, d];
  };
}

/** A root of f between lo and hi by halving, where f changes sign there; else #NUM!. */
function bisect(f: (r: number) => [number, number], lo: number, hi: number): Num {
  let [flo] = f(lo);
  if (flo * f(hi)[0] > 0) return NUM();
  for (let i = 0; i < 200 && hi - lo > 1e-15 * Math.max(1, Math.abs(lo)); i++) {
    const mid = (lo + hi) / 2, [fm] = f(mid);
    if (fm === 0) return mid;
    if (fm * flo < 0) hi = mid;
    else [lo, flo] = [mid, fm];
  }
  return (lo + hi) / 2;
}

const signs = (xs: number[]) => xs.some((x) => x > 0) && xs.some((x) => x < 0);

function irr(args: Arg[]): CellValue {
  const values = numbersOf(args[0], () => VALUE());
  if (!Array.isArray(values)) return values;
  const guess = args[1] === undefined ? 0.1 : num(args[1]);
  if (typeof guess !== "number") return guess;
  if (guess <= -1) return VALUE();
  if (!signs(values)) return NUM();
  const r = newton(irrPolynomial(values), guess, 50, 1e-13);
  if (typeof r === "number" && r > -1) return r;
  return bisect(irrPolynomial(values), -0.99999, 100);
}

/**
 * MIRR: the negative flows discounted at the finance rate, the positive ones compounded at the
 * reinvestment rate; no negative flow is #DIV/0!. A rate of −1 keeps the terms that stay finite.
 */
function mirr(args: Arg[]): CellValue {
  const values = numbersOf(args[0], (e) => e);
  if (!Array.isArray(values)) return values;
  const [fr, rr] = [num(args[1]), num(args[2])];
  if (typeof fr !== "number") return fr;
  if (typeof rr !== "number") return rr;
  const n = values.length;
  const lastNegative = values.map((v) => v < 0).lastIndexOf(true);
  if (lastNegative < 0) return DIV0();
  const positive = values.map((v) => (v >= 0 ? v : 0)), negative = values.map((v) => (v < 0 ? v : 0));
  const npv = (r: number, xs: number[]) => xs.reduce((s, x, i) => s + x / Math.pow(1 + r, i + 1), 0);
  const top = rr === -1 ? positive[n - 1] : -npv(rr, positive) * Math.pow(1 + rr, n);
  const bottom = fr === -1 ? (lastNegative === 0 ? negative[0] : Infinity) : npv(fr, negative) * (1 + fr);
  const out = Math.pow(top / bottom, 1 / (n - 1)) - 1;
  return Number.isNaN(out) ? NUM() : Number.isFinite(out) ? out : DIV0();
}

/** The values and days of XNPV and XIRR, checked as Excel checks them. */
function dated(vs: Arg, ds: Arg, blankValue: number | null, notNumber: () => CellValue): Dated | CellValue {
  const [a, b] = [cells(vs), cells(ds)];
  if (a.length !== b.length) return NUM();
  const values: number[] = [], days: number[] = [];
  for (let i = 0; i < a.length; i++) {
    const v = a[i] === null && blankValue !== null ? blankValue : a[i], d = b[i];
    if (isErrorValue(v)) return v;
    if (isErrorValue(d)) return d;
    if (typeof v !== "number") return v === null ? NUM() : notNumber();
    if (typeof d !== "number") return d === null ? NUM() : VALUE();
    const dd = day(d);
    if (typeof dd !== "number") return dd;
    values.push(v);
    days.push(dd);
  }
  if (values.length === 0) return NUM();
  if (days.some((d) => d < days[0])) return NUM();
  return { values, days };
}

type Dated = { values: number[]; days: number[] };
const isDated = (d: Dated | CellValue): d is Dated => d !== null && typeof d === "object" && "values" in d;

const xnpvAt = (r: number, values: number[], days: number[]) => values.reduce((s, v, i) => s + v / Math.pow(1 + r, (days[i] - days[0]) / 365), 0);

const noBoolNum = (a: Arg): Num => (typeof a === "boolean" ? VALUE() : num(a));

function xnpv(args: Arg[]): CellValue {
  // an Analysis ToolPak function: an array where the rate belongs is #VALUE!, not one call per element
  const a0 = args[0];
  const rate = a0 !== undefined && isGrid(a0) ? (a0.length === 1 && a0[0].length === 1 ? a0[0][0] : VALUE()) : a0;
  const r = noBoolNum(rate);
  if (typeof r !== "number") return r;
  const d = dated(args[1], args[2], null, NUM);
  if (!isDated(d)) return d;
  const { values, days } = d;
  // Excel refuses a rate of 0 or below here (#NUM!), though the sum has a value down to −1
  if (r <= 0) return NUM();
  return finite(xnpvAt(r, values, days));
}

/**
 * XIRR checks its arguments as Excel does (an error among the dates first), but Excel's iteration
 * stops short of the exact rate (its results differ from the root after about 8 digits, and from
 * some guesses it fails where Newton's method converges): the engine does not give a rate it cannot
 * give with Excel's digits.
 */
function xirr(args: Arg[]): CellValue {
  const dateError = cells(args[1]).find(isErrorValue);
  if (dateError) return dateError;
  if (cells(args[0]).some((v) => v === null) || cells(args[1]).some((v) => v === null)) unsupported("XIRR over empty cells");
  const d = dated(args[0], args[1], 0, VALUE);
  if (!isDated(d)) return d;
  const guess = args[2] === undefined ? 0.1 : noBoolNum(args[2]);
  if (typeof guess !== "number") return guess;
  if (guess <= -1) return NUM();
  if (!signs(d.values)) return NUM();
  unsupported("XIRR: Excel's iteration stops short of the exact rate (about 8 digits), which the engine does not reproduce");
}

function fvschedule(args: Arg[]): CellValue {
  const p = num(args[0]);
  if (typeof p !== "number") return p;
  let out = p;
  for (const v of cells(args[1])) {
    if (isErrorValue(v)) return v;
    if (typeof v === "string" || typeof v === "boolean") return VALUE();
    out *= 1 + (v ?? 0);
  }
  return finite(out);
}

export const CASHFLOW: PureFamily = {
  IRR: { min: 1, max: 2, ranges: [0], arrays: [0], fn: irr },
  MIRR: { min: 3, max: 3, ranges: [0], arrays: [0], fn: mirr },
  XNPV: { min: 3, max: 3, ranges: [0, 1, 2], fn: xnpv },
  XIRR: { min: 2, max: 3, ranges: [0, 1], fn: xirr },
  FVSCHEDULE: { min: 2, max: 2, ranges: [1], fn: fvschedule },
};
