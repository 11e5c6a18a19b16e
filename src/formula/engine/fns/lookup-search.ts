/**
 * How Excel's lookup functions find a value in a row or column. Values compare within their kind
 * only (numbers, text ignoring case, TRUE/FALSE); empty cells and errors never match a value.
 * An approximate match (MATCH 1/-1, VLOOKUP/HLOOKUP TRUE, LOOKUP) is Excel's binary search, defined
 * for values of the key's kind in sorted order: the last value not greater (ascending) or not smaller
 * (descending) than the key. On values out of order Excel's answer depends on its search steps,
 * which Microsoft does not document: UNSUPPORTED.
 */
import type { CellValue } from "../../types";
import { criterion } from "../fn-criteria";
import { err, Grid, isErrorValue, isGrid, unsupported } from "../kinds";

const kindOf = (v: CellValue): number => (typeof v === "number" ? 0 : typeof v === "string" ? 1 : typeof v === "boolean" ? 2 : -1);

/** True when values of another kind than `k` are among the items (empty cells and errors aside). */
const mixed = (items: CellValue[], k: number) => items.some((v) => kindOf(v) >= 0 && kindOf(v) !== k);

/** -1, 0, 1 for two values of one kind. */
function order(a: CellValue, b: CellValue): number {
  const x = typeof a === "string" ? a.toUpperCase() : Number(a), y = typeof b === "string" ? b.toUpperCase() : Number(b);
  return x < y ? -1 : x > y ? 1 : 0;
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
  const k = kindOf(key);
  if (mode === "wildcard" && typeof key === "string") {
    const test = criterion(`=${key}`);
    return idx.find((i) => typeof items[i] === "string" && test(items[i])) ?? -1;
  }
  const same = idx.filter((i) => kindOf(items[i]) === k && k >= 0);
  const hit = same.find((i) => order(items[i], key) === 0);
  if (hit !== undefined || mode === "exact" || mode === "wildcard") return hit ?? -1;
  if (k < 0 || mixed(items, k)) unsupported("the next smaller or larger value among values of several kinds");
  let best = -1;
  for (const i of same) {
    const c = order(items[i], key);
    if ((mode === "smaller" ? c < 0 : c > 0) && (best < 0 || (mode === "smaller" ? order(items[i], items[best]) > 0 : order(items[i], items[best]) < 0))) best = i;
  }
  return best;
}

/** Excel's approximate match: the last value of the key's kind not past the key, in values sorted ascending (or descending); -1 when none. */
export function sortedFind(items: CellValue[], key: CellValue, descending = false): number {
  const k = kindOf(key);
  if (k < 0) return -1;
  if (mixed(items, k)) unsupported("an approximate match among values of several kinds (Excel's answer depends on its search steps)");
  const dir = descending ? -1 : 1;
  let prev = -1, found = -1;
  for (let i = 0; i < items.length; i++) {
    if (kindOf(items[i]) !== k) continue;
    if (prev >= 0 && dir * order(items[prev], items[i]) > 0) unsupported("an approximate match over values out of order (Excel's answer depends on its search steps)");
    prev = i;
    if (dir * order(items[i], key) <= 0) found = i;
  }
  return found;
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
