/**
 * A1 addresses as Excel's API gives them ("Sheet1!B2", "'My sheet'!B2:C5"): parse, build, and walk
 * the cells of a range. Pure.
 */

export interface RangeRef {
  sheet: string;
  /** Zero-based, inclusive. */
  r0: number;
  c0: number;
  r1: number;
  c1: number;
}

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

function quoteSheet(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.]*$/.test(name) ? name : `'${name.replace(/'/g, "''")}'`;
}

export function parseRange(address: string, defaultSheet = ""): RangeRef {
  let text = address.replace(/\$/g, "");
  let sheet = defaultSheet;
  const bang = text.lastIndexOf("!");
  if (bang >= 0) {
    sheet = text.slice(0, bang).replace(/^'(.*)'$/, "$1").replace(/''/g, "'");
    text = text.slice(bang + 1);
  }
  const m = /^([A-Z]+)(\d+)(?::([A-Z]+)(\d+))?$/i.exec(text);
  if (!m) throw new Error(`not a cell address: ${address}`);
  const r0 = Number(m[2]) - 1;
  const c0 = columnIndex(m[1]);
  const r1 = m[3] ? Number(m[4]) - 1 : r0;
  const c1 = m[3] ? columnIndex(m[3]) : c0;
  return { sheet, r0: Math.min(r0, r1), c0: Math.min(c0, c1), r1: Math.max(r0, r1), c1: Math.max(c0, c1) };
}

export function cellAddress(sheet: string, r: number, c: number): string {
  const a = `${columnName(c)}${r + 1}`;
  return sheet ? `${quoteSheet(sheet)}!${a}` : a;
}

export function rangeAddress(ref: RangeRef): string {
  const a = `${columnName(ref.c0)}${ref.r0 + 1}`;
  const b = `${columnName(ref.c1)}${ref.r1 + 1}`;
  const body = a === b ? a : `${a}:${b}`;
  return ref.sheet ? `${quoteSheet(ref.sheet)}!${body}` : body;
}

/** Address text for display and comparison: "Sheet1!B2" (quotes only where Excel needs them). */
export function normaliseAddress(address: string): string {
  return rangeAddress(parseRange(address));
}
