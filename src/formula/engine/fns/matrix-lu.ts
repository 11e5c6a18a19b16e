/**
 * MDETERM and MINVERSE by LU decomposition with partial pivoting (the row with the largest pivot
 * first), as LibreOffice computes them; the inverse solves for each column of the identity by
 * forward and back substitution. Excel's rules: a square array of numbers only (an empty cell, text
 * or TRUE/FALSE is #VALUE!, the first error is the result); a singular matrix has no inverse (#NUM!).
 */
import type { CellValue } from "../../types";
import type { Grid } from "../kinds";
import { err, isErrorValue } from "../kinds";
import { finite } from "./math-args";
import type { Arg, PureFamily, PureFunction } from "./types";

interface Lu {
  /** L below the diagonal (unit diagonal implied), U on and above it. */
  a: number[][];
  /** The original row of each row of `a`. */
  perm: number[];
  /** -1 when the rows were swapped an odd number of times. */
  sign: number;
  singular: boolean;
}

/** The square matrix of numbers `a` holds, or the error Excel answers for it. */
function squareOf(a: Arg): number[][] | CellValue {
  const g: Grid = Array.isArray(a) ? a : [[a === undefined ? null : a]];
  for (const row of g) for (const v of row) {
    if (isErrorValue(v)) return v;
    if (typeof v !== "number") return err("#VALUE!");
  }
  return g.length === g[0].length ? (g as number[][]) : err("#VALUE!");
}

function decompose(m: number[][]): Lu {
  const n = m.length, a = m.map((r) => [...r]), perm = m.map((_, i) => i);
  let sign = 1, singular = false;
  for (let k = 0; k < n; k++) {
    let p = k;
    for (let i = k + 1; i < n; i++) if (Math.abs(a[i][k]) > Math.abs(a[p][k])) p = i;
    if (p !== k) ([a[k], a[p]] = [a[p], a[k]]), ([perm[k], perm[p]] = [perm[p], perm[k]]), (sign = -sign);
    if (a[k][k] === 0) {
      singular = true;
      continue;
    }
    for (let i = k + 1; i < n; i++) {
      a[i][k] /= a[k][k];
      for (let j = k + 1; j < n; j++) a[i][j] -= a[i][k] * a[k][j];
    }
  }
  return { a, perm, sign, singular };
}

/** The column x solving LU x = the unit column `c` (rows permuted as the decomposition did). */
function solveUnit({ a, perm }: Lu, c: number): number[] {
  const n = a.length, y: number[] = [], x: number[] = new Array(n).fill(0);
  for (let i = 0; i < n; i++) {
    let s = perm[i] === c ? 1 : 0;
    for (let j = 0; j < i; j++) s -= a[i][j] * y[j];
    y.push(s);
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = y[i];
    for (let j = i + 1; j < n; j++) s -= a[i][j] * x[j];
    x[i] = s / a[i][i];
  }
  return x;
}

function MDETERM([arg]: Arg[]): CellValue {
  const m = squareOf(arg);
  if (!Array.isArray(m)) return m;
  const lu = decompose(m);
  if (lu.singular) return 0;
  return finite(lu.a.reduce((d, row, i) => d * row[i], lu.sign));
}

function MINVERSE([arg]: Arg[]): CellValue | Grid {
  const m = squareOf(arg);
  if (!Array.isArray(m)) return m;
  const lu = decompose(m);
  if (lu.singular) return err("#NUM!");
  const columns = m.map((_, c) => solveUnit(lu, c));
  const inv = m.map((_, i) => columns.map((col) => col[i]));
  return inv.some((r) => r.some((v) => !Number.isFinite(v))) ? err("#NUM!") : inv;
}

const matrixFn = (fn: (args: Arg[]) => CellValue | Grid): PureFunction => ({ readsErrors: true, min: 1, max: 1, ranges: "all", arrays: "all", fn });

export const MATRIX_LU: PureFamily = { MDETERM: matrixFn(MDETERM), MINVERSE: matrixFn(MINVERSE) };
