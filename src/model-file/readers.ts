/**
 * What other readers make of a refreshed model. LibreOffice (measured with 7.4, `soffice --convert-to`)
 * takes the stored value of a plain formula cell, but recalculates every array formula on load — an
 * Excel spill is stored as one — and knows no `_xldudf_SVC_` function: the whole block, anchor and
 * spilled cells alike, reads #NAME?. openpyxl, pandas and Excel read the stored values. So the blocks are
 * named in refresh's report, and a frozen copy (values only) is the file that reads right everywhere.
 */
import { boxText, cellKey } from "./parts/a1";
import { Model } from "./model/model";
import { quoteSheet } from "../formula";

/** Each SVC formula stored as an array formula (a spill), as "Sheet!B3:F5": the blocks LibreOffice recalculates. */
export function recalculatedBlocks(model: Model): string[] {
  const out: string[] = [];
  for (const site of model.sites) {
    const sheet = model.sheets.find((s) => s.name === site.sheet);
    const f = sheet?.cells.get(cellKey(site.row, site.col))?.formula;
    if (f?.kind === "array" && f.ref) out.push(`${quoteSheet(site.sheet)}!${boxText(f.ref)}`);
  }
  return out;
}
