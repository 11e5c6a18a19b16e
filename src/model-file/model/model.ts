/**
 * readModel: an .xlsx as the refresh sees it — sheets with every stored cell (value and formula as
 * Excel stored them, shared formulas expanded per cell), defined names with their scope, and the
 * SVC formula sites. Keeps what writing back needs (the package, the parsed sheet parts).
 */
import type { Rect } from "../../recalc";
import { a1, cellKey, parseBox } from "../parts/a1";
import { fail } from "../errors";
import { readMetadata } from "../parts/metadata";
import { Package } from "../parts/package";
import { readSharedStrings } from "../parts/shared-strings";
import { readRichErrorCodes } from "../parts/rich-errors";
import { attr } from "../parts/xml";
import { CellXml, FormulaKind, readSheetXml, SheetXml } from "../parts/sheet-read";
import { refuseOverCellBudget } from "../parts/cell-count";
import { svcCallsIn } from "./svc-sites";
import { readTables } from "../parts/tables";
import { CellValue, DefinedName } from "../../formula";
import type { ExcelTable } from "../../formula";
import { readWorkbook, WorkbookInfo } from "../parts/workbook";
import { ZipLimits } from "../zip/read";
import { quoteSheet } from "../../formula";
import { shiftFormula } from "../../formula";

export interface ModelFormula {
  /** The text as Excel stores it (file form, no "="); a shared formula's member expanded for its cell. */
  text: string;
  kind: FormulaKind;
  /** An array formula's range (for a dynamic array: the spill as last stored). */
  ref: Rect | null;
  /** Marked as a dynamic-array (spilling) formula by its cell metadata. */
  dynamic: boolean;
  /** The shared-formula group, for members and their first cell. */
  si: number | null;
}

export interface ModelCell {
  row: number;
  col: number;
  value: CellValue;
  formula: ModelFormula | null;
}

export interface ModelSheet {
  name: string;
  index: number;
  part: string;
  /** Cells by cellKey(row, col). Chart sheets and the like have none. */
  cells: Map<number, ModelCell>;
  xml: SheetXml | null;
}

export interface SvcSite {
  sheet: string;
  row: number;
  col: number;
  /** "Model!B3" (sheet quoted as Excel does when needed). */
  address: string;
  /** The stored text (file form, no "="). */
  formula: string;
  /** SVC functions it calls, as upper-case names ("FINANCIALS"). */
  functions: string[];
  /** Written with a dead external-book prefix ([1]!_xldudf_SVC_X): `repair` fixes it. */
  broken: boolean;
}

export interface Model {
  sheets: ModelSheet[];
  names: DefinedName[];
  /** The workbook's Excel Tables (structured references read them). */
  tables: ExcelTable[];
  sites: SvcSite[];
  /** For writing back: the opened package and its workbook part. */
  pkg: Package;
  workbook: WorkbookInfo;
  /** The cm value marking a dynamic array, or null when the file has none. */
  dynamicCm: number | null;
}

export function siteAddress(sheet: string, a1text: string): string {
  return `${quoteSheet(sheet)}!${a1text}`;
}

function modelFormula(c: CellXml, dynamic: ReadonlySet<number>): ModelFormula | null {
  const f = c.formula;
  if (!f) return null;
  const ref = f.ref && f.kind === "array" ? parseBox(f.ref) : null;
  return { text: f.text, kind: f.kind, ref, dynamic: f.kind === "array" && c.cm !== null && dynamic.has(c.cm), si: f.si };
}

/** Shared-formula members get their text: the first cell's formula shifted by their offset (never rewritten in the file). */
function expandShared(cells: CellXml[], out: Map<number, ModelCell>): void {
  const masters = new Map<number, CellXml>();
  for (const c of cells) if (c.formula?.kind === "shared" && c.formula.ref && c.formula.si !== null) masters.set(c.formula.si, c);
  for (const c of cells) {
    const f = c.formula;
    if (f?.kind !== "shared" || f.si === null || f.text) continue;
    const m = masters.get(f.si);
    const cell = out.get(cellKey(c.row, c.col));
    if (!m?.formula || !cell?.formula) continue;
    try {
      cell.formula.text = shiftFormula(m.formula.text, c.row - m.row, c.col - m.col);
    } catch {
      cell.formula.text = "";
    }
  }
}

/**
 * An array formula's stored box ends where the sheet's stored cells end: a box over the rest of the
 * grid (A2:XFD1048576) holds nothing past them, and walking it would take hours.
 */
function clipBoxes(cells: Map<number, ModelCell>): void {
  let r1 = 0, c1 = 0;
  for (const c of cells.values()) (r1 = Math.max(r1, c.row)), (c1 = Math.max(c1, c.col));
  for (const c of cells.values()) {
    const box = c.formula?.ref;
    if (c.formula && box && (box.r1 > r1 || box.c1 > c1)) c.formula.ref = { ...box, r1: Math.max(box.r0, Math.min(box.r1, r1)), c1: Math.max(box.c0, Math.min(box.c1, c1)) };
  }
}

/** An error cell stored as a rich value (`vm`) holds the error its metadata names, not the "#VALUE!" written for older readers. */
function cellValue(c: CellXml, richErrors: ReadonlyMap<number, string>): CellXml["value"] {
  if (c.type !== "e" || !richErrors.size) return c.value;
  const code = richErrors.get(Number(attr(c.tag, "vm")));
  return code ? { error: code } : c.value;
}

function readSheet(pkg: Package, part: string, strings: string[], dynamic: ReadonlySet<number>, richErrors: ReadonlyMap<number, string>): { cells: Map<number, ModelCell>; xml: SheetXml } {
  const xml = readSheetXml(pkg.text(part), strings, part);
  const cells = new Map<number, ModelCell>();
  const all: CellXml[] = [];
  for (const row of xml.rows)
    for (const c of row.cells) {
      all.push(c);
      cells.set(cellKey(c.row, c.col), { row: c.row, col: c.col, value: cellValue(c, richErrors), formula: modelFormula(c, dynamic) });
    }
  expandShared(all, cells);
  clipBoxes(cells);
  return { cells, xml };
}

function sitesOf(sheet: ModelSheet, names: readonly DefinedName[]): SvcSite[] {
  const out: SvcSite[] = [];
  for (const cell of sheet.cells.values()) {
    if (!cell.formula?.text) continue;
    const calls = svcCallsIn(cell.formula.text, sheet.name, names);
    if (calls.functions.length === 0) continue;
    out.push({ sheet: sheet.name, row: cell.row, col: cell.col, address: siteAddress(sheet.name, a1(cell.row, cell.col)), formula: cell.formula.text, functions: calls.functions, broken: calls.broken });
  }
  return out.sort((a, b) => a.row - b.row || a.col - b.col);
}

/** Read a workbook: every entry inflated once under the caps (a bad file fails here, before any call). */
export function readModel(bytes: Uint8Array, limits?: ZipLimits): Model {
  const pkg = new Package(bytes, limits);
  const workbook = readWorkbook(pkg);
  refuseOverCellBudget(pkg, workbook.sheets.filter((s) => s.kind === "worksheet" && s.part).map((s) => s.part));
  pkg.verify();
  const strings = readSharedStrings(pkg, workbook.part);
  const meta = readMetadata(pkg, workbook.part);
  const richErrors = readRichErrorCodes(pkg, workbook.part);
  const sheets: ModelSheet[] = workbook.sheets.map((s) => {
    if (s.kind !== "worksheet") return { name: s.name, index: s.index, part: s.part, cells: new Map(), xml: null };
    if (!pkg.has(s.part)) fail("malformed", `the sheet ${s.name} has no part ${s.part || "(missing relationship)"}`);
    return { name: s.name, index: s.index, part: s.part, ...readSheet(pkg, s.part, strings, meta.dynamic, richErrors) };
  });
  const sites = sheets.flatMap((s) => sitesOf(s, workbook.names));
  const dynamicCm = meta.dynamic.size > 0 ? Math.min(...meta.dynamic) : null;
  const tables = readTables(pkg, sheets.filter((s) => s.xml));
  return { sheets, names: workbook.names, tables, sites, pkg, workbook, dynamicCm };
}
