/**
 * Least squares as LINEST computes it: the x columns centred on their means when the line has a
 * constant, solved by Householder QR (stable where the normal equations lose digits), with the
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

/** The least-squares fit of y on the x columns, with a constant or through the origin; null for collinear columns. */
export function leastSquares(xs: number[][], y: number[], constant: boolean): Fit | null {
  const n = y.length, k = xs.length;
  const mx = xs.map((c) => (constant ? sum(c) / n : 0)), my = constant ? sum(y) / n : 0;
  const cols = xs.map((c, j) => c.map((v) => v - mx[j]));
  const yc = y.map((v) => v - my);
  const d = qr(cols, yc);
  if (!d) return null;
  const m = backSolve(d.r, d.qty.slice(0, k));
  const b = constant ? my - sum(m.map((s, j) => s * mx[j])) : 0;
  const fitted = y.map((_, i) => b + sum(m.map((s, j) => s * xs[j][i])));
  const ssResid = sum(y.map((v, i) => (v - fitted[i]) ** 2));
  const ssTotal = sum(yc.map((v) => v * v));
  const ssReg = Math.max(0, ssTotal - ssResid);
  const df = n - k - (constant ? 1 : 0);
  const sigma2 = ssResid / df;
  const cov = inverseProduct(d.r);
  const se = cov.map((row, j) => Math.sqrt(row[j] * sigma2));
  const seB = constant ? Math.sqrt(sigma2 * (1 / n + sum(mx.map((u, i) => sum(mx.map((w, j) => u * w * cov[i][j])))))) : NaN;
  return { m, b, se, seB, r2: ssTotal === 0 ? 1 : ssReg / ssTotal, seY: Math.sqrt(sigma2), f: ssReg / k / sigma2, df, ssReg, ssResid };
}

