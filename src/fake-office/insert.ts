/**
 * Whole rows or columns inserted into a sheet, as Excel does it: every reference at or after the
 * insertion on that sheet moves by the count (absolute or relative alike: an insert is not a copy),
 * a range spanning the insertion grows, references elsewhere stay. Pure over formula text.
 */
import { columnName } from "./a1";
import { parseCached, walk } from "../formula";

export interface Insertion {
  sheet: string;
  axis: "rows" | "columns";
  /** Zero-based first row or column inserted. */
  at: number;
  count: number;
}

interface Part {
  row: number | null;
  col: number | null;
  rowAbs: boolean;
  colAbs: boolean;
}

function moved(p: Part, ins: Insertion): Part {
  if (ins.axis === "rows") return p.row !== null && p.row >= ins.at ? { ...p, row: p.row + ins.count } : p;
  return p.col !== null && p.col >= ins.at ? { ...p, col: p.col + ins.count } : p;
}

function printPart(p: Part): string {
  const col = p.col === null ? "" : `${p.colAbs ? "$" : ""}${columnName(p.col)}`;
  const row = p.row === null ? "" : `${p.rowAbs ? "$" : ""}${p.row + 1}`;
  return col + row;
}

/** `text` (without its "=") written on `ownSheet`, its references following the insertion. */
export function insertedFormula(text: string, ownSheet: string, ins: Insertion): string {
  const refs: Array<{ start: number; end: number; text: string }> = [];
  walk(parseCached(text), (n) => {
    if (n.kind !== "ref" || n.prefix?.book) return;
    const sheet = n.prefix?.sheet ?? ownSheet;
    if (sheet.toUpperCase() !== ins.sheet.toUpperCase()) return;
    const written = text.slice(n.span.start, n.span.end);
    const prefix = written.slice(0, written.lastIndexOf("!") + 1);
    const to = n.to ? `:${printPart(moved(n.to, ins))}` : "";
    refs.push({ start: n.span.start, end: n.span.end, text: prefix + printPart(moved(n.from, ins)) + to + (n.spill ? "#" : "") });
  });
  let out = text;
  for (const r of refs.sort((a, b) => b.start - a.start)) out = out.slice(0, r.start) + r.text + out.slice(r.end);
  return out;
}
