/**
 * Dates from and to their parts: DATE, YEAR, MONTH, DAY, EDATE, EOMONTH, DAYS, TIME, HOUR, MINUTE,
 * SECOND, WEEKDAY, WEEKNUM, ISOWEEKNUM. DATE reads a year 0-1899 as 1900 on and carries months
 * and days beyond their range; a result outside 1900-01-00 to 9999-12-31 is #NUM!. HOUR, MINUTE and
 * SECOND read the time of day to the nearest second, as Excel shows it.
 */
import { LAST_SERIAL, NUM, numeric, type Num } from "./fin-args";
import { endOfMonth, serialOf, weekday0, ymd } from "./date-serial";
import type { PureFamily } from "./types";

const inCalendar = (s: number): Num => (s < 0 || s > LAST_SERIAL ? NUM() : s);

function date([y, m, d]: number[]): Num {
  if (y < 0 || y >= 10000) return NUM();
  // months carried past 9999 are out of the calendar, whatever the day brings back
  if ((y < 1900 ? y + 1900 : y) + Math.floor((m - 1) / 12) > 9999) return NUM();
  return inCalendar(serialOf(y < 1900 ? y + 1900 : y, m, d));
}

/** EDATE and EOMONTH: months away from a date (its day kept, or the month's last day); before 1900 is #NUM!. */
function monthsAway(end: boolean) {
  return ([start, months]: number[]): Num => {
    const [y, m, d] = ymd(start);
    const target = y + Math.floor((m - 1 + months) / 12);
    if (target < 1900 || target > 9999) return NUM();
    const last = endOfMonth(y, m + months);
    return inCalendar(end ? last : Math.min(serialOf(y, m + months, d), last));
  };
}

/** The seconds of the day in a serial, rounded to the nearest second as Excel does. */
const secondsOf = (t: number): number => Math.round((t - Math.floor(t)) * 86400) % 86400;

const time = ([h, m, s]: number[]): Num => {
  const total = h * 3600 + m * 60 + s;
  if (total < 0 || h > 32767 || m > 32767 || s > 32767) return NUM();
  const t = total / 86400;
  return t - Math.floor(t);
};

/** WEEKDAY's return types: the day (0 = Sunday) its numbering starts on, and the number it starts from. */
const WEEKDAY_TYPES: Record<number, [number, number]> = { 1: [0, 1], 2: [1, 1], 3: [1, 0], 11: [1, 1], 12: [2, 1], 13: [3, 1], 14: [4, 1], 15: [5, 1], 16: [6, 1], 17: [0, 1] };

function weekday([s, type]: number[]): Num {
  const t = WEEKDAY_TYPES[type];
  if (!t) return NUM();
  return ((weekday0(s) - t[0] + 7) % 7) + t[1];
}

/** WEEKNUM's return types: the day (0 = Sunday) a week starts on; 21 is the ISO week. */
const WEEK_STARTS: Record<number, number> = { 1: 0, 2: 1, 11: 1, 12: 2, 13: 3, 14: 4, 15: 5, 16: 6, 17: 0 };

function isoWeek(s: number): number {
  // the ISO week of a day is the week of its Thursday, counted from the year's first Thursday
  const thursday = s - ((weekday0(s) + 6) % 7) + 3;
  const jan1 = serialOf(ymd(thursday)[0], 1, 1);
  return Math.floor((thursday - jan1) / 7) + 1;
}

function weeknum([s, type]: number[]): Num {
  if (type === 21) return isoWeek(s);
  const start = WEEK_STARTS[type];
  if (start === undefined) return NUM();
  const jan1 = serialOf(ymd(s)[0], 1, 1);
  return Math.floor((s - jan1 + ((weekday0(jan1) - start + 7) % 7)) / 7) + 1;
}

const part = (i: number) => numeric(1, "d", ([s]) => ymd(s)[i]);

export const DATE_PARTS: PureFamily = {
  DATE: numeric(3, "iii", date),
  YEAR: part(0),
  MONTH: part(1),
  DAY: part(2),
  // the Analysis ToolPak's: a range of several cells for one value is #VALUE!
  EDATE: { ...numeric(2, "DI", monthsAway(false)), refusesRanges: true },
  EOMONTH: { ...numeric(2, "DI", monthsAway(true)), refusesRanges: true },
  DAYS: numeric(2, "nn", ([end, start]) => (end < 0 || start < 0 || end > LAST_SERIAL || start > LAST_SERIAL ? NUM() : Math.trunc(end) - Math.trunc(start))),
  TIME: numeric(3, "iii", time),
  HOUR: numeric(1, "n", ([t]) => (t < 0 ? NUM() : Math.floor(secondsOf(t) / 3600))),
  MINUTE: numeric(1, "n", ([t]) => (t < 0 ? NUM() : Math.floor(secondsOf(t) / 60) % 60)),
  SECOND: numeric(1, "n", ([t]) => (t < 0 ? NUM() : secondsOf(t) % 60)),
  WEEKDAY: numeric(1, "dI", weekday, [undefined, 1]),
  WEEKNUM: { ...numeric(1, "DI", weeknum, [undefined, 1]), refusesRanges: true },
  ISOWEEKNUM: numeric(1, "d", ([s]) => isoWeek(s)),
};

