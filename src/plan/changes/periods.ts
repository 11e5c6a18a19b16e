/**
 * Period labels in a result's header row ("FY2025", "FQ3 2025", "2025Q3", "LTM", "CY2024 (...)"): when
 * they differ before and after a refresh the columns moved (a newer fiscal year or quarter appeared),
 * and values under the same label can be compared as the same period.
 */
import type { CellValue } from "../../formula";
import type { Grid } from "./types";

const PERIOD = /^(FY\d{4}|FQ[1-4] \d{4}|\d{4}Q[1-4]|LTM(-\d+)?|TTM|CY\d{4}|CQ[1-4] \d{4})\b/;

export const isPeriodLabel = (v: CellValue | undefined): v is string => typeof v === "string" && PERIOD.test(v.trim());

/** Column index -> period label of the first row, or null when the row holds no period label. */
export function headerPeriods(grid: Grid): Map<number, string> | null {
  const out = new Map<number, string>();
  (grid[0] ?? []).forEach((v, c) => {
    if (isPeriodLabel(v)) out.set(c, v.trim());
  });
  return out.size > 0 ? out : null;
}

/** "FY2023 to FY2025" (or the one label). */
export function spanText(labels: readonly string[]): string {
  if (labels.length === 0) return "(none)";
  return labels.length === 1 ? labels[0] : `${labels[0]} to ${labels[labels.length - 1]}`;
}

/** Row key -> row index for the rows under the header: the row's first cell when it is a text label. */
export function rowLabels(grid: Grid): Map<string, number> {
  const out = new Map<string, number>();
  grid.forEach((row, r) => {
    if (r === 0) return;
    const k = typeof row[0] === "string" && row[0] !== "" ? row[0] : `#${r}`;
    if (!out.has(k)) out.set(k, r);
  });
  return out;
}
