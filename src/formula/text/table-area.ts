/**
 * The cells a structured reference denotes, as Excel defines them: no item is the data rows, `#All`
 * the whole table, `#Headers` / `#Totals` the header and totals rows (#REF! when the table has none),
 * `#This Row` (`@`) the data row of the formula's own row (#VALUE! outside the data rows); columns by
 * name, ignoring case, a missing one #REF!. A reference without a table name belongs to the table
 * holding the formula.
 */
import { contains, sameSheet } from "../../recalc";
import type { NodeOf, TableItem } from "./ast";
import type { AreaRef, CellRef, ExcelTable } from "../types";

const upper = (s: string) => s.toUpperCase();

export function findTable(tables: readonly ExcelTable[], name: string | null, at: CellRef): ExcelTable | undefined {
  if (name !== null) return tables.find((t) => upper(t.name) === upper(name));
  return tables.find((t) => sameSheet(t.sheet, at.sheet) && contains(t, at.row, at.col));
}

const columnIndex = (t: ExcelTable, name: string): number => t.columns.findIndex((c) => upper(c) === upper(name));

/** The row span of the items (null: the table has no such row; "#VALUE!": not on a data row). */
function rowsOf(t: ExcelTable, items: TableItem[], at: CellRef): [number, number] | "#REF!" | "#VALUE!" {
  const d0 = t.r0 + t.headerRows, d1 = t.r1 - t.totalsRows;
  if (items.includes("#This Row")) return at.row >= d0 && at.row <= d1 ? [at.row, at.row] : "#VALUE!";
  if (items.includes("#All")) return [t.r0, t.r1];
  const bands: [number, number][] = [];
  if (items.includes("#Headers")) {
    if (!t.headerRows) return "#REF!";
    bands.push([t.r0, t.r0]);
  }
  if (items.includes("#Data") || items.length === 0) bands.push([d0, d1]);
  if (items.includes("#Totals")) {
    if (!t.totalsRows) return "#REF!";
    bands.push([t.r1, t.r1]);
  }
  return [Math.min(...bands.map((b) => b[0])), Math.max(...bands.map((b) => b[1]))];
}

/** The area a structured reference denotes for a formula at `at`, or the error Excel gives. */
export function tableArea(n: NodeOf<"table">, tables: readonly ExcelTable[], at: CellRef): AreaRef | "#REF!" | "#VALUE!" {
  const t = findTable(tables, n.table, at);
  if (!t) return "#REF!";
  const rows = rowsOf(t, n.spec.items, at);
  if (typeof rows === "string") return rows;
  let c0 = t.c0, c1 = t.c1;
  if (n.spec.first !== null) {
    const i = columnIndex(t, n.spec.first), j = columnIndex(t, n.spec.last ?? n.spec.first);
    if (i < 0 || j < 0) return "#REF!";
    c0 = t.c0 + Math.min(i, j);
    c1 = t.c0 + Math.max(i, j);
  }
  return { sheet: t.sheet, r0: rows[0], c0, r1: rows[1], c1 };
}
