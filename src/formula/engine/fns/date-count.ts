/**
 * Counting days between dates as Excel's day-count bases do (basis 0: US 30/360, 1: actual/actual,
 * 2: actual/360, 3: actual/365, 4: European 30/360): DAYS360, YEARFRAC and DATEDIF.
 */
import type { CellValue } from "../../types";
import { toBool } from "../coerce";
import { err } from "../kinds";
import { NUM, day, numeric, type Num } from "./fin-args";
import { daysInMonth, isLeap, serialOf, ymd, type Ymd } from "./date-serial";
import type { Arg, PureFamily } from "./types";

const isLastOfFeb = ([y, m, d]: Ymd) => m === 2 && d === daysInMonth(y, 2);

const days360 = (a: Ymd, b: Ymd, d1: number, d2: number) => (b[0] - a[0]) * 360 + (b[1] - a[1]) * 30 + d2 - d1;

/** DAYS360's US method: a start on a month's last day is the 30th; an end on the 31st is the 30th when the start is. */
export function days360Us(s: number, e: number): number {
  const a = ymd(s), b = ymd(e);
  const d1 = a[2] === 31 || isLastOfFeb(a) ? 30 : a[2];
  const d2 = b[2] === 31 && d1 >= 30 ? 30 : b[2];
  return days360(a, b, d1, d2);
}

/** The European method: the 31st is the 30th. */
export function days360Eu(s: number, e: number): number {
  const a = ymd(s), b = ymd(e);
  return days360(a, b, Math.min(a[2], 30), Math.min(b[2], 30));
}

/** YEARFRAC's basis 0 (NASD 30/360, with its February rules). */
function yearfrac0(s: number, e: number): number {
  const a = ymd(s), b = ymd(e);
  let [d1, d2] = [a[2], b[2]];
  if (d1 === 31 && d2 === 31) [d1, d2] = [30, 30];
  else if (d1 === 31) d1 = 30;
  else if (d1 === 30 && d2 === 31) d2 = 30;
  else if (isLastOfFeb(a) && isLastOfFeb(b)) [d1, d2] = [30, 30];
  else if (isLastOfFeb(a)) d1 = 30;
  return days360(a, b, d1, d2) / 360;
}

const realLeap = (y: number) => y !== 1900 && isLeap(y);

/** Does a February 29 fall between two dates (inclusive)? */
function feb29Between(s: number, e: number): boolean {
  const [y1] = ymd(s), [y2] = ymd(e);
  for (let y = y1; y <= y2; y++) {
    if (!isLeap(y)) continue;
    const f = serialOf(y, 2, 29);
    if (s <= f && f <= e) return true;
  }
  return false;
}

/** YEARFRAC's basis 1: the days over the length of the year (or the average length of the years spanned). */
function yearfrac1(s: number, e: number): number {
  const a = ymd(s), b = ymd(e);
  const withinYear = a[0] === b[0] || (b[0] === a[0] + 1 && (a[1] > b[1] || (a[1] === b[1] && a[2] >= b[2])));
  if (withinYear) {
    const leap = a[0] === b[0] ? isLeap(a[0]) : feb29Between(s, e);
    return (e - s) / (leap ? 366 : 365);
  }
  // the average length of the years spanned, counted on the real calendar (1900 has 365 days here)
  let days = 0;
  for (let y = a[0]; y <= b[0]; y++) days += realLeap(y) ? 366 : 365;
  return (e - s) / (days / (b[0] - a[0] + 1));
}

export function yearfrac(s: number, e: number, basis: number): number {
  if (s > e) [s, e] = [e, s];
  if (s === e) return 0;
  switch (basis) {
    case 0: return yearfrac0(s, e);
    case 1: return yearfrac1(s, e);
    case 2: return (e - s) / 360;
    case 3: return (e - s) / 365;
    default: return days360Eu(s, e) / 360;
  }
}

/** DATEDIF's units; a start after the end is #NUM!. */
function datedif(s: number, e: number, unit: string): Num {
  if (s > e) return NUM();
  const a = ymd(s), b = ymd(e);
  const early = b[2] < a[2];
  const months = (b[0] - a[0]) * 12 + b[1] - a[1] - (early ? 1 : 0);
  switch (unit.toUpperCase()) {
    case "Y": return Math.floor(months / 12);
    case "M": return months;
    case "D": return e - s;
    case "YM": return months % 12;
    case "MD": return early ? e - serialOf(b[0], b[1] - 1, a[2]) : b[2] - a[2];
    case "YD": {
      // the end's month and day in the start's year (or the year after), less the start
      const same = serialOf(a[0], b[1], b[2]);
      return (same < s ? serialOf(a[0] + 1, b[1], b[2]) : same) - s;
    }
    default: return NUM();
  }
}

function datedifCall(args: Arg[]): Num {
  const [s, e] = [day(args[0]), day(args[1])];
  if (typeof s !== "number") return s;
  if (typeof e !== "number") return e;
  const unit = args[2];
  return typeof unit === "string" ? datedif(s, e, unit) : err("#NUM!");
}

/** DAYS360(start, end, [method]): the method is a truth value (TRUE, or "TRUE" as text: European). */
function days360Call(args: Arg[]): Num {
  const [s, e] = [day(args[0]), day(args[1])];
  if (typeof s !== "number") return s;
  if (typeof e !== "number") return e;
  const eu = args[2] === undefined ? false : toBool(args[2] as CellValue);
  if (typeof eu !== "boolean") return eu;
  return eu ? days360Eu(s, e) : days360Us(s, e);
}

export const DAY_COUNTS: PureFamily = {
  DAYS360: { min: 2, max: 3, fn: days360Call },
  YEARFRAC: numeric(2, "DDI", ([s, e, basis]) => (basis < 0 || basis > 4 ? NUM() : yearfrac(s, e, basis))),
  DATEDIF: { min: 3, max: 3, fn: datedifCall },
};
