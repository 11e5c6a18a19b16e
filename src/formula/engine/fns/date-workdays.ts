/**
 * Working days: NETWORKDAYS, NETWORKDAYS.INTL, WORKDAY, WORKDAY.INTL. A weekend is a code (1-7: two
 * days from Saturday-Sunday on; 11-17: one day from Sunday on) or seven 0/1 characters from Monday
 * (all seven 1 is #VALUE!); holidays are dates in a range or an array (empty cells skipped, text
 * #VALUE!). NETWORKDAYS counts both ends and is negative when the end comes first; WORKDAY steps
 * over weekends and holidays in either direction.
 */
import type { CellValue } from "../../types";
import { err, isErrorValue, isGrid } from "../kinds";
import { LAST_SERIAL, NUM, VALUE, day, num } from "./fin-args";
import { weekday0 } from "./date-serial";
import type { Arg, PureFamily } from "./types";

/** Monday-first flags of the weekend days, or the error a bad weekend argument is. */
function weekendOf(a: Arg): boolean[] | CellValue {
  if (a === undefined || a === null) return [false, false, false, false, false, true, true];
  if (typeof a === "string") {
    if (!/^[01]{7}$/.test(a) || a === "1111111") return VALUE();
    return [...a].map((c) => c === "1");
  }
  if (typeof a === "boolean") return VALUE();
  const n = num(a);
  if (typeof n !== "number") return n;
  const code = Math.trunc(n);
  const out = [false, false, false, false, false, false, false];
  if (code >= 1 && code <= 7) [out[(code + 4) % 7], out[(code + 5) % 7]] = [true, true];
  else if (code >= 11 && code <= 17) out[(code + 2) % 7] = true;
  else return NUM();
  return out;
}

function holidaysOf(a: Arg): Set<number> | CellValue {
  const out = new Set<number>();
  for (const v of a === undefined ? [] : isGrid(a) ? a.flat() : [a]) {
    if (v === null) continue;
    if (isErrorValue(v)) return v;
    if (typeof v !== "number") return VALUE();
    const d = day(v);
    if (typeof d !== "number") return d;
    out.add(d);
  }
  return out;
}

type Calendar = { off: (s: number) => boolean };

/** The dates and the calendar of a call, or the first error among them. */
function read(a: Arg, b: Arg, weekend: Arg, holidays: Arg, bIsDate: boolean): [number, number, Calendar] | CellValue {
  const x = day(a);
  if (typeof x !== "number") return x;
  const y = bIsDate ? day(b) : num(b);
  if (typeof y !== "number") return y;
  const w = weekendOf(weekend);
  if (!Array.isArray(w)) return w;
  const h = holidaysOf(holidays);
  if (!(h instanceof Set)) return h;
  return [x, bIsDate ? y : Math.trunc(y), { off: (s) => w[(weekday0(s) + 6) % 7] || h.has(s) }];
}

function networkdays(args: Arg[], intl: boolean): CellValue {
  const r = read(args[0], args[1], intl ? args[2] : undefined, intl ? args[3] : args[2], true);
  if (!Array.isArray(r)) return r;
  const [s, e, cal] = r;
  const [lo, hi] = s <= e ? [s, e] : [e, s];
  let n = 0;
  for (let d = lo; d <= hi; d++) if (!cal.off(d)) n++;
  return s <= e ? n : -n;
}

function workday(args: Arg[], intl: boolean): CellValue {
  const r = read(args[0], args[1], intl ? args[2] : undefined, intl ? args[3] : args[2], false);
  if (!Array.isArray(r)) return r;
  const [start, days, cal] = r;
  const step = days < 0 ? -1 : 1;
  let d = start;
  for (let left = Math.abs(days); left > 0; ) {
    d += step;
    if (d < 0 || d > LAST_SERIAL) return err("#NUM!");
    if (!cal.off(d)) left--;
  }
  return d;
}

export const WORKDAYS: PureFamily = {
  NETWORKDAYS: { min: 2, max: 3, ranges: [2], fn: (a) => networkdays(a, false) },
  "NETWORKDAYS.INTL": { min: 2, max: 4, ranges: [3], fn: (a) => networkdays(a, true) },
  WORKDAY: { min: 2, max: 3, ranges: [2], fn: (a) => workday(a, false) },
  "WORKDAY.INTL": { min: 2, max: 4, ranges: [3], fn: (a) => workday(a, true) },
};
