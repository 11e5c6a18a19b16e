/**
 * What a formula refers to: its precedents (references and names expanded), whether a function
 * name is an SVC function, and shifting a formula as Excel fills it.
 */
import { MAX_COLS, MAX_ROWS } from "./address";
import { Node, NodeOf, RefPart, walk } from "./ast";
import { lookupName, nameFormula } from "./names";
import { excelView } from "./excel-view";
import { printRefPart } from "./print";
import { parseCached } from "./syntax";
import { findTable, tableArea } from "./table-area";
import type { AreaRef, CellRef, DefinedName, ExcelTable } from "../types";


/** The area of a reference node; a spill reference counts as its anchor cell. */
export function areaOf(node: NodeOf<"ref">, sheet: string): AreaRef {
  const s = node.prefix?.sheet ?? sheet;
  const to = node.to ?? node.from;
  const r0 = node.from.row ?? 0, r1 = to.row ?? MAX_ROWS - 1;
  const c0 = node.from.col ?? 0, c1 = to.col ?? MAX_COLS - 1;
  return { sheet: s, r0: Math.min(r0, r1), c0: Math.min(c0, c1), r1: Math.max(r0, r1), c1: Math.max(c0, c1) };
}

/** What expanding a formula knows besides its names: the workbook's Excel Tables and the formula's cell (for `#This Row`). */
export interface ExpandScope {
  tables?: readonly ExcelTable[];
  at?: CellRef;
}

/** A structured reference as the plain reference to the cells it denotes (null: it denotes an error). */
export function tableAsRef(n: NodeOf<"table">, tables: readonly ExcelTable[], at: CellRef): NodeOf<"ref"> | null {
  const a = tableArea(n, tables, at);
  if (typeof a === "string") return null;
  const part = (row: number, col: number): RefPart => ({ row, col, rowAbs: true, colAbs: true });
  return { kind: "ref", prefix: { book: null, sheet: a.sheet }, from: part(a.r0, a.c0), to: part(a.r1, a.c1), spill: false, span: n.span };
}

/** A table's bare name stands for its data rows. */
function visitTableName(n: NodeOf<"name">, tables: readonly ExcelTable[], sheet: string, visit: (n: Node, sheet: string) => void): void {
  const t = findTable(tables, n.name, { sheet, row: 0, col: 0 });
  const ref = t && tableAsRef({ kind: "table", prefix: null, table: t.name, spec: { items: [], first: null, last: null }, written: "[]", span: n.span }, tables, { sheet, row: 0, col: 0 });
  if (ref) visit(ref, sheet);
}

/**
 * Visit every node of a formula and of the definitions of the names it uses (recursively, each name
 * once), with the sheet each node is read on: a name's sheet-less references are on its own sheet.
 * With the tables known, a structured reference is followed by the plain reference it denotes.
 */
export function visitExpanded(node: Node, sheet: string, names: readonly DefinedName[], visit: (n: Node, sheet: string) => void, scope: ExpandScope = {}, seen = new Set<string>()): void {
  walk(node, (n) => {
    visit(n, sheet);
    if (n.kind === "table" && scope.tables && !n.prefix?.book) {
      const ref = tableAsRef(n, scope.tables, scope.at ?? { sheet, row: 0, col: 0 });
      if (ref) visit(ref, sheet);
    }
    if (n.kind !== "name" || n.prefix?.book) return;
    const def = lookupName(names, n.name, sheet, n.prefix?.sheet);
    if (!def && scope.tables && !n.prefix) visitTableName(n, scope.tables, sheet, visit);
    const key = def ? `${def.sheet ?? ""}!${def.name.toUpperCase()}` : "";
    if (!def || seen.has(key)) return;
    seen.add(key);
    let inner: Node;
    try {
      inner = excelView(parseCached(nameFormula(def)));
    } catch {
      return; // a name whose formula we cannot read has no precedents we can name
    }
    visitExpanded(inner, def.sheet ?? sheet, names, visit, scope, seen);
  });
}

/** The areas a formula at `at` reads: references (sheet-less ones on `at`'s sheet), names expanded, tables as their cells. */
export function referencesOf(text: string, at: CellRef, names: readonly DefinedName[] = [], tables?: readonly ExcelTable[]): AreaRef[] {
  const out: AreaRef[] = [];
  visitExpanded(excelView(parseCached(text)), at.sheet, names, (n, sheet) => {
    if (n.kind === "ref" && !n.prefix?.book) out.push(areaOf(n, sheet));
  }, { tables, at });
  return uniqueAreas(out);
}

export const areaKey = (a: AreaRef): string => `${a.sheet.toUpperCase()}!${a.r0},${a.c0}:${a.r1},${a.c1}`;

export function uniqueAreas(areas: readonly AreaRef[]): AreaRef[] {
  const keys = new Set<string>();
  return areas.filter((a) => {
    const k = areaKey(a);
    if (keys.has(k)) return false;
    keys.add(k);
    return true;
  });
}

function shiftPart(p: RefPart, dRow: number, dCol: number): RefPart | null {
  const row = p.row === null || p.rowAbs ? p.row : p.row + dRow;
  const col = p.col === null || p.colAbs ? p.col : p.col + dCol;
  if (row !== null && (row < 0 || row >= MAX_ROWS)) return null;
  if (col !== null && (col < 0 || col >= MAX_COLS)) return null;
  return { ...p, row, col };
}

/** The text a reference becomes after moving by (dRow, dCol): `$` parts stay, off the sheet is #REF!. */
function shiftedRef(node: NodeOf<"ref">, written: string, dRow: number, dCol: number): string {
  const prefix = written.slice(0, written.lastIndexOf("!") + 1);
  const from = shiftPart(node.from, dRow, dCol);
  const to = node.to ? shiftPart(node.to, dRow, dCol) : null;
  if (!from || (node.to && !to)) return `${prefix}#REF!`;
  return prefix + printRefPart(from) + (to ? `:${printRefPart(to)}` : "") + (node.spill ? "#" : "");
}

/**
 * The formula a shared formula gives `dRow` rows down and `dCol` columns right of its first cell, as
 * Excel expands it: relative parts move, `$` parts stay, a reference moved off the sheet becomes
 * #REF!. Everything else keeps its text exactly. Throws FormulaSyntaxError on unreadable text.
 */
export function shiftFormula(text: string, dRow: number, dCol: number): string {
  if (dRow === 0 && dCol === 0) return text;
  const refs: NodeOf<"ref">[] = [];
  walk(parseCached(text), (n) => {
    if (n.kind === "ref") refs.push(n);
  });
  let out = text;
  for (const r of refs.sort((a, b) => b.span.start - a.span.start)) {
    const written = text.slice(r.span.start, r.span.end);
    out = out.slice(0, r.span.start) + shiftedRef(r, written, dRow, dCol) + out.slice(r.span.end);
  }
  return out;
}
