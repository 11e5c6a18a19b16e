/**
 * The change list in words, the same in the pane, the CLI's table, the file's sheet and JSON: the
 * cell, what the value is (ticker, metric or field, period), old -> new as the cell shows them, the
 * relative change, the kind and why, the filing once; JSON keeps the raw values besides.
 */
import type { CellValue } from "../../formula";
import { changeAddress } from "./record";
import { filingText } from "./svc-cell";
import type { Change, Filing } from "./types";
import { isError } from "./values";

export const CHANGE_HEADER = ["cell", "what", "old", "new", "change", "kind", "why", "filing", "filing link", "moved by"] as const;

/** A value for JSON: errors as their code, numbers as numbers. */
const plain = (v: CellValue): string | number | boolean | null => (isError(v) ? v.error : v);

const ROWS_NAMED = 3;

/** "+55.4%", "-1.3%", "from 0", or "" when old and new are not both numbers. */
export function relativeText(c: Change): string {
  if (typeof c.old !== "number" || typeof c.new !== "number" || c.relative === null) return "";
  if (!Number.isFinite(c.relative)) return "from 0";
  const pct = c.relative * 100;
  const digits = pct !== 0 && pct < 0.1 ? 2 : 1;
  return `${c.new >= c.old ? "+" : "-"}${pct.toFixed(digits)}%`;
}

/** Why, in words: the detail, and for a list that grew the rows that appeared. */
export function whyText(c: Change): string {
  const added = c.added ?? [];
  if (added.length === 0) return c.detail;
  const more = added.length > ROWS_NAMED ? ` (and ${added.length - ROWS_NAMED} more)` : "";
  return `${c.detail}: ${added.slice(0, ROWS_NAMED).join(" | ")}${more}`;
}

/** "10-K/A 0000789019-26-000012", said once per change. */
export const filingOf = (c: Change) => filingText(c.filing);

/** One row per change, under CHANGE_HEADER (values as the cells show them). */
export function changeRows(changes: readonly Change[]): (string | number | boolean | null)[][] {
  return changes.map((c) => [changeAddress(c), c.what, c.oldText, c.newText, relativeText(c), c.kind, whyText(c), filingOf(c), c.filing?.url ?? "", c.movedBy.join(", ")]);
}

/** A change in words after its cell: "NVDA revenue FY2026  130,497 -> 202,753 (+55.4%)  new period: FY2026 (was FY2025)  10-K 0001045810-26-000010". */
export function changeWords(c: Change, arrow = "->", link = true): string {
  const rel = relativeText(c);
  const filing = filingOf(c);
  const parts = [c.what, `${c.oldText} ${arrow} ${c.newText}${rel ? ` (${rel})` : ""}`, `${c.kind}: ${whyText(c)}`, filing ? `${filing}${link && c.filing?.url ? ` ${c.filing.url}` : ""}` : ""];
  return parts.filter((p) => p !== "").join("  ");
}

/** One line per change: "Model!E2  NVDA revenue FY2026  130,497 -> 202,753 (+55.4%)  new period: …  10-K 0001045810-26-000010 https://…". */
export const changeLine = (c: Change, arrow = "->"): string => `${changeAddress(c)}  ${changeWords(c, arrow)}`;

const two = (n: number) => String(n).padStart(2, "0");

/**
 * "SVC changes 2026-11-26 06.30" (local time of the run). Excel forbids ":" in a sheet name, so the
 * time is written with a dot; a name already taken gets " (2)", " (3)"...
 */
export function changeSheetName(at: Date, taken: readonly string[] = []): string {
  const base = `SVC changes ${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${two(at.getHours())}.${two(at.getMinutes())}`;
  const used = new Set(taken.map((t) => t.toUpperCase()));
  let name = base;
  for (let i = 2; used.has(name.toUpperCase()); i++) name = `${base} (${i})`;
  return name;
}

export interface ChangeJson {
  sheet: string;
  cell: string;
  what: string;
  old: string | number | boolean | null;
  new: string | number | boolean | null;
  old_text: string;
  new_text: string;
  number_format: string | null;
  relative: number | null;
  kind: string;
  detail: string;
  added_rows: string[];
  filing: Filing | null;
  old_filing: Filing | null;
  moved_by: string[];
}

export function jsonChange(c: Change): ChangeJson {
  const relative = c.relative !== null && Number.isFinite(c.relative) ? c.relative : null;
  return {
    sheet: c.sheet, cell: c.cell, what: c.what, old: plain(c.old), new: plain(c.new), old_text: c.oldText, new_text: c.newText, number_format: c.format, relative, kind: c.kind, detail: c.detail,
    added_rows: c.added ?? [], filing: c.filing, old_filing: c.oldFiling, moved_by: c.movedBy,
  };
}
