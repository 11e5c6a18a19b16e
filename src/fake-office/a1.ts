/**
 * A1 addresses as Excel's API reads and writes them, written for the fake host (independent of the
 * add-in's own address code): "B2", "$B$2:C5", "A:C" (whole columns), "2:4" (whole rows),
 * "Sheet1!B2", "'Peer set'!A1". Excel's grid ends at row 1,048,576 and column XFD (16,384).
 */
import type { Area } from "../recalc";
import { invalidArgument } from "./errors";

export const MAX_ROWS = 1_048_576;
export const MAX_COLS = 16_384;

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** Zero-based column index -> letters (0 -> A, 26 -> AA), bijective base 26. */
export function columnName(c: number): string {
  return c < 26 ? LETTERS[c] : columnName(Math.floor(c / 26) - 1) + LETTERS[c % 26];
}

/** Letters -> zero-based column index (case-insensitive). */
export function columnIndex(letters: string): number {
  return [...letters.toUpperCase()].reduce((n, ch) => n * 26 + LETTERS.indexOf(ch) + 1, 0) - 1;
}

/** Excel quotes a sheet name in an address unless it is a plain identifier that is not a cell reference. */
export function quoteSheet(name: string): string {
  const plain = /^[A-Za-z_\u00C0-\uFFFF][A-Za-z0-9_.\u00C0-\uFFFF]*$/.test(name) && !/^[A-Za-z]{1,3}\d+$/.test(name) && !/^[Rr]\d*[Cc]\d*$/.test(name);
  return plain ? name : `'${name.replace(/'/g, "''")}'`;
}

/** Split "Sheet!A1" into its sheet name (unquoted; null when absent) and the rest. */
export function splitSheet(text: string): { sheet: string | null; body: string } {
  const t = text.trim();
  if (t.startsWith("'")) {
    const m = /^'((?:[^']|'')+)'!(.*)$/.exec(t);
    if (!m) throw invalidArgument(`not an address: ${text}`);
    return { sheet: m[1].replace(/''/g, "'"), body: m[2] };
  }
  const bang = t.lastIndexOf("!");
  return bang < 0 ? { sheet: null, body: t } : { sheet: t.slice(0, bang), body: t.slice(bang + 1) };
}

function part(text: string): { r: number | null; c: number | null } {
  const m = /^\$?([A-Za-z]{1,3})?\$?(\d+)?$/.exec(text);
  if (!m || (!m[1] && !m[2])) throw invalidArgument(`not an address: ${text}`);
  const c = m[1] ? columnIndex(m[1]) : null;
  const r = m[2] ? Number(m[2]) - 1 : null;
  if ((c !== null && (c < 0 || c >= MAX_COLS)) || (r !== null && (r < 0 || r >= MAX_ROWS))) throw invalidArgument(`outside the sheet: ${text}`);
  return { r, c };
}

/** Parse an address; `sheet` is used when the text names none. Throws InvalidArgument when malformed or off the sheet. */
export function parseArea(text: string, sheet: string): Area {
  const { sheet: named, body } = splitSheet(String(text));
  const [a, b] = body.split(":");
  if (body.split(":").length > 2) throw invalidArgument(`not an address: ${text}`);
  const p = part(a);
  const q = b === undefined ? p : part(b);
  const wholeCols = p.r === null && q.r === null;
  const wholeRows = p.c === null && q.c === null;
  if (!wholeCols && !wholeRows && (p.r === null || p.c === null || q.r === null || q.c === null)) throw invalidArgument(`not an address: ${text}`);
  if ((wholeCols || wholeRows) && b === undefined) throw invalidArgument(`not an address: ${text}`);
  const r0 = wholeCols ? 0 : (p.r as number);
  const r1 = wholeCols ? MAX_ROWS - 1 : (q.r as number);
  const c0 = wholeRows ? 0 : (p.c as number);
  const c1 = wholeRows ? MAX_COLS - 1 : (q.c as number);
  return { sheet: named ?? sheet, r0: Math.min(r0, r1), c0: Math.min(c0, c1), r1: Math.max(r0, r1), c1: Math.max(c0, c1) };
}

export function cellText(r: number, c: number): string {
  return `${columnName(c)}${r + 1}`;
}

/** "Sheet1!B2" / "Sheet1!B2:C5" / "Sheet1!A:C" / "Sheet1!2:4", the sheet quoted where Excel quotes it. */
export function areaText(a: Area, withSheet = true): string {
  const prefix = withSheet ? `${quoteSheet(a.sheet)}!` : "";
  if (a.r0 === 0 && a.r1 === MAX_ROWS - 1) return `${prefix}${columnName(a.c0)}:${columnName(a.c1)}`;
  if (a.c0 === 0 && a.c1 === MAX_COLS - 1) return `${prefix}${a.r0 + 1}:${a.r1 + 1}`;
  const first = cellText(a.r0, a.c0);
  const last = cellText(a.r1, a.c1);
  return `${prefix}${first === last ? first : `${first}:${last}`}`;
}

export function cellAddress(sheet: string, r: number, c: number): string {
  return `${quoteSheet(sheet)}!${cellText(r, c)}`;
}
