/**
 * What a refresh changed, as values: each SVC formula's result before (the file's stored values over
 * its stored range) and after (the working copy over its new spill), and each dependent the refresh
 * computed with what it reads. The change record (src/plan/changes) says old -> new and why from this.
 */
import type { Rect } from "../../recalc";
import { cellKey } from "../parts/a1";
import { AreaRef, CellValue } from "../../formula";
import { FormulaNode } from "./graph";
import { Model, ModelSheet } from "./model";
import { WorkingCopy } from "./working";
import type { CellSources } from "../parts/sources-part";
import type { AnswerSources } from "./svc-eval";
import { cellFormats, valueFormats } from "./kept-sources";

export interface SvcCellValues {
  sheet: string;
  row: number;
  col: number;
  old: CellValue[][];
  new: CellValue[][];
  newMessage: string | null;
  /** What the last refresh kept of the cell (null: nothing, e.g. its first refresh) and what this one keeps. */
  oldSources: CellSources | null;
  newSources: CellSources | null;
  /** The number format each value of the new grid shows (null: General). */
  formats: (string | null)[][];
}

export interface FormulaValues {
  sheet: string;
  row: number;
  col: number;
  reads: AreaRef[];
  old: CellValue;
  new: CellValue;
  format: string | null;
}

export interface ChangeCells {
  svc: SvcCellValues[];
  formulas: FormulaValues[];
  /** The file held what an earlier refresh kept (false: the old values' sources are not known). */
  sourcesKept?: boolean;
}

export interface ChangeSources {
  old: CellSources | null;
  new: CellSources | null;
  answer: AnswerSources | null;
}

function grid(box: Rect, at: (r: number, c: number) => CellValue): CellValue[][] {
  const out: CellValue[][] = [];
  for (let r = box.r0; r <= box.r1; r++) {
    const row: CellValue[] = [];
    for (let c = box.c0; c <= box.c1; c++) row.push(at(r, c));
    out.push(row);
  }
  return out;
}

function storedBox(sheet: ModelSheet, n: FormulaNode): Rect {
  const f = sheet.cells.get(cellKey(n.row, n.col))?.formula;
  return f?.kind === "array" && f.ref ? f.ref : { r0: n.row, c0: n.col, r1: n.row, c1: n.col };
}

/** The values before and after of the SVC formulas and the recomputed dependents among `nodes`. */
export function changeCells(model: Model, w: WorkingCopy, nodes: readonly FormulaNode[], of: { recomputed: (n: FormulaNode) => boolean; message: (n: FormulaNode) => string | null; sources: (n: FormulaNode) => ChangeSources }): ChangeCells {
  const out: ChangeCells = { svc: [], formulas: [] };
  const own = cellFormats(model);
  const sheets = new Map(model.sheets.map((s) => [s.name, s]));
  for (const n of nodes) {
    const sheet = sheets.get(n.sheet);
    if (!sheet) continue;
    const stored = (r: number, c: number) => sheet.cells.get(cellKey(r, c))?.value ?? null;
    if (n.svc) {
      const now = w.spill(n) ?? { r0: n.row, c0: n.col, r1: n.row, c1: n.col };
      const after = grid(now, (r, c) => w.value({ sheet: n.sheet, row: r, col: c }));
      const s = of.sources(n);
      out.svc.push({ sheet: n.sheet, row: n.row, col: n.col, old: grid(storedBox(sheet, n), stored), new: after, newMessage: of.message(n), oldSources: s.old, newSources: s.new, formats: valueFormats(after, n, own, s.answer) });
    } else if (of.recomputed(n)) {
      out.formulas.push({ sheet: n.sheet, row: n.row, col: n.col, reads: n.reads, old: stored(n.row, n.col), new: w.value(n), format: own(n.sheet, n.row, n.col) });
    }
  }
  return out;
}
