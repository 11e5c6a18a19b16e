/** The change list as rows (the pane's sheet, the CLI's table and the file's sheet) and as JSON. */
import type { CellValue } from "../../formula";
import { changeAddress } from "./record";
import { filingText } from "./svc-cell";
import type { Change, Filing } from "./types";
import { isError } from "./values";

export const CHANGE_HEADER = ["cell", "old", "new", "kind", "why", "filing", "filing link", "moved by"] as const;

/** A value for a table cell: errors as their code, numbers as numbers. */
const plain = (v: CellValue): string | number | boolean | null => (isError(v) ? v.error : v);

/** One row per change, under CHANGE_HEADER. */
export function changeRows(changes: readonly Change[]): (string | number | boolean | null)[][] {
  return changes.map((c) => [changeAddress(c), plain(c.old), plain(c.new), c.kind, c.detail, filingText(c.filing), c.filing?.url ?? "", c.movedBy.join(", ")]);
}

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
  old: string | number | boolean | null;
  new: string | number | boolean | null;
  kind: string;
  detail: string;
  filing: Filing | null;
  old_filing: Filing | null;
  moved_by: string[];
}

export function jsonChange(c: Change): ChangeJson {
  return { sheet: c.sheet, cell: c.cell, old: plain(c.old), new: plain(c.new), kind: c.kind, detail: c.detail, filing: c.filing, old_filing: c.oldFiling, moved_by: c.movedBy };
}
