/**
 * Open an .xlsx model in the workbench (file picker or drag and drop): the file is read by
 * src/model-file (the same reader as `svc-excel refresh`), then typed into the fake host as Excel
 * would load it — its sheets, its defined names, its constants, and its formulas (shared formulas
 * expanded, SVC calls in the form people type) — so the host evaluates them through the add-in.
 * Cells a spill covers are left to the spill. Nothing of the file is run as markup. A plain formula
 * whose recomputation from the file's own inputs does not give the value Excel stored keeps that
 * value, marked unverified with the reason (src/fake-office/plain.ts), instead of the engine's.
 */
import { cellKey, displayFormula, readModel, Model, ModelSheet, unverifiedFormulas } from "../model-file";
import { isErrorValue } from "../formula";
import { FakeExcel, quoteSheet } from "./book";
import { colName } from "./grid";

export interface Opened {
  sheets: string[];
  formulas: number;
  constants: number;
  /** Formulas shown with Excel's stored value because the engine does not reproduce it. */
  unverified: number;
}

const at = (sheet: string, row: number, col: number) => `${quoteSheet(sheet)}!${colName(col)}${row + 1}`;

/** Cells inside a dynamic array's range other than its anchor: the spill fills them. */
function spilled(sheet: ModelSheet): Set<number> {
  const out = new Set<number>();
  for (const c of sheet.cells.values()) {
    const box = c.formula?.dynamic ? c.formula.ref : null;
    if (!box) continue;
    for (let r = box.r0; r <= box.r1; r++) for (let k = box.c0; k <= box.c1; k++) if (r !== c.row || k !== c.col) out.add(cellKey(r, k));
  }
  return out;
}

function defineNames(model: Model, fx: FakeExcel): void {
  for (const n of model.names) {
    if (n.name.startsWith("_xlnm.")) continue; // print areas and the like
    try {
      fx.names.define(n.name, displayFormula(n.formula), n.sheet);
    } catch {
      // a name the host refuses (already defined, or not a valid name there) is left out
    }
  }
}

/** Read the bytes and load them into the host; resolves when every formula has settled. */
export async function openModelFile(bytes: Uint8Array, fx: FakeExcel): Promise<Opened> {
  const model = readModel(bytes);
  const sheets = model.sheets.filter((s) => s.xml);
  for (const s of sheets) if (!fx.sheetNames().some((n) => n.toUpperCase() === s.name.toUpperCase())) fx.addSheet(s.name);
  defineNames(model, fx);
  let constants = 0;
  const formulas: Promise<unknown>[] = [];
  const pins = new Map(unverifiedFormulas(model).map((u) => [at(u.sheet, u.row, u.col), u]));
  for (const s of sheets) {
    const skip = spilled(s);
    for (const [k, c] of s.cells) {
      if (skip.has(k)) continue;
      const where = at(s.name, c.row, c.col);
      const text = c.formula?.text ? displayFormula(c.formula.text) : null;
      const u = pins.get(where);
      if (text) formulas.push(fx.setFormula(where, text, u && { text, stored: u.stored, reason: u.reason, inputs: u.inputs, inputsKey: u.inputsKey }));
      else if (c.value !== null && !isErrorValue(c.value)) {
        fx.setConstant(at(s.name, c.row, c.col), c.value);
        constants++;
      }
    }
  }
  await Promise.all(formulas);
  if (sheets[0]) fx.activate(sheets[0].name);
  return { sheets: sheets.map((s) => s.name), formulas: formulas.length, constants, unverified: pins.size };
}
