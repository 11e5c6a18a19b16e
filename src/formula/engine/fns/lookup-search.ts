/**
 * How Excel's lookup functions find a value in a row or column by a linear search (the binary
 * searches are in ./lookup-bisect.ts). Values are equal within their kind only (numbers, text
 * ignoring case, TRUE/FALSE); empty cells and errors never match a value. XMATCH's and XLOOKUP's
 * next smaller or larger value is taken in the order SORT gives values of any kind, which Excel's
 * stored results show: numbers, then text, then FALSE and TRUE, and an empty lookup value after all
 * (equal to an empty cell).
 */
import type { CellValue } from "../../types";
import { criterion } from "../fn-criteria";
import { err, Grid, isErrorValue, isGrid, unsupported } from "../kinds";

/** 0 numbers, 1 text, 2 TRUE/FALSE, -1 an empty cell or an error. */
export const kindOf = (v: CellValue): number => (typeof v === "number" ? 0 : typeof v === "string" ? 1 : typeof v === "boolean" ? 2 : -1);

/** -1, 0, 1 for two values of one kind. */
export function order(a: CellValue, b: CellValue): number {
  const x = typeof a === "string" ? a.toUpperCase() : Number(a), y = typeof b === "string" ? b.toUpperCase() : Number(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

const rank = (v: CellValue): number => (v === null ? 3 : kindOf(v));

/** -1, 0, 1 in the order SORT gives values of any kind (an empty value last); errors are never compared. */
export function sortOrder(a: CellValue, b: CellValue): number {
  return rank(a) !== rank(b) ? Math.sign(rank(a) - rank(b)) : a === null ? 0 : order(a, b);
}

/** The cells of a row or a column (one cell counts as either); null when the grid is wider and taller than one. */
export function vectorOf(v: CellValue | Grid | undefined): CellValue[] | null {
  if (v === undefined) return null;
  if (!isGrid(v)) return [v];
  if (v.length === 1) return v[0];
  return v[0].length === 1 ? v.map((r) => r[0]) : null;
}

/** Matching modes: equal, equal with wildcards in text, equal or the next smaller, equal or the next larger. */
export type MatchMode = "exact" | "wildcard" | "smaller" | "larger";

/** The position (0-based) a linear search finds, first to last (or last to first), or -1. */
export function linearFind(items: CellValue[], key: CellValue, mode: MatchMode, backwards = false): number {
  const idx = items.map((_, i) => i);
  if (backwards) idx.reverse();
  if (mode === "wildcard" && typeof key === "string") {
    const test = criterion(`=${key}`);
    return idx.find((i) => typeof items[i] === "string" && test(items[i])) ?? -1;
  }
  const k = kindOf(key);
  // an empty lookup value finds an empty cell (Excel's stored values show it)
  const hit = idx.find((i) => (key === null ? items[i] === null : kindOf(items[i]) === k && order(items[i], key) === 0));
  if (hit !== undefined || mode === "exact" || mode === "wildcard") return hit ?? -1;
  const dir = mode === "smaller" ? 1 : -1;
  let best = -1;
  for (const i of idx) {
    if (kindOf(items[i]) < 0 || dir * sortOrder(items[i], key) >= 0) continue;
    if (best < 0 || dir * sortOrder(items[i], items[best]) > 0) best = i;
  }
  return best;
}

/** An argument read as a whole number, or the error it gives (an array of several: UNSUPPORTED, Excel pairs them its own way). */
export function wholeNumber(a: CellValue | Grid | undefined, dflt: number): number | { error: string } {
  const grid = a !== undefined && isGrid(a);
  if (grid && (a.length > 1 || a[0].length > 1)) unsupported("an array of numbers for a lookup's index or mode");
  const v = grid ? a[0][0] : a;
  if (v === undefined || v === null) return dflt;
  if (isErrorValue(v)) return v;
  if (typeof v === "boolean") return Number(v);
  const n = typeof v === "number" ? v : Number(v);
  return Number.isFinite(n) && String(v).trim() !== "" ? Math.trunc(n) : err("#VALUE!");
}
