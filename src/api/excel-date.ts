/**
 * Excel's 1900 date system, for date arguments that arrive as serial numbers (a date cell passed to
 * a function). Serial 1 = 1900-01-01; serial 60 is Excel's phantom 1900-02-29 (Lotus compatibility),
 * so serials 1-59 are one day later than a plain day count from 1899-12-31, and 61+ count from 1899-12-30.
 */

const DAY_MS = 86_400_000;

/** The 1904 date system (workbookPr date1904) counts from 1904-01-01 as 0, which the 1900 system counts as 1462. */
export const DAYS_1900_TO_1904 = 1462;
const EPOCH_1899_12_30 = Date.UTC(1899, 11, 30);
const EPOCH_1899_12_31 = Date.UTC(1899, 11, 31);

/** ISO date (YYYY-MM-DD) of an Excel serial (the time of day is ignored); null for 60 and out-of-range serials. */
export function serialToIsoDate(serial: number): string | null {
  if (!Number.isFinite(serial) || serial < 1 || serial >= 2958466) return null; // Excel's range ends 9999-12-31
  const day = Math.floor(serial);
  if (day === 60) return null; // 1900-02-29 does not exist
  const ms = day < 60 ? EPOCH_1899_12_31 + day * DAY_MS : EPOCH_1899_12_30 + day * DAY_MS;
  return new Date(ms).toISOString().slice(0, 10);
}

/** True when `iso` (YYYY-MM-DD) names a real calendar day. */
export function isRealDate(iso: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

/** Excel serial of a calendar day (month 1-12): the inverse of serialToIsoDate (days before 1900-03-01 skip the phantom 1900-02-29). */
export function serialOfDay(y: number, m: number, d: number): number {
  const ms = Date.UTC(y, m - 1, d);
  const days = Math.round((ms - EPOCH_1899_12_30) / DAY_MS);
  return days < 61 ? days - 1 : days;
}
