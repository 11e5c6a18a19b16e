/**
 * Excel's calendar of serial numbers (1900 system): serial 1 is 1900-01-01, serial 0 is
 * "1900-01-00", and serial 60 is the phantom 1900-02-29 (Excel keeps Lotus's leap year 1900), so
 * serials 1-59 count from 1899-12-31 and 61 on from 1899-12-30.
 */
const DAY_MS = 86_400_000;
const EPOCH_1899_12_30 = Date.UTC(1899, 11, 30);

export type Ymd = [number, number, number];

/** Year, month (1-12) and day of a whole serial (0 and over). */
export function ymd(serial: number): Ymd {
  if (serial === 0) return [1900, 1, 0];
  if (serial === 60) return [1900, 2, 29];
  const d = new Date(EPOCH_1899_12_30 + (serial < 60 ? serial + 1 : serial) * DAY_MS);
  return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
}

/** Leap years of Excel's calendar: 1900 is one. */
export const isLeap = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 || y === 1900;

export const daysInMonth = (y: number, m: number): number => (m === 2 ? (isLeap(y) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31);

/** Serial of the first day of month m (any integer, counted on from year y) of year y (1900 and over). */
function firstOfMonth(y: number, m: number): number {
  const yy = y + Math.floor((m - 1) / 12), mm = ((((m - 1) % 12) + 12) % 12) + 1;
  if (yy === 1900 && mm <= 2) return mm === 1 ? 1 : 32;
  const t = new Date(0);
  t.setUTCFullYear(yy, mm - 1, 1);
  t.setUTCHours(0, 0, 0, 0);
  return Math.round((t.getTime() - EPOCH_1899_12_30) / DAY_MS);
}

/** Serial of year y, month m, day d as DATE counts them: months and days beyond their range carry over. */
export const serialOf = (y: number, m: number, d: number): number => firstOfMonth(y, m) + d - 1;

/** The last day of a month (m counted on from year y). */
export const endOfMonth = (y: number, m: number): number => firstOfMonth(y, m + 1) - 1;

/** Day of the week, 0 = Sunday (serial 1, 1900-01-01, is a Sunday in Excel's calendar). */
export const weekday0 = (serial: number): number => (serial + 6) % 7;
