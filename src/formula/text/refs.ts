/**
 * What a formula refers to: its precedents (references and names expanded), whether a function
 * name is an SVC function, and shifting a formula as Excel fills it.
 */
import { MAX_COLS, MAX_ROWS } from "./address";
import { Node, NodeOf, RefPart, walk } from "./ast";
import { lookupName, nameFormula } from "./names";
import { excelView } from "./excel-view";
import { svcName } from "./fn-names";
import { printRefPart } from "./print";
import { parseCached } from "./syntax";
import type { AreaRef, CellRef, DefinedName } from "../types";

export { svcName };

/** The area of a reference node; a spill reference counts as its anchor cell. */
export function areaOf(node: NodeOf<"ref">, sheet: string): AreaRef {
  const s = node.prefix?.sheet ?? sheet;
  const to = node.to ?? node.from;
  const r0 = node.from.row ?? 0, r1 = to.row ?? MAX_ROWS - 1;
  const c0 = node.from.col ?? 0, c1 = to.col ?? MAX_COLS - 1;
  return { sheet: s, r0: Math.min(r0, r1), c0: Math.min(c0, c1), r1: Math.max(r0, r1), c1: Math.max(c0, c1) };
}

/**
 * Visit every node of a formula and of the definitions of the names it uses (recursively, each name
 * once), with the sheet each node is read on: a name's sheet-less references are on its own sheet.
 */
export function visitExpanded(node: Node, sheet: string, names: readonly DefinedName[], visit: (n: Node, sheet: string) => void, seen = new Set<string>()): void {
  walk(node, (n) => {
    visit(n, sheet);
    if (n.kind !== "name" || n.prefix?.book) return;
    const def = lookupName(names, n.name, sheet, n.prefix?.sheet);
    const key = def ? `${def.sheet ?? ""}!${def.name.toUpperCase()}` : "";
    if (!def || seen.has(key)) return;
    seen.add(key);
    let inner: Node;
    try {
      inner = excelView(parseCached(nameFormula(def)));
    } catch {
      return; // a name whose formula we cannot read has no precedents we can name
    }
    visitExpanded(inner, def.sheet ?? sheet, names, visit, seen);
  });
}

/** The areas a formula at `at` reads: references (sheet-less ones on `at`'s sheet), names expanded. */
export function referencesOf(text: string, at: CellRef, names: readonly DefinedName[] = []): AreaRef[] {
  const out: AreaRef[] = [];
  visitExpanded(excelView(parseCached(text)), at.sheet, names, (n, sheet) => {
    if (n.kind === "ref" && !n.prefix?.book) out.push(areaOf(n, sheet));
  });
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
