/** Comparing and describing cell values for the change record. */
import type { CellValue } from "../../formula";
import type { Grid, ShowNumber } from "./types";

export function isError(v: unknown): v is { error: string } {
  return v !== null && typeof v === "object" && typeof (v as { error?: unknown }).error === "string";
}

export function sameValue(a: CellValue | undefined, b: CellValue | undefined): boolean {
  const x = a ?? null;
  const y = b ?? null;
  if (isError(x) || isError(y)) return isError(x) && isError(y) && x.error === y.error;
  // an empty cell and an empty text read alike in a sheet
  return x === y || ((x === null || x === "") && (y === null || y === ""));
}

export function sameGrid(a: Grid, b: Grid): boolean {
  if (a.length !== b.length) return false;
  return a.every((row, r) => row.length === b[r].length && row.every((v, c) => sameValue(v, b[r][c])));
}

/** |new - old| / |old| for two numbers (a move from 0 is infinitely large), else null. */
export function relativeChange(old: CellValue, now: CellValue): number | null {
  if (typeof old !== "number" || typeof now !== "number") return null;
  if (old === now) return 0;
  return old === 0 ? Infinity : Math.abs(now - old) / Math.abs(old);
}

/** A value as a short text: numbers as they are, errors as their code, blank as "(blank)". */
export function valueText(v: CellValue | undefined): string {
  if (v === null || v === undefined || v === "") return "(blank)";
  if (isError(v)) return v.error;
  if (typeof v === "boolean") return v ? "TRUE" : "FALSE";
  return String(v);
}

/** One key per row (for multiset comparisons of record rows). */
export const rowKey = (row: readonly CellValue[]): string => JSON.stringify(row.map((v) => (isError(v) ? `#${v.error}` : v ?? null)));

/** A value under a number format, through the host's display (`show`); other values as valueText. */
export function shownAs(v: CellValue | undefined, format: string | null, show: ShowNumber | undefined): string {
  if (typeof v === "number" && format && show) return show(v, format);
  return valueText(v);
}

/** One record row as a line ("2026-11-25 09:00 · NVDA · Nvidia unveils…"): its non-blank cells as they show. */
export const rowText = (row: readonly CellValue[], formats?: readonly (string | null)[] | null, show?: ShowNumber): string =>
  row
    .map((v, i) => (v === null || v === undefined || v === "" ? "" : shownAs(v, formats?.[i] ?? null, show)))
    .filter((t) => t !== "")
    .join(" · ");
