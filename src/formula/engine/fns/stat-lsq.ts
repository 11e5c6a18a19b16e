/**
 * Least squares as LINEST computes it: the x columns and a column of ones for the constant, solved
 * by Householder QR (stable where the normal equations lose digits), with the
 * statistics LINEST reports. Collinear x columns (Excel then drops one and reports it as 0) are not
 * computed here: the caller answers UNSUPPORTED.
 */
import { sum } from "./stat-read";

export interface Fit {
  /** Slopes, one per x column, in the x columns' order. */
  m: number[];
  b: number;
  /** Standard errors of the slopes and of b (NaN when the fit has no constant). */
  se: number[];
  seB: number;
  r2: number;
  seY: number;
  f: number;
  df: number;
  ssReg: number;
  ssResid: number;
}

/** Householder QR of the n×k matrix a (columns), in place: R in the upper triangle; null when a column is dependent on the others. */
function qr(cols: number[][], y: number[]): { r: number[][]; qty: number[] } | null {
  const n = y.length, k = cols.length;
  const a = cols.map((c) => [...c]), qty = [...y];
  const r = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  for (let j = 0; j < k; j++) {
    const col = a[j];
    const norm = Math.sqrt(sum(col.slice(j).map((v) => v * v)));
    const scale = Math.max(1e-300, Math.sqrt(sum(cols[j].map((v) => v * v))));
    if (norm <= 1e-13 * scale) return null;
    const alpha = col[j] > 0 ? -norm : norm;
    const v = col.map((x, i) => (i < j ? 0 : i === j ? x - alpha : x));
    const vv = sum(v.map((x) => x * x));
    const reflect = (w: number[]) => {
      const d = (2 * sum(v.map((x, i) => x * w[i]))) / vv;
      for (let i = j; i < n; i++) w[i] -= d * v[i];
    };
    for (let c = j; c < k; c++) reflect(a[c]);
    reflect(qty);
    for (let c = j; c < k; c++) r[j][c] = a[c][j];
  }
  return { r, qty };
}

/** x from R x = c, R upper triangular k×k. */
function backSolve(r: number[][], c: number[]): number[] {
  const k = r.length, x = new Array<number>(k).fill(0);
  for (let i = k - 1; i >= 0; i--) {
    let s = c[i];
    for (let j = i + 1; j < k; j++) s -= r[i][j] * x[j];
    x[i] = s / r[i][i];
  }
  return x;
}

/** (RᵀR)⁻¹ = R⁻¹R⁻ᵀ, the slopes' covariance factors, from the columns of R⁻¹. */
function inverseProduct(r: number[][]): number[][] {
  const k = r.length;
  const cols = Array.from({ length: k }, (_, t) => backSolve(r, Array.from({ length: k }, (_, s) => (s === t ? 1 : 0))));
  return Array.from({ length: k }, (_, i) => Array.from({ length: k }, (_, j) => sum(cols.map((c) => c[i] * c[j]))));
}

/** The least-squares fit of y on the x columns (and a column of ones for the constant); null for collinear columns. */
export function leastSquares(xs: number[][], y: number[], constant: boolean): Fit | null {
  const n = y.length, k = xs.length;
  const cols = constant ? [...xs, y.map(() => 1)] : xs;
  const d = qr(cols, y);
  if (!d) return null;
  const coef = backSolve(d.r, d.qty.slice(0, cols.length));
  const m = coef.slice(0, k), b = constant ? coef[k] : 0;
  const fitted = y.map((_, i) => b + sum(m.map((s, j) => s * xs[j][i])));
  const ssResid = sum(y.map((v, i) => (v - fitted[i]) ** 2));
  const my = constant ? sum(y) / n : 0;
  const ssTotal = sum(y.map((v) => (v - my) ** 2));
  const ssReg = constant ? sum(fitted.map((v) => (v - my) ** 2)) : sum(fitted.map((v) => v * v));
  const df = n - cols.length;
  const sigma2 = ssResid / df;
  const cov = inverseProduct(d.r);
  const se = cov.map((row, j) => Math.sqrt(row[j] * sigma2));
  return { m, b, se: se.slice(0, k), seB: constant ? se[k] : NaN, r2: ssTotal === 0 ? 1 : ssReg / ssTotal, seY: Math.sqrt(sigma2), f: ssReg / k / sigma2, df, ssReg, ssResid };
}
