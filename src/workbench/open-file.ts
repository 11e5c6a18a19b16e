/**
 * Open an .xlsx model in the workbench (file picker or drag and drop): the file is read by
 * src/model-file (the same reader as `svc-excel refresh`), then put into the fake host as Excel
 * loads it — its sheets, its defined names, its constants, and its formulas (shared formulas
 * expanded, SVC calls in the form people type) showing the values the file stored. Cells a spill
 * covers come from the spill. Nothing of the file is run as markup.
 * A plain formula whose recomputation from the file's own inputs does not give the value Excel
 * stored keeps that value, marked unverified with the reason (src/fake-office/plain.ts).
 */
import { cellKey, customXmlTexts, displayFormula, readModel, Model, ModelSheet, unverifiedFormulas } from "../model-file";
import { isErrorValue } from "../formula";
import { FakeExcel } from "./book";
import { LoadCell, StoredValue } from "../fake-office/book-io";

export interface Opened {
  sheets: string[];
  formulas: number;
  constants: number;
  /** Formulas shown with Excel's stored value because the engine does not reproduce it. */
  unverified: number;
}

const pinKey = (sheet: string, row: number, col: number) => `${sheet.toUpperCase()}!${row},${col}`;

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

/** A cell's stored result: its value, or the grid of the dynamic array it anchors. */
function storedOf(sheet: ModelSheet, row: number, col: number): StoredValue | StoredValue[][] {
  const c = sheet.cells.get(cellKey(row, col));
  const box = c?.formula?.dynamic ? c.formula.ref : null;
  const at = (r: number, k: number) => (sheet.cells.get(cellKey(r, k))?.value ?? null) as StoredValue;
  if (!box || (box.r0 === box.r1 && box.c0 === box.c1)) return at(row, col);
  const grid: StoredValue[][] = [];
  for (let r = box.r0; r <= box.r1; r++) grid.push(Array.from({ length: box.c1 - box.c0 + 1 }, (_, k) => at(r, box.c0 + k)));
  return grid;
}

export const DATE_1904_REFUSAL =
  "it counts dates from 1904 (Excel › Options › Advanced › Use 1904 date system); the workbench computes and saves in the 1900 system only, so its dates would move. Refresh it with `svc-excel refresh`, which keeps its date system, or switch it to 1900 in Excel";

const SVC_CALL = /(?:SVC\.|_xldudf_SVC_)[A-Za-z]/i;

/**
 * Read the bytes and load them into the host as Excel opens a file: constants, formulas with their
 * stored results (spills filled from the cells they cover), nothing calculated — no API call until
 * a refresh asks. A plain formula saved without a value is calculated (it costs nothing).
 */
export async function openModelFile(bytes: Uint8Array, fx: FakeExcel): Promise<Opened> {
  const model = readModel(bytes);
  // The workbench computes and saves in the 1900 system: a 1904 file's dates would move four years.
  if (model.workbook.date1904) throw new Error(DATE_1904_REFUSAL);
  const sheets = model.sheets.filter((s) => s.xml);
  fx.replaceSheets(sheets.map((s) => s.name));
  defineNames(model, fx);
  let constants = 0;
  let formulas = 0;
  const cells: LoadCell[] = [];
  const pins = new Map(unverifiedFormulas(model).map((u) => [pinKey(u.sheet, u.row, u.col), u]));
  for (const s of sheets) {
    const skip = spilled(s);
    for (const [k, c] of s.cells) {
      if (skip.has(k)) continue;
      const where = { sheet: fx.sheetNames().find((n) => n.toUpperCase() === s.name.toUpperCase()) ?? s.name, r: c.row, c: c.col };
      if (c.formula?.text) {
        const text = displayFormula(c.formula.text);
        const noValue = c.value === null && !c.formula.dynamic;
        const u = pins.get(pinKey(s.name, c.row, c.col));
        const stored = noValue && !SVC_CALL.test(text) ? undefined : storedOf(s, c.row, c.col);
        cells.push({ ...where, formula: text, stored, pin: u && { text, stored: u.stored, reason: u.reason, inputs: u.inputs, inputsKey: u.inputsKey } });
        formulas++;
      } else if (c.value !== null && !isErrorValue(c.value)) {
        cells.push({ ...where, value: c.value });
        constants++;
      }
    }
  }
  fx.load(cells, model.tables);
  fx.loadXmlParts(customXmlTexts(model.pkg, model.workbook.part));
  if (sheets[0]) fx.activate(sheets[0].name);
  return { sheets: sheets.map((s) => s.name), formulas, constants, unverified: pins.size };
}
