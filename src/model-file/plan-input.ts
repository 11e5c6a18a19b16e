/**
 * A model file as the one refresh plan reads it: every formula cell (the plan keeps those that make
 * an SVC call, through a defined name too) and a cell reader over the stored values. The CLI hands
 * both to src/plan, as the pane hands it the workbook's.
 */
import type { CellReader } from "../formula";
import { a1 } from "./parts/a1";
import { Model, siteAddress } from "./model/model";
import { cellSourceOf } from "./model/source";
import { readerOf } from "./model/svc-eval";
import { WorkingCopy } from "./model/working";
import { displayFormula } from "./report";

export interface ModelFormulaCell {
  /** "Model!B3", as the pane names it. */
  address: string;
  /** The stored text as a formula ("=_xldudf_SVC_X(...)"): the plan reads the file form. */
  formula: string;
  sheet: string;
  /** "B3" */
  cell: string;
  /** As the user typed it ("=SVC.X(...)"). */
  shown: string;
}

/** Every formula of the model, sheet by sheet, row by row. */
export function formulasOf(model: Model): ModelFormulaCell[] {
  const out: ModelFormulaCell[] = [];
  for (const sheet of model.sheets) {
    const cells = [...sheet.cells.values()].filter((c) => c.formula?.text).sort((a, b) => a.row - b.row || a.col - b.col);
    for (const c of cells) {
      const text = c.formula?.text ?? "";
      const cell = a1(c.row, c.col);
      out.push({ address: siteAddress(sheet.name, cell), formula: `=${text}`, sheet: sheet.name, cell, shown: displayFormula(text) });
    }
  }
  return out;
}

/** The resolver's port over the stored values (spills as stored, names of the workbook). */
export function modelReader(model: Model): CellReader {
  return readerOf(cellSourceOf(model, new WorkingCopy(model)), model.sheets.map((s) => s.name));
}
