/**
 * MMULT, MUNIT and the paired sums SUMX2MY2, SUMX2PY2, SUMXMY2 as Excel defines them: MMULT takes
 * numbers only (#VALUE! otherwise, or when the columns of one are not the rows of the other); the
 * paired sums need arrays of one size (#N/A) and skip a pair holding anything but two numbers
 * (no pair left: #DIV/0!).
 */
import type { CellValue } from "../../types";
import type { Grid } from "../kinds";
import { err, isErrorValue } from "../kinds";
import { finite, whole } from "./math-args";
import type { Arg, PureFamily, PureFunction } from "./types";

const gridOf = (a: Arg): Grid => (Array.isArray(a) ? a : [[a === undefined ? null : a]]);

function MMULT([a, b]: Arg[]): CellValue | Grid {
  const x = gridOf(a), y = gridOf(b);
  for (const g of [x, y]) for (const row of g) for (const v of row) if (isErrorValue(v)) return v;
  if (x.some((r) => r.some((v) => typeof v !== "number")) || y.some((r) => r.some((v) => typeof v !== "number"))) return err("#VALUE!");
  if (x[0].length !== y.length) return err("#VALUE!");
  const product = (row: CellValue[], j: number) => row.reduce((s: number, v, k) => s + (v as number) * (y[k][j] as number), 0);
  return x.map((row) => y[0].map((_, j) => finite(product(row, j))));
}

function MUNIT([a]: Arg[]): CellValue | Grid {
  const n = whole(a);
  if (typeof n !== "number") return n;
  if (n < 1) return err("#VALUE!");
  return Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)));
}

function paired(term: (x: number, y: number) => number): PureFunction {
  return { readsErrors: true, min: 2, max: 2, ranges: "all", arrays: "all", fn: ([a, b]) => {
    const x = gridOf(a).flat(), y = gridOf(b).flat();
    const xs = gridOf(a), ys = gridOf(b);
    if (xs.length * xs[0].length !== ys.length * ys[0].length) return err("#N/A");
    let sum = 0, pairs = 0;
    for (let i = 0; i < x.length; i++) {
      const p = x[i], q = y[i];
      if (isErrorValue(p)) return p;
      if (isErrorValue(q)) return q;
      if (typeof p === "number" && typeof q === "number") (sum += term(p, q)), pairs++;
    }
    return pairs ? finite(sum) : err("#DIV/0!");
  } };
}

export const MATRIX: PureFamily = {
  MMULT: { readsErrors: true, min: 2, max: 2, ranges: "all", arrays: "all", fn: MMULT },
  MUNIT: { min: 1, max: 1, fn: MUNIT },
  SUMX2MY2: paired((x, y) => x * x - y * y),
  SUMX2PY2: paired((x, y) => x * x + y * y),
  SUMXMY2: paired((x, y) => (x - y) ** 2),
};

