/**
 * Two saved versions of a model compared: sheets added or removed, and for each sheet both hold,
 * every cell whose formula or stored value differs (a formula change is reported once, with both
 * values). Formulas are compared as typed (`=SVC.X(...)`), values as stored; besides, each cell whose
 * number format differs and each package part only one of them holds (a chart, the styles).
 */
import { a1 } from "./parts/a1";
import { Model, ModelSheet } from "./model/model";
import { displayFormula } from "./report";
import { cellFormats } from "./model/kept-sources";
import { CellValue, isErrorValue } from "../formula";

export interface CellDiff {
  sheet: string;
  cell: string;
  kind: "formula" | "value";
  old: CellValue;
  new: CellValue;
  oldFormula: string | null;
  newFormula: string | null;
}

export interface ModelDiff {
  sheetsAdded: string[];
  sheetsRemoved: string[];
  cells: CellDiff[];
  /** Package parts only one file holds (a chart, a drawing, the styles, custom XML...). */
  partsAdded: string[];
  partsRemoved: string[];
  /** Cells whose number format differs (null: General). */
  formats: { sheet: string; cell: string; old: string | null; new: string | null }[];
}

/** Nothing differs: sheets, cells, number formats and parts. */
export const sameModels = (d: ModelDiff) => d.cells.length + d.sheetsAdded.length + d.sheetsRemoved.length + d.partsAdded.length + d.partsRemoved.length + d.formats.length === 0;

function formatDiff(a: Model, b: Model): ModelDiff["formats"] {
  const was = cellFormats(a);
  const is = cellFormats(b);
  const out: ModelDiff["formats"] = [];
  for (const s of b.sheets) {
    const old = a.sheets.find((x) => x.name.toUpperCase() === s.name.toUpperCase());
    if (!old) continue;
    const keys = [...new Set([...old.cells.keys(), ...s.cells.keys()])].sort((x, y) => x - y);
    for (const k of keys) {
      const [row, col] = [Math.floor(k / 16384), k % 16384];
      const f0 = was(old.name, row, col);
      const f1 = is(s.name, row, col);
      if (f0 !== f1) out.push({ sheet: s.name, cell: a1(row, col), old: f0, new: f1 });
    }
  }
  return out;
}

const same = (a: CellValue, b: CellValue) => (isErrorValue(a) || isErrorValue(b) ? isErrorValue(a) && isErrorValue(b) && a.error === b.error : a === b || ((a ?? "") === "" && (b ?? "") === ""));

function formulaOf(sheet: ModelSheet, key: number): string | null {
  const f = sheet.cells.get(key)?.formula;
  return f?.text ? displayFormula(f.text) : null;
}

function sheetDiff(a: ModelSheet, b: ModelSheet): CellDiff[] {
  const keys = [...new Set([...a.cells.keys(), ...b.cells.keys()])].sort((x, y) => x - y);
  const out: CellDiff[] = [];
  for (const k of keys) {
    const old = a.cells.get(k)?.value ?? null;
    const now = b.cells.get(k)?.value ?? null;
    const oldFormula = formulaOf(a, k);
    const newFormula = formulaOf(b, k);
    const kind = oldFormula !== newFormula ? "formula" : !same(old, now) ? "value" : null;
    if (kind) out.push({ sheet: b.name, cell: a1(Math.floor(k / 16384), k % 16384), kind, old, new: now, oldFormula, newFormula });
  }
  return out;
}

export function diffModels(a: Model, b: Model): ModelDiff {
  const names = (m: Model) => new Map(m.sheets.map((s) => [s.name.toUpperCase(), s]));
  const before = names(a);
  const after = names(b);
  const cells: CellDiff[] = [];
  for (const s of b.sheets) {
    const old = before.get(s.name.toUpperCase());
    if (old) cells.push(...sheetDiff(old, s));
  }
  return {
    sheetsAdded: b.sheets.filter((s) => !before.has(s.name.toUpperCase())).map((s) => s.name),
    sheetsRemoved: a.sheets.filter((s) => !after.has(s.name.toUpperCase())).map((s) => s.name),
    cells,
    partsAdded: b.pkg.names().filter((n) => !a.pkg.has(n)),
    partsRemoved: a.pkg.names().filter((n) => !b.pkg.has(n)),
    formats: formatDiff(a, b),
  };
}
