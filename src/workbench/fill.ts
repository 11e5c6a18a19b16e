/**
 * Fill down and right, as Excel's Ctrl+D, Ctrl+R and the fill handle do: the source cells are
 * copied over the target, a formula's relative references shifted by the distance it moves and its
 * $-anchored parts kept (src/formula's shiftFormula, the rule shared formulas follow); a pattern of
 * several source rows (or columns) repeats.
 */
import { shiftFormula } from "../formula";
import type { FakeExcel } from "./book";
import { quoteSheet } from "./book";
import { addr } from "./grid";
import type { Rect } from "../recalc";

/** The text a cell gets when `text` moves by (dRow, dCol); a formula that does not parse is copied as written. */
export function shifted(text: string, dRow: number, dCol: number): string {
  if (!text.startsWith("=")) return text;
  try {
    return "=" + shiftFormula(text.slice(1), dRow, dCol);
  } catch {
    return text;
  }
}

/** Fill `target` (which starts with `source` and extends it down or right) from `source`. */
export async function fill(fx: FakeExcel, sheet: string, source: Rect, target: Rect): Promise<void> {
  const at = (r: number, c: number) => `${quoteSheet(sheet)}!${addr(r, c)}`;
  const h = source.r1 - source.r0 + 1;
  const w = source.c1 - source.c0 + 1;
  const writes: Promise<unknown>[] = [];
  for (let r = target.r0; r <= target.r1; r++) {
    for (let c = target.c0; c <= target.c1; c++) {
      if (r <= source.r1 && c <= source.c1) continue;
      const sr = source.r0 + ((r - source.r0) % h);
      const sc = source.c0 + ((c - source.c0) % w);
      writes.push(fx.setFormula(at(r, c), shifted(fx.editText(at(sr, sc)), r - sr, c - sc)));
    }
  }
  await Promise.all(writes);
}

/** Ctrl+D: the range's top row down over the rest of it; Ctrl+R: its left column to the right. */
export function fillWithin(fx: FakeExcel, sheet: string, range: Rect, direction: "down" | "right"): Promise<void> {
  const source = direction === "down" ? { ...range, r1: range.r0 } : { ...range, c1: range.c0 };
  return fill(fx, sheet, source, range);
}
