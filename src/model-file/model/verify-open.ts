/**
 * A workbook opened for computing every plain formula (the workbench): the formulas whose
 * recomputation from the file's own inputs does not give Excel's stored value. Each comes with the
 * stored value to show instead, why, and the cells it reads with their stored values as a key, so the
 * host can tell when those inputs change (then the stored value is out of date, and nothing is shown).
 */
import { AreaRef, CellRef, CellValue } from "../../formula";
import { Model } from "./model";
import { FormulaAt } from "./recompute";
import { svcCallsIn } from "./svc-sites";
import { Verifier } from "./verify";
import { referencesOf } from "../../formula";

export interface UnverifiedFormula {
  sheet: string;
  row: number;
  col: number;
  /** As stored in the file (no "="). */
  text: string;
  /** Excel's stored result (the anchor's value). */
  stored: CellValue;
  reason: string;
  /** The cells the formula reads (clipped to the stored cells) and their stored values as one key. */
  inputs: AreaRef[];
  inputsKey: string;
}

const MAX_INPUT_CELLS = 100_000;

/** A key of the values in `areas` (row by row): equal keys, equal inputs. */
export function inputsKey(areas: readonly AreaRef[], value: (ref: CellRef) => CellValue): string {
  const out: CellValue[] = [];
  for (const a of areas) for (let row = a.r0; row <= a.r1; row++) for (let col = a.c0; col <= a.c1; col++) out.push(value({ sheet: a.sheet, row, col }));
  return JSON.stringify(out);
}

function inputsOf(v: Verifier, n: FormulaAt): AreaRef[] | null {
  let reads: AreaRef[];
  try {
    reads = referencesOf(n.text, n, v.model.names, v.model.tables);
  } catch {
    return null;
  }
  const out: AreaRef[] = [];
  let cells = 0;
  for (const r of reads) {
    const e = v.stored.extent(r.sheet);
    if (!e) continue;
    const a = { sheet: e.sheet, r0: r.r0, c0: r.c0, r1: Math.min(r.r1, e.r1), c1: Math.min(r.c1, e.c1) };
    if (a.r1 < a.r0 || a.c1 < a.c0) continue;
    cells += (a.r1 - a.r0 + 1) * (a.c1 - a.c0 + 1);
    out.push(a);
  }
  return cells > MAX_INPUT_CELLS ? null : out;
}

/** Every plain formula of the model that is not verified, with what to show instead. */
export function unverifiedFormulas(model: Model): UnverifiedFormula[] {
  const v = new Verifier(model);
  const out: UnverifiedFormula[] = [];
  for (const s of model.sheets)
    for (const c of s.cells.values()) {
      const text = c.formula?.text;
      if (!text || c.formula?.kind === "dataTable" || svcCallsIn(text, s.name, model.names).functions.length > 0) continue;
      const n: FormulaAt = { sheet: s.name, row: c.row, col: c.col, text, unreadable: false };
      const reason = v.check(n);
      if (!reason) continue;
      const inputs = inputsOf(v, n);
      // inputs too many to watch: an empty list whose key never matches, so any recalculation shows it as not computed
      out.push({ sheet: s.name, row: c.row, col: c.col, text, stored: c.value, reason, inputs: inputs ?? [], inputsKey: inputs ? inputsKey(inputs, (r) => v.stored.value(r)) : "unwatched" });
    }
  return out;
}
