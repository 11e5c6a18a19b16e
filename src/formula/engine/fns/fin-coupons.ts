/**
 * Coupon schedules of securities: the coupon dates run back from maturity (or from the first
 * interest date) by 12/frequency months, on the month's last day when the anchor is one, and the
 * day-count bases measure the periods (Excel's ACCRINT, COUPDAYBS, COUPDAYS, COUPDAYSNC, COUPNCD,
 * COUPNUM, COUPPCD). Frequency 1, 2 or 4 and basis 0-4, else #NUM!.
 */
import { NUM, numeric, type Num } from "./fin-args";
import { daysInMonth, serialOf, ymd, type Ymd } from "./date-serial";
import type { PureFamily } from "./types";

const isLastDay = (s: number) => {
  const [y, m, d] = ymd(s);
  return d === daysInMonth(y, m);
};
const isLastOfFeb = ([y, m, d]: Ymd) => m === 2 && d === daysInMonth(y, 2);

/** A date n months away, its day kept within the month (or the month's last day). */
export function changeMonth(s: number, n: number, last: boolean): number {
  const [y, m, d] = ymd(s);
  const dim = daysInMonth(y + Math.floor((m - 1 + n) / 12), ((((m - 1 + n) % 12) + 12) % 12) + 1);
  return serialOf(y, m + n, last ? dim : Math.min(d, dim));
}

/** Steps from `start` by `months` until passing `end`: [the date reached, the one before it]. */
export function findPcdNcd(start: number, end: number, months: number, last: boolean): [number, number] {
  let [front, trailing] = [start, end];
  while (months > 0 ? front < end : front > end) {
    trailing = front;
    front = changeMonth(front, months, last);
  }
  return [front, trailing];
}

const diff360 = (a: Ymd, b: Ymd, d1: number, d2: number) => (b[0] - a[0]) * 360 + (b[1] - a[1]) * 30 + d2 - d1;

/** US 30/360 between two dates; `both` moves the end's last of February too (Excel's variant for period lengths). */
export function us360(s: number, e: number, both: boolean): number {
  const a = ymd(s), b = ymd(e);
  let [sd, ed] = [a[2], b[2]];
  if (isLastOfFeb(b) && (isLastOfFeb(a) || both)) ed = 30;
  if (ed === 31 && (sd >= 30 || both)) ed = 30;
  if (sd === 31) sd = 30;
  if (isLastOfFeb(a)) sd = 30;
  return diff360(a, b, sd, ed);
}

const eu360 = (s: number, e: number) => {
  const a = ymd(s), b = ymd(e);
  return diff360(a, b, Math.min(a[2], 30), Math.min(b[2], 30));
};

/** Days from s to e in a basis; `numerator` counts accrued days, otherwise a period's length. */
export function daysBetween(s: number, e: number, basis: number, numerator = true): number {
  if (basis === 0) return us360(s, e, false);
  if (basis === 4) return eu360(s, e);
  if (basis === 2 && !numerator) return us360(s, e, false);
  return e - s;
}

/** The previous and next coupon dates around settlement (the schedule anchored on maturity). */
export function pcdNcd(settlement: number, maturity: number, frequency: number): [number, number] {
  return findPcdNcd(maturity, settlement, -12 / frequency, isLastDay(maturity));
}

/** The length of the coupon period holding settlement. */
export function couponDays(settlement: number, maturity: number, frequency: number, basis: number): number {
  if (basis === 1) {
    const [pcd, ncd] = pcdNcd(settlement, maturity, frequency);
    return ncd - pcd;
  }
  return (basis === 3 ? 365 : 360) / frequency;
}

/** Coupons payable between settlement and maturity. */
export function couponCount(settlement: number, maturity: number, frequency: number): number {
  const [, ncd] = pcdNcd(settlement, maturity, frequency);
  const [ny, nm] = ymd(ncd), [my, mm] = ymd(maturity);
  return Math.floor((my * 12 + mm - (ny * 12 + nm)) / (12 / frequency)) + 1;
}

export const badTerms = (frequency: number, basis: number) => ![1, 2, 4].includes(frequency) || basis < 0 || basis > 4;

/** A COUP function of (settlement, maturity, frequency, [basis]), its arguments checked as Excel checks them. */
function coupon(f: (s: number, m: number, freq: number, basis: number) => number) {
  return numeric(3, "DDII", ([s, m, freq, basis]): Num => (badTerms(freq, basis) || s >= m ? NUM() : f(s, m, freq, basis)));
}

/** ACCRINT's sum over the coupon periods from issue (or the first interest date) to settlement. */
function accrint([issue, first, settlement, rate, par, frequency, basis, fromIssue]: number[]): Num {
  if (rate <= 0 || par <= 0 || badTerms(frequency, basis) || issue >= settlement) return NUM();
  const months = 12 / frequency, last = isLastDay(first);
  const regular = changeMonth(first, -months, last);
  const pcd = settlement > first && fromIssue ? findPcdNcd(first, settlement, months, last)[1] : regular;
  let acc = daysBetween(Math.max(issue, pcd), settlement, basis) / couponDays(regular, first, frequency, basis);
  for (let front = pcd; front > issue; ) {
    const end = front;
    front = changeMonth(front, -months, last);
    if (issue <= front) {
      acc += fromIssue ? 1 : 0;
      continue;
    }
    const num = basis === 0 ? us360(issue, end, false) : daysBetween(issue, end, basis);
    const den = basis === 0 ? us360(front, end, true) : basis === 3 ? 365 / frequency : daysBetween(front, end, basis, false);
    acc += num / den;
  }
  return ((par * rate) / frequency) * acc;
}

export const COUPONS: PureFamily = {
  COUPPCD: coupon((s, m, f) => pcdNcd(s, m, f)[0]),
  COUPNCD: coupon((s, m, f) => pcdNcd(s, m, f)[1]),
  COUPNUM: coupon((s, m, f) => couponCount(s, m, f)),
  COUPDAYS: coupon(couponDays),
  COUPDAYBS: coupon((s, m, f, b) => daysBetween(pcdNcd(s, m, f)[0], s, b)),
  COUPDAYSNC: coupon((s, m, f, b) => (b === 0 || b === 4 ? couponDays(s, m, f, b) - daysBetween(pcdNcd(s, m, f)[0], s, b) : pcdNcd(s, m, f)[1] - s)),
  ACCRINT: numeric(6, "DDDNNIIn", accrint, [undefined, undefined, undefined, undefined, undefined, undefined, 0, 1]),
};
