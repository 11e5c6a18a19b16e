/**
 * Rounding to digits and to multiples (ROUND, ROUNDUP, ROUNDDOWN, TRUNC, INT, EVEN, ODD, MROUND and
 * the CEILING/FLOOR family). Excel rounds the decimal number it shows: a quotient or a scaled value
 * is first taken to 15 significant digits, so ROUND(1.005,2) is 1.01 and FLOOR(7.9,1E-12) is 7.9.
 */
import type { CellValue } from "../../types";
import { err } from "../kinds";
import { binary, finite, IN_ORDER, num, TOOLPAK, tpNum, unary, whole } from "./math-args";
import type { Arg, PureFamily, PureFunction } from "./types";

/** x to 15 significant digits, the precision Excel keeps. */
export const to15 = (x: number): number => (x === 0 || !Number.isFinite(x) ? x : Number(x.toPrecision(15)));

type Rounder = (y: number) => number;
const halfUp: Rounder = (y) => Math.floor(y + 0.5);

/** |x| rounded at `digits` decimals (negative: left of the point) by `r`, with x's sign. */
function toDigits(x: number, digits: number, r: Rounder): number {
  if (x === 0) return 0;
  const sign = x < 0 ? -1 : 1, a = Math.abs(x);
  if (digits > 308) return x;
  if (digits < -308) return 0;
  if (digits >= 0) {
    const f = 10 ** digits, scaled = a * f;
    if (scaled >= 1e15 || !Number.isFinite(scaled)) return x; // no digit left to round at Excel's precision
    return (sign * r(to15(scaled))) / f;
  }
  const f = 10 ** -digits;
  return sign * r(to15(a / f)) * f;
}

const digitsFn = (r: Rounder, min = 2): PureFunction => ({
  ...IN_ORDER,
  min,
  max: 2,
  fn: ([a, b]) => {
    const x = num(a), d = whole(b);
    if (typeof x !== "number") return x;
    if (typeof d !== "number") return d;
    return finite(toDigits(x, d, r));
  },
});

/** The multiple of `step` next to x (`r` picks which), Excel's quotient taken to 15 digits first. */
const multiple = (x: number, step: number, r: Rounder): number => r(to15(x / step)) * step;

/** FLOOR and CEILING (Excel 2007): a positive number with a negative step is #NUM!; a step of 0 gives 0 (FLOOR: #DIV/0! unless the number is 0). */
function legacy(r: Rounder, zero: (x: number) => CellValue): PureFunction {
  return binary((x, s) => {
    if (s === 0) return zero(x);
    if (x > 0 && s < 0) return err("#NUM!");
    return finite(multiple(x, s, r));
  });
}

/** CEILING.MATH and FLOOR.MATH: the step's sign is ignored (default 1); a non-zero mode rounds a negative number the other way. */
function mathForm(up: boolean): PureFunction {
  return { ...IN_ORDER, min: 1, max: 3, fn: ([a, b, c]: Arg[]) => {
    const x = num(a), s = num(b, 1), m = num(c, 0);
    if (typeof x !== "number") return x;
    if (typeof s !== "number") return s;
    if (typeof m !== "number") return m;
    if (s === 0 || x === 0) return 0;
    const towardUp = x < 0 && m !== 0 ? !up : up;
    return finite(multiple(x, Math.abs(s), towardUp ? Math.ceil : Math.floor));
  } };
}

/** CEILING.PRECISE, ISO.CEILING and FLOOR.PRECISE: the step's sign is ignored (default 1), a step of 0 gives 0. */
const precise = (r: Rounder): PureFunction => binary((x, s) => (s === 0 ? 0 : finite(multiple(x, Math.abs(s), r))), 1, 1);

/** EVEN and ODD: away from zero to the next even (odd) integer. */
function parity(odd: boolean): PureFunction {
  return unary((x) => {
    const sign = x < 0 ? -1 : 1;
    let n = Math.ceil(to15(Math.abs(x)));
    if (odd ? n % 2 === 0 : n % 2 === 1) n++;
    return finite(sign * n);
  });
}

function mround(x: number, m: number): CellValue {
  if (m === 0 || x === 0) return 0;
  if (Math.sign(x) !== Math.sign(m)) return err("#NUM!");
  return finite(multiple(Math.abs(x), Math.abs(m), halfUp) * Math.sign(m));
}

export const ROUNDING: PureFamily = {
  ROUND: digitsFn(halfUp),
  ROUNDUP: digitsFn(Math.ceil),
  ROUNDDOWN: digitsFn(Math.floor),
  TRUNC: digitsFn(Math.floor, 1),
  INT: unary((x) => Math.floor(x)),
  EVEN: parity(false),
  ODD: parity(true),
  MROUND: { ...TOOLPAK, min: 2, max: 2, fn: ([a, b]) => {
    const x = tpNum(a), m = tpNum(b);
    if (typeof x !== "number") return x;
    return typeof m === "number" ? mround(x, m) : m;
  } },
  FLOOR: legacy(Math.floor, (x) => (x === 0 ? 0 : err("#DIV/0!"))),
  CEILING: legacy(Math.ceil, () => 0),
  "FLOOR.MATH": mathForm(false),
  "CEILING.MATH": mathForm(true),
  "FLOOR.PRECISE": precise(Math.floor),
  "CEILING.PRECISE": precise(Math.ceil),
  "ISO.CEILING": precise(Math.ceil),
};
