/**
 * One workbook of the corpus as the conformance runner sees it: the stored value of every cell (the
 * inputs), and every formula with Excel's stored result (an array formula's or a dynamic array's
 * whole box). Read with our own package and sheet readers (src/model-file).
 */
import { readModel } from "../../src/model-file/model/model";
import type { CellSource } from "../../src/formula/engine/evaluate";
import type { CellFormula, Platform } from "../../src/formula/engine/source";
import type { AreaRef, CellRef, CellValue, DefinedName } from "../../src/formula/types";

export interface CorpusFormula {
  sheet: string;
  row: number;
  col: number;
  /** As stored (file form, no "="), a shared formula expanded for its cell. */
  text: string;
  /** `t="array"` (entered with Ctrl+Shift+Enter, or a dynamic array): evaluated without implicit intersection. */
  array: boolean;
  dynamic: boolean;
  /** Excel's stored result: one value, or the box of an array formula. */
  expected: CellValue | CellValue[][];
}

export interface CorpusBook {
  source: CellSource;
  formulas: CorpusFormula[];
  date1904: boolean;
  /** The Excel that saved it, Windows or the Mac (docProps/app.xml): CHAR and CODE above 127 read its code page. */
  platform?: Platform;
  /** METADATA!A1 in IronCalc's files: the relative tolerance its numbers are compared at. */
  tolerance: number | null;
  sheets: string[];
}

const key = (sheet: string, row: number, col: number) => `${sheet.toUpperCase()}\u0000${row}\u0000${col}`;
/** Cells by sheet, then row * 16384 + col: the engine reads millions of cells, string keys are too slow. */
const cellIndex = (row: number, col: number) => row * 16384 + col;

export function readCorpusBook(bytes: Uint8Array): CorpusBook {
  const model = readModel(bytes);
  const values = new Map<string, CellValue>();
  const bySheet = new Map<string, Map<number, CellValue>>();
  const used = new Map<string, AreaRef>();
  const spills = new Map<string, AreaRef>();
  const formulaText = new Map<string, CellFormula>();
  const formulas: CorpusFormula[] = [];
  for (const sheet of model.sheets) {
    for (const c of sheet.cells.values()) {
      values.set(key(sheet.name, c.row, c.col), c.value);
      const m = bySheet.get(sheet.name.toUpperCase()) ?? bySheet.set(sheet.name.toUpperCase(), new Map()).get(sheet.name.toUpperCase());
      m?.set(cellIndex(c.row, c.col), c.value);
      const u = used.get(sheet.name.toUpperCase());
      if (!u) used.set(sheet.name.toUpperCase(), { sheet: sheet.name, r0: 0, c0: 0, r1: c.row, c1: c.col });
      else (u.r1 = Math.max(u.r1, c.row)), (u.c1 = Math.max(u.c1, c.col));
    }
  }
  for (const sheet of model.sheets) {
    for (const c of sheet.cells.values()) {
      const f = c.formula;
      if (!f || !f.text || f.kind === "dataTable") continue;
      const box = f.kind === "array" ? f.ref : null;
      const area = box ? { sheet: sheet.name, r0: box.r0, c0: box.c0, r1: box.r1, c1: box.c1 } : null;
      // A2# reads a dynamic array's spill, or a legacy array formula's box
      if (area) spills.set(key(sheet.name, c.row, c.col), area);
      noteFormula(formulaText, sheet.name, c.row, c.col, f.text, area, f.dynamic);
      const expected = area && (area.r1 > area.r0 || area.c1 > area.c0) ? boxValues(values, area) : c.value;
      formulas.push({ sheet: sheet.name, row: c.row, col: c.col, text: f.text, array: f.kind === "array", dynamic: f.dynamic, expected });
    }
  }
  const names: DefinedName[] = model.names;
  let last: { name: string; cells: Map<number, CellValue> | undefined } = { name: "", cells: undefined };
  const source: CellSource = {
    value: (r: CellRef) => {
      if (r.sheet !== last.name) last = { name: r.sheet, cells: bySheet.get(r.sheet.toUpperCase()) };
      return last.cells?.get(cellIndex(r.row, r.col)) ?? null;
    },
    names: () => names,
    spill: (a: CellRef) => spills.get(key(a.sheet, a.row, a.col)) ?? null,
    used: (s: string) => used.get(s.toUpperCase()) ?? null,
    tables: () => model.tables,
    formula: (r: CellRef) => formulaText.get(key(r.sheet, r.row, r.col)) ?? null,
    sheetNames: () => model.sheets.map((s) => s.name),
  };
  const date1904 = /<(?:\w+:)?workbookPr\b[^>]*\bdate1904="(?:1|true)"/.test(model.workbook.xml);
  const meta = model.sheets.find((s) => s.name.toUpperCase() === "METADATA");
  const tol = meta ? values.get(key(meta.name, 0, 0)) : null;
  return { source, formulas, date1904, platform: model.workbook.platform, tolerance: typeof tol === "number" ? tol : null, sheets: model.sheets.map((s) => s.name) };
}

/** The formula each cell shows: its own, a legacy array box's in every cell of the box, a dynamic array's spilled cells marked. */
function noteFormula(out: Map<string, CellFormula>, sheet: string, row: number, col: number, text: string, box: AreaRef | null, dynamic: boolean): void {
  if (!box) return void out.set(key(sheet, row, col), { text, kind: "cell" });
  for (let r = box.r0; r <= box.r1; r++)
    for (let c = box.c0; c <= box.c1; c++) out.set(key(sheet, r, c), { text, kind: !dynamic ? "array" : r === row && c === col ? "cell" : "spilled" });
}

function boxValues(values: Map<string, CellValue>, a: AreaRef): CellValue[][] {
  const out: CellValue[][] = [];
  for (let r = a.r0; r <= a.r1; r++) {
    const row: CellValue[] = [];
    for (let c = a.c0; c <= a.c1; c++) row.push(values.get(key(a.sheet, r, c)) ?? null);
    out.push(row);
  }
  return out;
}
