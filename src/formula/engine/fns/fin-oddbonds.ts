/**
 * Bonds with an odd first or last coupon period: ODDFPRICE, ODDLPRICE and ODDLYIELD, to Excel's
 * formulas over the quasi-coupon periods the odd period spans (each measured in the basis, a
 * period's length its normal length). ODDFYIELD needs Excel's iteration and is not offered.
 */
import { NUM, numeric, type Num } from "./fin-args";
import { daysInMonth, ymd } from "./date-serial";
import { badTerms, changeMonth, couponCount, couponDays, daysBetween, pcdNcd, us360 } from "./fin-coupons";
import type { PureFamily } from "./types";

/** Days from s to e in the basis, never negative (basis 0 counts both month ends when `both`). */
const span = (s: number, e: number, basis: number, both = false) => Math.max(basis === 0 && both ? us360(s, e, true) : daysBetween(s, e, basis), 0);

const isLastDay = (s: number) => {
  const [y, m, d] = ymd(s);
  return d === daysInMonth(y, m);
};

/** Whole quasi-coupon periods from settlement up to the anchor date. */
function quasiCoupons(anchor: number, settlement: number, months: number): number {
  const [, am, ad] = ymd(anchor), [ay] = ymd(anchor);
  const endOfMonth = !isLastDay(anchor) && am !== 2 && ad > 28 && ad < daysInMonth(ay, am) ? isLastDay(settlement) : isLastDay(anchor);
  const start = changeMonth(settlement, 0, endOfMonth);
  let count = settlement < start ? 1 : 0;
  for (let front = changeMonth(start, months, endOfMonth); front < anchor; front = changeMonth(front, months, endOfMonth)) count++;
  return count;
}

type Odd = { s: number; m: number; issue: number; first: number; rate: number; yld: number; red: number; freq: number; basis: number };

/** ODDFPRICE when the first period is shorter than a normal one. */
function shortFirst({ s, m, issue, first, rate, yld, red, freq, basis }: Odd, e: number): number {
  const n = couponCount(s, m, freq), dfc = span(issue, first, basis);
  const x = yld / freq + 1, y = span(s, first, basis) / e, c = (100 * rate) / freq;
  let sum = red / Math.pow(x, n - 1 + y) + (c * dfc) / e / Math.pow(x, y);
  for (let k = 2; k <= n; k++) sum += c / Math.pow(x, k - 1 + y);
  return sum - (span(issue, s, basis) / e) * c;
}

/** ODDFPRICE when the first period spans several quasi-coupon periods. */
function longFirst({ s, m, issue, first, rate, yld, red, freq, basis }: Odd, e: number): number {
  const months = 12 / freq, nc = couponCount(issue, first, freq);
  let late = first, dcnl = 0, anl = 0;
  for (let i = nc; i >= 1; i--) {
    const early = changeMonth(late, -months, false);
    const nl = basis === 1 ? span(early, late, basis) : e;
    dcnl += (i > 1 ? nl : span(issue, late, basis)) / nl;
    anl += span(Math.max(issue, early), Math.min(s, late), basis) / nl;
    late = early;
  }
  const dsc = basis === 2 || basis === 3 ? span(s, pcdNcd(s, first, freq)[1], basis) : e - daysBetween(pcdNcd(s, first, freq)[0], s, basis);
  const nq = quasiCoupons(first, s, months), n = couponCount(first, m, freq);
  const x = yld / freq + 1, y = dsc / e, c = (100 * rate) / freq;
  let sum = red / Math.pow(x, y + nq + n) + (c * dcnl) / Math.pow(x, nq + y);
  for (let k = 1; k <= n; k++) sum += c / Math.pow(x, k + nq + y);
  return sum - c * anl;
}

function oddfprice([s, m, issue, first, rate, yld, red, freq, basis]: number[]): Num {
  if (badTerms(freq, basis) || issue >= first || first > m || s >= m || rate < 0 || yld < 0 || red <= 0) return NUM();
  const odd = { s, m, issue, first, rate, yld, red, freq, basis };
  const e = couponDays(s, first, freq, basis);
  return span(issue, first, basis) < e ? shortFirst(odd, e) : longFirst(odd, e);
}

/** ODDLPRICE (price given the yield) and ODDLYIELD (yield given the price) over the odd last period. */
function oddLast(price: boolean) {
  return numeric(7, "DDDNNNII", ([s, m, last, rate, x, red, freq, basis]): Num => {
    if (badTerms(freq, basis) || last >= m || s >= m || rate < 0 || x < 0 || red <= 0 || (!price && x === 0)) return NUM();
    const months = 12 / freq, nc = couponCount(last, m, freq);
    let early = last, dcnl = 0, anl = 0, dscnl = 0;
    for (let i = 1; i <= nc; i++) {
      const late = changeMonth(early, months, false);
      const nl = span(early, late, basis, true);
      const dci = i < nc ? nl : span(early, m, basis, true);
      const a = late < s ? dci : early < s ? span(early, s, basis) : 0;
      dcnl += dci / nl;
      anl += a / nl;
      dscnl += span(Math.max(s, early), Math.min(m, late), basis) / nl;
      early = late;
    }
    const c = (100 * rate) / freq, top = dcnl * c + red;
    if (price) return top / ((dscnl * x) / freq + 1) - anl * c;
    const paid = anl * c + x;
    return ((top - paid) / paid) * (freq / dscnl);
  });
}

export const ODD_BONDS: PureFamily = {
  ODDFPRICE: numeric(8, "DDDDNNNII", oddfprice),
  ODDLPRICE: oddLast(true),
  ODDLYIELD: oddLast(false),
};
