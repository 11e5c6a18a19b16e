/**
 * A1 addresses as Excel writes them ("Sheet1!B2", "'My sheet'!B2:C5", "A:C", "$1:$3"): parse, build,
 * and quote sheet names. Bounds are Excel's (1,048,576 rows × 16,384 columns): an address outside is
 * an error. Pure.
 */
import { contains, sameSheet } from "../../recalc";
import type { AreaRef, CellRef } from "../types";

// The sheet-name rule lives with the one rectangle (src/recalc); formula's readers keep their import.

export const MAX_ROWS = 1_048_576;
export const MAX_COLS = 16_384;

/** A rectangle of cells, zero-based and inclusive (the same shape as AreaRef). */
export type RangeRef = AreaRef;

export function columnName(c: number): string {
  let s = "";
  for (let n = c + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

export function columnIndex(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** Text Excel would read as a cell (A1, xfd1048576) or an R1C1 reference, so a sheet named so needs quotes. */
const looksLikeReference = (name: string) => /^[A-Za-z]{1,3}\d+$/.test(name) || /^(R\d*)?(C\d*)?$/i.test(name);

/** A sheet name as a formula prefix needs it: quoted when it is not a plain identifier. */
export function quoteSheet(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.]*$/.test(name) && !looksLikeReference(name) ? name : `'${name.replace(/'/g, "''")}'`;
}

/** "Sheet1!B2" -> { sheet: "Sheet1", body: "B2" }; an address without a sheet keeps `defaultSheet`. */
export function splitSheet(address: string, defaultSheet = ""): { sheet: string; body: string } {
  const bang = address.lastIndexOf("!");
  if (bang < 0) return { sheet: defaultSheet, body: address };
  const raw = address.slice(0, bang);
  const sheet = /^'.*'$/.test(raw) ? raw.slice(1, -1).replace(/''/g, "'") : raw;
  return { sheet, body: address.slice(bang + 1) };
}

interface Corner {
  row: number | null;
  col: number | null;
}

function corner(text: string, address: string): Corner {
  const m = /^\$?([A-Za-z]{0,3})\$?(\d*)$/.exec(text);
  if (!m || (!m[1] && !m[2])) throw new Error(`not a cell address: ${address}`);
  const col = m[1] ? columnIndex(m[1]) : null;
  const row = m[2] ? Number(m[2]) - 1 : null;
  if ((col !== null && (col < 0 || col >= MAX_COLS)) || (row !== null && (row < 0 || row >= MAX_ROWS))) {
    throw new Error(`outside the sheet (${MAX_ROWS.toLocaleString("en-US")} rows × ${MAX_COLS.toLocaleString("en-US")} columns): ${address}`);
  }
  return { col, row };
}

/** Parse "B2", "Sheet1!$B$2:C5", "A:C" (whole columns), "1:3" (whole rows). Throws on anything else. */
export function parseRange(address: string, defaultSheet = ""): RangeRef {
  const { sheet, body } = splitSheet(address.trim(), defaultSheet);
  const [a, b, extra] = body.split(":");
  if (extra !== undefined) throw new Error(`not a cell address: ${address}`);
  const p = corner(a, address);
  const q = b === undefined ? p : corner(b, address);
  const cell = p.row !== null && p.col !== null && q.row !== null && q.col !== null;
  const cols = p.row === null && q.row === null && p.col !== null && q.col !== null && b !== undefined;
  const rows = p.col === null && q.col === null && p.row !== null && q.row !== null && b !== undefined;
  if (!cell && !cols && !rows) throw new Error(`not a cell address: ${address}`);
  const r0 = p.row ?? 0, r1 = q.row ?? MAX_ROWS - 1;
  const c0 = p.col ?? 0, c1 = q.col ?? MAX_COLS - 1;
  return { sheet, r0: Math.min(r0, r1), c0: Math.min(c0, c1), r1: Math.max(r0, r1), c1: Math.max(c0, c1) };
}

/** One cell: "Sheet1!B2" -> { sheet, row, col }. Throws when the address is not a single cell. */
export function parseCell(address: string, defaultSheet = ""): CellRef {
  const r = parseRange(address, defaultSheet);
  if (r.r0 !== r.r1 || r.c0 !== r.c1) throw new Error(`not a single cell: ${address}`);
  return { sheet: r.sheet, row: r.r0, col: r.c0 };
}

const withSheet = (sheet: string, body: string) => (sheet ? `${quoteSheet(sheet)}!${body}` : body);

export function cellAddress(sheet: string, r: number, c: number): string {
  return withSheet(sheet, `${columnName(c)}${r + 1}`);
}

/** "B2", "B2:C5", "A:C" for whole columns, "1:3" for whole rows (as Excel's API writes them). */
export function rangeAddress(ref: RangeRef): string {
  const wholeCols = ref.r0 === 0 && ref.r1 === MAX_ROWS - 1;
  const wholeRows = ref.c0 === 0 && ref.c1 === MAX_COLS - 1;
  if (wholeCols && !wholeRows) return withSheet(ref.sheet, `${columnName(ref.c0)}:${columnName(ref.c1)}`);
  if (wholeRows && !wholeCols) return withSheet(ref.sheet, `${ref.r0 + 1}:${ref.r1 + 1}`);
  const a = `${columnName(ref.c0)}${ref.r0 + 1}`;
  const b = `${columnName(ref.c1)}${ref.r1 + 1}`;
  return withSheet(ref.sheet, a === b ? a : `${a}:${b}`);
}

/** Address text for display and comparison: "Sheet1!B2" (quotes only where Excel needs them). */
export function normaliseAddress(address: string): string {
  return rangeAddress(parseRange(address));
}

/** One spelling per cell for keys ("'Peer set'!B2"); an address that cannot be read is kept as it is. */
export function addressKey(address: string): string {
  try {
    return normaliseAddress(address);
  } catch {
    return address;
  }
}

/** True when the cell lies inside the area (same sheet, case-insensitive as Excel's sheet names). */
export function areaContains(area: AreaRef, ref: CellRef): boolean {
  return sameSheet(area.sheet, ref.sheet) && contains(area, ref.row, ref.col);
}
