/**
 * Annuities (time value of money): PMT, PV, FV, NPER, RATE, IPMT, PPMT, CUMIPMT, CUMPRINC, ISPMT.
 * They share one relation between rate r, periods n, payment, present and future value:
 * pv·(1+r)^n + pmt·(1+r·type)·((1+r)^n − 1)/r + fv = 0. Excel computes (1+r)^n − 1 without
 * cancellation (as expm1(n·log1p(r))), which its last digits show; type is 1 for any non-zero value.
 */
import { err, unsupported } from "../kinds";
import { DIV0, NUM, numeric, settled, type Num } from "./fin-args";
import type { PureFamily } from "./types";

/** (1+r)^n − 1, without the cancellation of subtracting 1 from a power near 1. */
export function growth(r: number, n: number): number {
  return r > -1 ? Math.expm1(n * Math.log1p(r)) : Math.pow(1 + r, n) - 1;
}

const kind = (type: number) => (type !== 0 ? 1 : 0);

export function payment(r: number, n: number, pv: number, fv: number, type: number): Num {
  if (n === 0) return NUM();
  if (r === 0) return -(pv + fv) / n;
  if (r <= -1) return NUM();
  const e = growth(r, n);
  return (-(pv + (pv + fv) / e) * r) / (1 + r * kind(type));
}

/** FV as Excel computes it: (1+r)^n as exp(n·ln(1+r)), whose last digits Excel's results show. */
export function futureValue(r: number, n: number, pmt: number, pv: number, type: number): Num {
  if (r === 0) return -pv - pmt * n;
  if (r === -1 && n < 0) return DIV0();
  const q = r > -1 ? Math.exp(n * Math.log(1 + r)) : Math.pow(1 + r, n);
  const [a, b] = [-pv * q, ((-pmt * (1 + r * kind(type))) / r) * (q - 1)];
  const fv = a + b;
  if (Number.isNaN(fv)) return NUM();
  // two terms that cancel to within Excel's 15 digits are 0, as Excel's sum shows them
  return !Number.isFinite(fv) ? DIV0() : Math.abs(fv) < 1e-15 * Math.max(Math.abs(a), Math.abs(b)) ? 0 : fv;
}

function presentValue(r: number, n: number, pmt: number, fv: number, type: number): Num {
  if (r === 0) return -fv - pmt * n;
  if (r === -1) return DIV0();
  const e = growth(r, n);
  return -(fv + (pmt * (1 + r * kind(type)) * e) / r) / (e + 1);
}

function periods(r: number, pmt: number, pv: number, fv: number, type: number): Num {
  if (r === 0) return pmt === 0 ? DIV0() : -(pv + fv) / pmt;
  if (r <= -1) return NUM();
  const z = (pmt * (1 + r * kind(type))) / r;
  const ratio = (z - fv) / (z + pv);
  return ratio > 0 ? Math.log(ratio) / Math.log(1 + r) : NUM();
}

/** The interest part of payment `per` (1-based). */
export function interest(r: number, per: number, n: number, pv: number, fv: number, type: number): Num {
  if (per < 1 || per >= n + 1) return NUM();
  const pmt = payment(r, n, pv, fv, type);
  if (typeof pmt !== "number") return pmt;
  if (kind(type) === 1 && per === 1) return 0;
  const before = futureValue(r, kind(type) === 1 ? per - 2 : per - 1, pmt, pv, type);
  if (typeof before !== "number") return before;
  return (kind(type) === 1 ? before - pmt : before) * r;
}

/**
 * The principal part of payment `per`: it grows by 1+r each period from −(pv+fv)·r/((1+r)^n − 1),
 * the first one after the interest starts (Excel's value keeps its digits where pmt − ipmt cancels).
 */
function principal(r: number, per: number, n: number, pv: number, fv: number, type: number): Num {
  const pmt = payment(r, n, pv, fv, type);
  if (typeof pmt !== "number") return pmt;
  if (per < 1 || per >= n + 1) return NUM();
  if (r === 0) return pmt;
  if (kind(type) === 1 && per === 1) return pmt;
  const first = (-(pv + fv) * r) / growth(r, n);
  return first * Math.pow(1 + r, per - 1 - kind(type));
}

/** One Newton step for RATE's equation at r. */
function rateStep(r: number, n: number, pmt: number, pv: number, fv: number, t: number): number {
  const q1 = Math.pow(1 + r, n - 1), q = q1 * (1 + r);
  const f = pv * q + (pmt * (1 + r * t) * (q - 1)) / r + fv;
  const d = pv * n * q1 - (pmt * (q - 1)) / (r * r) + (pmt * (1 + r * t) * q1 * n) / r;
  return r - f / d;
}

/**
 * RATE by Newton's method from the guess (Excel: 0.1) until a step is under 1e-7, then on while the
 * steps shrink (Excel's result is the converged root); a step to −1 or below, or no convergence in
 * 50 steps, is #NUM!.
 */
function rate(n: number, pmt: number, pv: number, fv: number, type: number, guess: number): Num {
  if (guess <= -1) return err("#VALUE!");
  const t = kind(type);
  let r = guess;
  for (let i = 0; i < 50; i++) {
    const next = rateStep(r, n, pmt, pv, fv, t);
    if (!(next > -1)) return NUM();
    if (Math.abs(next - r) < 1e-7) return converged(next, Math.abs(next - r), (x) => rateStep(x, n, pmt, pv, fv, t));
    r = next;
  }
  return NUM();
}

/** Newton's steps on from x while each is smaller than the one before. */
function converged(x: number, last: number, step: (x: number) => number): number {
  for (let i = 0; i < 10; i++) {
    const next = step(x);
    const size = Math.abs(next - x);
    if (!(size < last) || size === 0) return size === 0 ? next : x;
    [x, last] = [next, size];
  }
  return x;
}

/** CUMIPMT and CUMPRINC: the interest (or principal) paid from period `start` to `end`. */
function cumulative(name: string, part: typeof interest) {
  const sum = settled(name, ([r, n, pv, start, end, type]) => {
    const s = Math.ceil(start), e = Math.floor(end);
    if (r <= 0 || n <= 0 || pv <= 0 || s < 1 || e < s || e > n || (type !== 0 && type !== 1)) return NUM();
    let total = 0;
    for (let p = s; p <= e; p++) {
      const v = part(r, p, n, pv, 0, type);
      if (typeof v !== "number") return v;
      total += v;
    }
    return total;
  }, [0, 1, 2]);
  return numeric(6, "NNNNNN", sum);
}

const ispmt = ([r, per, n, pv]: number[]): Num => (n === 0 ? DIV0() : pv * r * (per / n - 1));

const [PMT, FV, PV, NPER] = [
  settled("PMT", ([r, n, pv, fv, type]) => payment(r, n, pv, fv, type), [0, 1, 2, 3]),
  settled("FV", ([r, n, pmt, pv, type]) => futureValue(r, n, pmt, pv, type), [0, 1, 2, 3]),
  settled("PV", ([r, n, pmt, fv, type]) => presentValue(r, n, pmt, fv, type), [0, 1, 2, 3]),
  settled("NPER", ([r, pmt, pv, fv, type]) => periods(r, pmt, pv, fv, type), [0, 1, 2, 3]),
];
const [IPMT, PPMT] = [
  settled("IPMT", ([r, per, n, pv, fv, type]) => interest(r, per, n, pv, fv, type), [0, 2, 3, 4]),
  settled("PPMT", ([r, per, n, pv, fv, type]) => principal(r, per, n, pv, fv, type), [0, 2, 3, 4]),
];
/**
 * Excel's RATE stops its iteration where its own steps fall under 1e-7 and its result can differ from
 * the exact rate in the 14th digit; the engine finds the rate, and gives Excel's answer only where
 * it is an error.
 */
function RATE(x: number[]): Num {
  const [n, pmt, pv, fv, type, guess] = x;
  const r = rate(n, pmt, pv, fv, type, guess);
  if (typeof r === "number") unsupported("RATE: Excel's iteration stops short of the exact rate in the last digits, which the engine does not reproduce");
  return r;
}

export const ANNUITY: PureFamily = {
  PMT: numeric(3, "nnnnn", PMT),
  FV: numeric(3, "nnnnn", FV),
  PV: numeric(3, "nnnnn", PV),
  NPER: numeric(3, "nnnnn", NPER),
  RATE: numeric(3, "nnnnnn", RATE, [undefined, undefined, undefined, 0, 0, 0.1]),
  IPMT: numeric(4, "nnnnnn", IPMT),
  PPMT: numeric(4, "nnnnnn", PPMT),
  CUMIPMT: cumulative("CUMIPMT", interest),
  CUMPRINC: cumulative("CUMPRINC", principal),
  ISPMT: numeric(4, "nnnn", ispmt),
};
