/**
 * Save .xlsx: the workbook built in the workbench, written by src/model-file/create as Excel lays a
 * file out — sheets with their names, constants, formulas with their values (SVC calls stored as
 * `_xldudf_SVC_...`), spills as dynamic arrays, defined names — so `svc-excel` refreshes it and
 * LibreOffice, openpyxl and Excel open it.
 */
import { createWorkbook, NewCell, NewSheet } from "../model-file/create";
import type { FakeExcel, SavedCell } from "./book";

function cellOf(c: SavedCell): NewCell {
  const out: NewCell = { row: c.r, col: c.c, value: c.value };
  if (c.formula) out.formula = c.formula;
  if (c.spill) out.spill = { r0: c.r, c0: c.c, r1: c.spill.r1, c1: c.spill.c1 };
  if (c.spilled) out.result = true;
  return out;
}

/** The bytes of the workbook as it stands (throws on a formula the writer cannot parse). */
export function workbookBytes(fx: FakeExcel, activeSheet: string, when = new Date()): Uint8Array {
  const sheets: NewSheet[] = fx.snapshot().map((s) => ({ name: s.name, cells: s.cells.map(cellOf) }));
  const names = fx.names.list().map((n) => ({ name: n.name, formula: n.formula.replace(/^=/, ""), sheet: n.sheet }));
  const active = Math.max(0, sheets.findIndex((s) => s.name === activeSheet));
  return createWorkbook({ sheets, names, active, when });
}

/** Offer the bytes as a download named `name`. */
export function download(bytes: Uint8Array, name: string): void {
  const blob = new Blob([new Uint8Array(bytes)], { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}
