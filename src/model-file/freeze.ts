/**
 * freeze: a values-only copy for people without the add-in. Every SVC formula is replaced by its
 * stored value (text becomes an inline string, a spill's cells plain constants), each frozen result
 * gets a note saying when, from which formula and (when the last refresh kept them) which filings, the workbook an "as of" custom property, and the
 * calculation chain (which would list cells that no longer hold formulas, and make Excel repair the
 * file) is removed with its relationship and content type — Excel rebuilds it. Nothing else changes.
 */
import { a1, cellKey } from "./parts/a1";
import { addComments, NewComment } from "./parts/comments";
import { setDateProperty } from "./parts/custom-props";
import { Model, ModelSheet } from "./model/model";
import { removePart } from "./parts/part-names";
import { dropMacros, hasMacros } from "./parts/macros";
import { CellReport, displayFormula, reportFor } from "./report";
import { spliceWritesWith } from "./model/save";
import { CellWrite } from "./parts/cell-xml";
import { isErrorValue } from "../formula";
import { FilingRef, readSources } from "./parts/sources-part";

export const AS_OF_PROPERTY = "SVC values as of";

export interface FreezeResult {
  bytes: Uint8Array;
  cells: CellReport[];
  asOf: string;
}

/** Writes for one sheet: each SVC formula cell becomes its value; a dynamic array's other cells become constants too. */
function frozenWrites(model: Model, sheet: ModelSheet): { writes: CellWrite[]; notes: NewComment[] } {
  const writes = new Map<number, CellWrite>();
  const notes: NewComment[] = [];
  for (const site of model.sites.filter((s) => s.sheet === sheet.name)) {
    const cell = sheet.cells.get(cellKey(site.row, site.col));
    const f = cell?.formula;
    if (!cell || !f) continue;
    const box = f.kind === "array" && f.ref ? f.ref : { r0: cell.row, c0: cell.col, r1: cell.row, c1: cell.col };
    for (let r = box.r0; r <= box.r1; r++)
      for (let c = box.c0; c <= box.c1; c++) {
        const member = sheet.cells.get(cellKey(r, c));
        if (member) writes.set(cellKey(r, c), { row: r, col: c, value: member.value, formula: null, cm: null, mode: "constant" });
      }
    notes.push({ row: cell.row, col: cell.col, text: "" });
  }
  return { writes: [...writes.values()], notes };
}

/**
 * `sourceNote`: the filing part of a note from the filings the last refresh kept in the file ("" when
 * none). `keepMacros`: the copy is saved as .xlsm; an .xlsx copy drops the VBA project (Excel refuses
 * an .xlsx that carries one).
 */
export function freezeModel(model: Model, asOf: Date, sourceNote: (filings: readonly FilingRef[]) => string = () => "", keepMacros = false): FreezeResult {
  const filings = readSources(model.pkg, model.workbook.part);
  const stamp = asOf.toISOString().replace(/\.\d{3}Z$/, "Z");
  const cells = model.sites.map(reportFor);
  const perSheet = new Map<ModelSheet, CellWrite[]>();
  const notes = new Map<ModelSheet, NewComment[]>();
  for (const sheet of model.sheets) {
    const out = frozenWrites(model, sheet);
    if (out.writes.length === 0) continue;
    perSheet.set(sheet, out.writes);
    notes.set(sheet, out.notes);
  }
  spliceWritesWith(model, perSheet);
  for (const [sheet, list] of notes) {
    const sites = model.sites.filter((s) => s.sheet === sheet.name);
    const texts = list.map((n) => {
      const site = sites.find((s) => s.row === n.row && s.col === n.col);
      const source = site ? sourceNote(filings?.get(site.address)?.filings ?? []) : "";
      return { ...n, text: `SVC value as of ${stamp} (frozen). Formula was: ${site ? displayFormula(site.formula) : "?"}${source ? ` ${source}` : ""}` };
    });
    addComments(model.pkg, sheet.part, texts);
  }
  for (const c of cells) {
    const site = model.sites.find((s) => s.sheet === c.sheet && a1(s.row, s.col) === c.cell);
    const v = site && model.sheets.find((s) => s.name === site.sheet)?.cells.get(cellKey(site.row, site.col))?.value;
    if (isErrorValue(v)) c.error = { code: v.error, message: "the stored value is an error: refresh before freezing" };
  }
  if (model.sites.length > 0) dropCalcChain(model);
  if (!keepMacros && hasMacros(model.pkg, model.workbook.part)) dropMacros(model.pkg, model.workbook.part);
  setDateProperty(model.pkg, AS_OF_PROPERTY, stamp);
  return { bytes: model.pkg.write(), cells, asOf: stamp };
}

/** The calculation chain lists formula cells; one that lists a frozen cell makes Excel repair the file. */
function dropCalcChain(model: Model): void {
  const rel = model.pkg.relOfType(model.workbook.part, "calcChain");
  if (rel && model.pkg.has(rel.part)) removePart(model.pkg, rel.part, model.workbook.part, rel.id);
}
