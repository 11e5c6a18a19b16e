/** Date helpers for the fake API (all UTC, ISO YYYY-MM-DD strings). */

/** The sample data's "today": every date in the sandbox is on or before this day. */
export const AS_OF = "2026-11-01";

export function d(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}
export function iso(date: Date): string {
  return date.toISOString().slice(0, 10);
}
export function addDays(isoDate: string, days: number): string {
  const t = d(isoDate);
  t.setUTCDate(t.getUTCDate() + days);
  return iso(t);
}
export function daysBetween(a: string, b: string): number {
  return Math.round((d(b).getTime() - d(a).getTime()) / 86_400_000);
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
  const w = d(isoDate).getUTCDay();
  return w !== 0 && w !== 6;
}
