/**
 * Comparing a recomputed value with the one Excel stored, as Excel's own results are compared:
 * numbers to 15 significant digits (Excel keeps 15; the file writes up to 17), text exactly,
 * booleans, error codes by code, an empty cell only with an empty cell.
 */
import { CellValue, isErrorValue } from "../../formula";

/**
 * Two numbers that agree to 15 significant digits: within one unit of the 15th (the same sum taken in
 * another order can differ there). The conformance corpus judges the engine with this same rule.
 */
export function agree15(a: number, b: number): boolean {
  if (a === b) return true;
  if (!Number.isFinite(a) || !Number.isFinite(b)) return false;
  const scale = Math.max(Math.abs(a), Math.abs(b));
  return Math.abs(a - b) <= 10 ** (Math.floor(Math.log10(scale)) - 14);
}

export function sameCellValue(got: CellValue, stored: CellValue): boolean {
  if (isErrorValue(got) || isErrorValue(stored)) return isErrorValue(got) && isErrorValue(stored) && got.error === stored.error;
  if (typeof got === "number" && typeof stored === "number") return agree15(got, stored);
  return got === stored;
}

/** A value as Excel users read it in a message: 11, "Apple", TRUE, #N/A, an empty cell. */
export function shownValue(v: CellValue): string {
  if (v === null) return "an empty cell";
  if (isErrorValue(v)) return v.error;
  if (typeof v === "boolean") return v ? "TRUE" : "FALSE";
  if (typeof v === "number") return String(Number(v.toPrecision(15)));
  return JSON.stringify(v.length > 40 ? v.slice(0, 39) + "…" : v);
}
