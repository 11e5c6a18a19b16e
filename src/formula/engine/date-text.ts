/**
 * Date and time text read as Excel reads it where every English locale agrees: ISO `2024-01-10`,
 * `d/m/yyyy` with the day equal to the month (so day-first and month-first read alike), `10-Jan-2024`
 * or `10 January 2024`, each optionally followed by a time, and a time alone (`6:00`, `1:30:15 PM`).
 * A time is hours, minutes and seconds over 86,400, added to the day's serial as Excel adds them.
 * Other date-like text (`13/01/1900` is 13 January or nothing, by the computer's locale) is not read.
 */
import { daysInMonth, serialOf } from "./fns/date-serial";

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const MONTH_NAMES = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
const MONTH_WORD = new RegExp(`\\b(${[...MONTHS, ...MONTH_NAMES].join("|")})\\b`, "i");

/** Month 1-12 of an English name or its three-letter abbreviation, else 0. */
function monthOf(name: string): number {
  const n = name.toLowerCase();
  const i = n.length === 3 ? MONTHS.indexOf(n) : MONTH_NAMES.indexOf(n);
  return i + 1;
}

/** The serial of a calendar date of years 1900-9999 (1900-02-29 is Excel's 60), or undefined when there is no such day. */
function daySerial(y: number, m: number, d: number): number | undefined {
  if (y < 1900 || y > 9999 || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return undefined;
  return serialOf(y, m, d);
}

function datePart(s: string): number | undefined {
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  if (m) return daySerial(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  if (m) return Number(m[1]) === Number(m[2]) ? daySerial(Number(m[3]), Number(m[2]), Number(m[1])) : undefined;
  m = /^(\d{1,2})[- ]([A-Za-z]+)[- ](\d{4})$/.exec(s);
  if (m && monthOf(m[2])) return daySerial(Number(m[3]), monthOf(m[2]), Number(m[1]));
  return undefined;
}

/** The fraction of a day a time of day gives (24:00 is 1), or undefined. */
function timePart(s: string): number | undefined {
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?(?: ?([AaPp][Mm]))?$/.exec(s);
  if (!m) return undefined;
  let h = Number(m[1]);
  const min = Number(m[2]), sec = Number(m[3] ?? 0);
  if (min > 59 || sec > 59) return undefined;
  if (m[4]) {
    if (h < 1 || h > 12) return undefined;
    h = (h % 12) + (/p/i.test(m[4]) ? 12 : 0);
  } else if (h > 24 || (h === 24 && (min > 0 || sec > 0))) return undefined;
  return (h * 3600 + min * 60 + sec) / 86400;
}

export interface DateText {
  /** The serial: the day's, plus the time's fraction. */
  serial: number;
  hasDate: boolean;
  hasTime: boolean;
}

/** The date and time `s` writes in one of the forms above, or undefined. */
export function readDateText(s: string): DateText | undefined {
  const date = datePart(s);
  if (date !== undefined) return { serial: date, hasDate: true, hasTime: false };
  const time = timePart(s);
  if (time !== undefined) return { serial: time, hasDate: false, hasTime: true };
  const sp = s.indexOf(" ", s.search(/\d{4}/));
  if (sp < 0) return undefined;
  const d = datePart(s.slice(0, sp)), t = timePart(s.slice(sp + 1));
  return d === undefined || t === undefined ? undefined : { serial: d + t, hasDate: true, hasTime: true };
}

/** Text that may be a date, a time or an amount of money in some locale: not read here, but not plainly #VALUE! either. */
export const looksLikeDate = (s: string): boolean =>
  /[$€£¥]/.test(s) || /\d[/:-]\d|[/:-]\d/.test(s) || (/\d/.test(s) && MONTH_WORD.test(s));

