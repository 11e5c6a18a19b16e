/**
 * Does the engine's answer equal the value Excel stored? Numbers to 15 significant digits (Excel
 * keeps and shows 15) or a relative tolerance the file states, text exactly, booleans, error codes.
 * An array formula's result fills its box as Excel fills it: a single value everywhere, a single row
 * or column repeated, #N/A outside the result.
 */
import { isErrorValue, type CellValue } from "../../src/formula/types";
import type { EngineValue } from "../../src/formula/engine/evaluate";
import { agree15 } from "../../src/model-file/model/verify-values";

/** True when two numbers agree to 15 significant digits (the rule self-verification uses), or to `relative`. */
export function sameNumber(a: number, b: number, relative: number | null): boolean {
  if (relative === null) return agree15(a, b);
  if (a === b) return true;
  return Math.abs(a - b) <= relative * Math.max(Math.abs(a), Math.abs(b)) || Math.abs(a - b) < 1e-15;
}

export function sameValue(got: CellValue | undefined, want: CellValue, relative: number | null): boolean {
  const g = got === null || got === undefined ? 0 : got; // an empty result shows as 0
  if (isErrorValue(want)) return isErrorValue(g) && g.error === want.error;
  if (isErrorValue(g)) return false;
  if (typeof want === "number") return typeof g === "number" && sameNumber(g, want, relative);
  return g === want;
}

function cellOf(result: EngineValue, r: number, c: number): CellValue {
  if (!Array.isArray(result)) return result;
  const rr = result.length === 1 ? 0 : r, cc = (result[0]?.length ?? 0) === 1 ? 0 : c;
  const row = result[rr];
  if (!row || cc >= row.length) return { error: "#N/A" };
  return row[cc];
}

/** The first cell (row, col within the box) where the result differs from what Excel stored, or null. */
export function firstDifference(result: EngineValue, expected: CellValue | CellValue[][], relative: number | null): { r: number; c: number; got: CellValue; want: CellValue } | null {
  if (!Array.isArray(expected)) {
    const got = cellOf(result, 0, 0);
    return sameValue(got, expected, relative) ? null : { r: 0, c: 0, got, want: expected };
  }
  for (let r = 0; r < expected.length; r++)
    for (let c = 0; c < expected[r].length; c++) {
      const want = expected[r][c];
      if (want === null) continue; // a cell of the box Excel left empty
      const got = cellOf(result, r, c);
      if (!sameValue(got, want, relative)) return { r, c, got, want };
    }
  return null;
}
