/** Date helpers for the fake API (all UTC, ISO YYYY-MM-DD strings). */

/** The sample data's "today": every date in the sandbox is on or before this day. */
export const AS_OF = "2026-11-01";

/** Milliseconds since the epoch of an ISO date (fast path: no string parsing by Date). */
export function ms(isoDate: string): number {
  return Date.UTC(+isoDate.slice(0, 4), +isoDate.slice(5, 7) - 1, +isoDate.slice(8, 10));
}
export function d(isoDate: string): Date {
  return new Date(ms(isoDate));
}
const p2 = (n: number) => (n < 10 ? `0${n}` : String(n));
export function iso(date: Date | number): string {
  const t = typeof date === "number" ? new Date(date) : date;
  return `${t.getUTCFullYear()}-${p2(t.getUTCMonth() + 1)}-${p2(t.getUTCDate())}`;
}
export function addDays(isoDate: string, days: number): string {
  return iso(ms(isoDate) + days * 86_400_000);
}
export function daysBetween(a: string, b: string): number {
  return Math.round((ms(b) - ms(a)) / 86_400_000);
}
export function lastDayOfMonth(year: number, month: number): string {
  return iso(new Date(Date.UTC(year, month, 0)));
}
/** Last given weekday (0 = Sunday) of a month. */
export function lastWeekdayOfMonth(year: number, month: number, weekday: number): string {
  const t = new Date(Date.UTC(year, month, 0));
  while (t.getUTCDay() !== weekday) t.setUTCDate(t.getUTCDate() - 1);
  return iso(t);
}
/** Month arithmetic on (year, month 1-12). */
export function addMonths(year: number, month: number, n: number): [number, number] {
  const idx = year * 12 + (month - 1) + n;
  return [Math.floor(idx / 12), (idx % 12) + 1];
}
export function isWeekday(isoDate: string): boolean {
  const w = new Date(ms(isoDate)).getUTCDay();
  return w !== 0 && w !== 6;
}
