/** The engine's view of the workbook during a refresh: values, names and spills as written so far. */
import { contains } from "../../recalc";
import { CellFormula, CellRef, CellSource, DefinedName } from "../../formula";
import { Model, ModelSheet } from "./model";
import { WorkingCopy } from "./working";

export function cellSourceOf(model: Model, w: WorkingCopy): CellSource {
  return {
    value: (ref) => w.value(ref),
    names: (): readonly DefinedName[] => model.names,
    spill: (anchor) => w.spill(anchor),
    used: (sheet) => w.extent(sheet),
    tables: () => model.tables,
    formula: (ref) => formulaAt(model, w, ref),
    sheetNames: () => model.sheets.map((s) => s.name),
  };
}

/** The formula a cell shows: its own, or the array formula whose box holds it (a legacy array's in every cell; a dynamic array's cells beside the anchor are spilled). */
function formulaAt(model: Model, w: WorkingCopy, ref: CellRef): CellFormula | null {
  const f = w.cell(ref)?.formula;
  if (f?.text) return { text: f.text, kind: f.kind === "array" && !f.dynamic ? "array" : "cell" };
  const sheet: ModelSheet | undefined = model.sheets.find((s) => s.name.toUpperCase() === ref.sheet.toUpperCase());
  for (const c of sheet?.cells.values() ?? []) {
    const b = c.formula?.kind === "array" ? c.formula.ref : null;
    if (c.formula && b && contains(b, ref.row, ref.col)) return { text: c.formula.text, kind: c.formula.dynamic ? "spilled" : "array" };
  }
  return null;
}
