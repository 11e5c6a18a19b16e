/**
 * What a formula the parser cannot read may refer to, from its tokens alone: every cell, range,
 * whole column or row written in it, the references of the names it uses and every table it names
 * (whole). A superset on purpose: a refresh must not leave out a formula it cannot read; it lists it
 * stale. null when even the tokens cannot be read (the formula may read anything).
 */
import { MAX_COLS, MAX_ROWS, columnIndex } from "./address";
import { referencesOf, uniqueAreas } from "./refs";
import { lookupName, nameFormula } from "./names";
import { findTable } from "./table-area";
import { Token, tokenize } from "./tokens";
import type { AreaRef, CellRef, DefinedName, ExcelTable } from "../types";

const CELL = /^\$?([A-Za-z]{1,3})\$?(\d+)$/;
const COLUMN = /^\$?([A-Za-z]{1,3})$/;
const ROW = /^\$?(\d+)$/;

function corner(text: string): { row: number | null; col: number | null } | null {
  const cell = CELL.exec(text);
  if (cell) return { col: columnIndex(cell[1]), row: Number(cell[2]) - 1 };
  const col = COLUMN.exec(text);
  if (col) return { col: columnIndex(col[1]), row: null };
  const row = ROW.exec(text);
  return row ? { row: Number(row[1]) - 1, col: null } : null;
}

function area(sheet: string, a: { row: number | null; col: number | null }, b: { row: number | null; col: number | null }): AreaRef {
  const r0 = Math.min(a.row ?? 0, b.row ?? 0), r1 = Math.max(a.row ?? MAX_ROWS - 1, b.row ?? MAX_ROWS - 1);
  const c0 = Math.min(a.col ?? 0, b.col ?? 0), c1 = Math.max(a.col ?? MAX_COLS - 1, b.col ?? MAX_COLS - 1);
  return { sheet, r0, c0, r1, c1 };
}

const whole = (t: ExcelTable): AreaRef => ({ sheet: t.sheet, r0: t.r0, c0: t.c0, r1: t.r1, c1: t.c1 });

function nameReads(name: string, sheet: string, names: readonly DefinedName[], tables: readonly ExcelTable[]): AreaRef[] {
  const def = lookupName(names, name, sheet);
  const table = def ? undefined : findTable(tables, name, { sheet, row: 0, col: 0 });
  if (table) return [whole(table)];
  if (!def) return [];
  try {
    return referencesOf(nameFormula(def), { sheet: def.sheet ?? sheet, row: 0, col: 0 }, names, tables);
  } catch {
    return [];
  }
}

function tokenReads(tokens: Token[], i: number, at: CellRef, names: readonly DefinedName[], tables: readonly ExcelTable[]): AreaRef[] {
  const t = tokens[i], prev = tokens[i - 1], next = tokens[i + 1];
  const sheet = prev?.kind === "prefix" ? prev.value || at.sheet : at.sheet;
  if (t.kind === "table") {
    const table = findTable(tables, prev?.kind === "word" && prev.end === t.start ? prev.text : null, at);
    return table ? [whole(table)] : [];
  }
  if (t.kind !== "word" && t.kind !== "number") return [];
  if (prev?.kind === "prefix" && prev.book) return [];
  if (prev?.text === ":" && tokens[i - 2] && corner(tokens[i - 2].text)) return []; // the range's far corner, read with its near one
  const a = corner(t.text);
  if (a && next?.text === ":" && tokens[i + 2]) {
    const b = corner(tokens[i + 2].text);
    if (b) return [area(sheet, a, b)];
  }
  if (a && a.row !== null && a.col !== null) return [area(sheet, a, a)];
  return t.kind === "word" && next?.text !== "(" ? nameReads(t.text, at.sheet, names, tables) : [];
}

export function roughReferencesOf(text: string, at: CellRef, names: readonly DefinedName[] = [], tables: readonly ExcelTable[] = []): AreaRef[] | null {
  let tokens: Token[];
  try {
    tokens = tokenize(text);
  } catch {
    return null;
  }
  const out: AreaRef[] = [];
  for (let i = 0; i < tokens.length; i++) out.push(...tokenReads(tokens, i, at, names, tables));
  return uniqueAreas(out);
}
