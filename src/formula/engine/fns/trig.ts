/**
 * Trigonometric and hyperbolic functions and their inverses: Excel's domains (|x| ≥ 2^27 is #NUM!
 * for the circular functions, 0 is #DIV/0! for COT, CSC, COTH, CSCH) and ATAN2(x, y)'s order.
 * Excel reduces an angle by π held to 64 bits (the x87's extended π, 5E-20 above π), so SIN(PI())
 * is 1.22514845490862E-16, not the 1.2246E-16 of a double's π: reduced here the same way.
 */
import type { CellValue } from "../../types";
import { err } from "../kinds";
import { binary, finite, unary } from "./math-args";
import type { PureFamily } from "./types";

const LIMIT = 2 ** 27;
const HALF_PI = Math.PI / 2, HALF_PI_TAIL = 565 * 2 ** -63; // π/2 to 64 bits = HALF_PI + HALF_PI_TAIL

/** a·b as an exact sum hi + lo (Dekker's product). */
function exactProduct(a: number, b: number): [number, number] {
  const split = (v: number) => {
    const t = 134217729 * v, hi = t - (t - v);
    return [hi, v - hi];
  };
  const p = a * b, [ah, al] = split(a), [bh, bl] = split(b);
  return [p, ah * bh - p + ah * bl + al * bh + al * bl];
}

/** x as k quarter turns (k mod 4) plus r, |r| ≤ π/4, reduced by Excel's π. */
function reduce(x: number): [number, number] {
  const k = Math.round(x / HALF_PI);
  const [hi, lo] = exactProduct(k, HALF_PI);
  const r = x - hi - lo - k * HALF_PI_TAIL;
  return [((k % 4) + 4) % 4, r];
}

function sin(x: number): number {
  const [q, r] = reduce(x);
  return [Math.sin(r), Math.cos(r), -Math.sin(r), -Math.cos(r)][q];
}
function cos(x: number): number {
  const [q, r] = reduce(x);
  return [Math.cos(r), -Math.sin(r), -Math.cos(r), Math.sin(r)][q];
}
const tan = (x: number) => sin(x) / cos(x);

const circular = (f: (x: number) => number) => unary((x) => (Math.abs(x) >= LIMIT ? err("#NUM!") : finite(f(x))));
/** A reciprocal function: 0 is #DIV/0!. */
const reciprocal = (f: (x: number) => number, limited: boolean) =>
  unary((x): CellValue => (limited && Math.abs(x) >= LIMIT ? err("#NUM!") : x === 0 ? err("#DIV/0!") : finite(1 / f(x))));
const within = (f: (x: number) => number, ok: (x: number) => boolean) => unary((x) => (ok(x) ? finite(f(x)) : err("#NUM!")));

export const TRIG: PureFamily = {
  SIN: circular(sin),
  COS: circular(cos),
  TAN: circular(tan),
  COT: reciprocal(tan, true),
  CSC: reciprocal(sin, true),
  SEC: unary((x) => (Math.abs(x) >= LIMIT ? err("#NUM!") : finite(1 / cos(x)))),
  ASIN: within(Math.asin, (x) => Math.abs(x) <= 1),
  ACOS: within(Math.acos, (x) => Math.abs(x) <= 1),
  ATAN: unary(Math.atan),
  ACOT: unary((x) => (x === 0 ? Math.PI / 2 : Math.atan(1 / x) + (x < 0 ? Math.PI : 0))),
  ATAN2: binary((x, y) => (x === 0 && y === 0 ? err("#DIV/0!") : Math.atan2(y, x))),
  SINH: unary((x) => finite(Math.sinh(x))),
  COSH: unary((x) => finite(Math.cosh(x))),
  TANH: unary(Math.tanh),
  COTH: reciprocal(Math.tanh, false),
  CSCH: reciprocal(Math.sinh, false),
  SECH: unary((x) => finite(1 / Math.cosh(x))),
  ASINH: unary(Math.asinh),
  ACOSH: within(Math.acosh, (x) => x >= 1),
  ATANH: within(Math.atanh, (x) => Math.abs(x) < 1),
  ACOTH: within((x) => Math.atanh(1 / x), (x) => Math.abs(x) > 1),
};
