/** Add a sheet of plain values (text as text) to a model after its last sheet, and write the package. */
import { Model } from "./model/model";
import { addWorksheet, SheetCell } from "./parts/new-sheet";

export function addSheet(model: Model, name: string, rows: readonly (readonly SheetCell[])[], widths: readonly number[] = []): Uint8Array {
  if (model.sheets.some((s) => s.name.toUpperCase() === name.toUpperCase())) throw new Error(`a sheet named ${name} exists`);
  addWorksheet(model.pkg, model.workbook.part, name, rows, widths);
  return model.pkg.write();
}
