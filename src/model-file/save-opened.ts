/**
 * Save an opened file back as the CLI writes a refresh: the opened package, with only the cells that
 * changed since it was opened rewritten (a formula's new result as Excel writes it, spills included; a
 * typed constant; a newly typed formula with its value) and every other part byte for byte as it was:
 * charts, drawings, styles, names, tables, custom XML. A cell emptied since is removed from its row.
 */
import { fileFormula } from "./create/formula-text";
import { cellKey } from "./parts/a1";
import { CellWrite } from "./parts/cell-xml";
import { escapeText } from "./parts/xml";
import { parseSourcesXml, readSources, sourcesXml, writeSources } from "./parts/sources-part";
import { readModel, ModelSheet } from "./model/model";
import { Result, writeResult } from "./model/results";
import { spliceWritesWith } from "./model/save";
import { WorkingCopy } from "./model/working";
import { displayFormula } from "./report";
import type { CellValue } from "../formula";

/** A cell as it stands now, where it differs from the opened file. */
export interface EditedCell {
  sheet: string;
  row: number;
  col: number;
  /** "=..." as typed; absent for a constant (or an emptied cell: value null). */
  formula?: string;
  /** A constant, or a formula's result (a grid for a spill). */
  value: Result;
}

const scalar = (v: Result): CellValue => (Array.isArray(v) ? (v[0]?.[0] ?? null) : v);

/** True when the book's sources part (its text; null: none) says something other than the file's. */
function sourcesMoved(model: ReturnType<typeof readModel>, sources: string | null): boolean {
  if (sources === null) return false;
  const was = readSources(model.pkg, model.workbook.part);
  return !was || sourcesXml(was) !== sourcesXml(parseSourcesXml(sources));
}

/**
 * The opened bytes with `edits` written in, and the book's sources part (what the pane's refresh kept
 * of each SVC cell, as the CLI keeps it) when it moved; nothing else changes.
 */
export function saveOpened(bytes: Uint8Array, edits: readonly EditedCell[], sources: string | null = null): Uint8Array {
  const model = readModel(bytes);
  const moved = sourcesMoved(model, sources);
  if (edits.length === 0 && !moved) return bytes;
  if (moved && sources !== null) writeSources(model.pkg, model.workbook.part, parseSourcesXml(sources));
  const w = new WorkingCopy(model);
  const direct = new Map<ModelSheet, CellWrite[]>();
  const add = (sheet: ModelSheet, write: CellWrite) => direct.set(sheet, [...(direct.get(sheet) ?? []), write]);
  for (const e of edits) {
    const sheet = model.sheets.find((s) => s.name.toUpperCase() === e.sheet.toUpperCase());
    if (!sheet?.xml) continue;
    const f = sheet.cells.get(cellKey(e.row, e.col))?.formula;
    if (e.formula !== undefined && f?.text && displayFormula(f.text) === e.formula) writeResult(w, sheet.name, e.row, e.col, e.value);
    else if (e.formula !== undefined) add(sheet, { row: e.row, col: e.col, value: scalar(e.value), formula: `<f>${escapeText(fileFormula(e.formula))}</f>`, cm: null, mode: "result" });
    else add(sheet, { row: e.row, col: e.col, value: scalar(e.value), formula: null, cm: null, mode: "constant" });
  }
  const writes = w.writes();
  for (const [sheet, list] of direct) writes.set(sheet, [...(writes.get(sheet) ?? []), ...list]);
  spliceWritesWith(model, writes);
  return model.pkg.write();
}

/** A new book's bytes with the sources part its refreshes kept (null: none). */
export function withSourcesPart(bytes: Uint8Array, sources: string | null): Uint8Array {
  if (sources === null) return bytes;
  const model = readModel(bytes);
  writeSources(model.pkg, model.workbook.part, parseSourcesXml(sources));
  return model.pkg.write();
}
