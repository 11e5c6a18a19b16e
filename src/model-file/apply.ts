/**
 * applyResults: write given formula results into a model file as Excel would (spills,
 * errors, text inline), for callers that computed them elsewhere (the workbench). Dependents are
 * not recomputed here; refreshModel does that.
 */
import { readModel } from "./model/model";
import { Result, writeResult } from "./model/results";
import { spliceWrites } from "./model/save";
import { WorkingCopy } from "./model/working";
import type { Model } from "./model/model";

export interface CellResult {
  sheet: string;
  row: number;
  col: number;
  value: Result;
}

export function applyResults(bytes: Uint8Array, model: Model | null, results: readonly CellResult[]): Uint8Array {
  const m = model ?? readModel(bytes);
  const w = new WorkingCopy(m);
  for (const r of results) if (w.cell(r)?.formula) writeResult(w, r.sheet, r.row, r.col, r.value);
  spliceWrites(w);
  return m.pkg.write();
}
