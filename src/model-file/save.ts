/** The package with the working copy's cell writes spliced into their sheet parts (nothing else touched). */
import { editSheet } from "./sheet-edit";
import { WorkingCopy } from "./working";

/** Sheet parts rewritten into the model's package; returns how many cells changed. */
export function spliceWrites(w: WorkingCopy): number {
  let n = 0;
  for (const [sheet, writes] of w.writes()) {
    if (!sheet.xml) continue;
    w.model.pkg.setText(sheet.part, editSheet(sheet.xml, writes));
    n += writes.length;
  }
  return n;
}
