/** The package with cell writes spliced into their sheet parts (nothing else touched). */
import { CellWrite } from "../parts/cell-xml";
import { Model, ModelSheet } from "./model";
import { editSheet } from "../parts/sheet-edit";
import { WorkingCopy } from "./working";

/** Sheet parts rewritten with the given writes; returns how many cells were written. */
export function spliceWritesWith(model: Model, writes: ReadonlyMap<ModelSheet, CellWrite[]>): number {
  let n = 0;
  for (const [sheet, list] of writes) {
    if (!sheet.xml || list.length === 0) continue;
    model.pkg.setText(sheet.part, editSheet(sheet.xml, list));
    n += list.length;
  }
  return n;
}

/** The working copy's writes spliced into the model's package. */
export function spliceWrites(w: WorkingCopy): number {
  return spliceWritesWith(w.model, w.writes());
}
