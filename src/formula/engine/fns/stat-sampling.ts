/** The sampling distributions: chi-squared, F and Student's t, their tails and inverses, to Microsoft's definitions. */
import type { CellValue } from "../../types";
import { unsupported } from "../kinds";
import { NUM, numeric } from "./stat-read";
import { betaFront, betaInc, gammaInc, invert, lnGamma } from "./stat-special";
import type { PureFamily } from "./types";

/** Degrees of freedom are truncated to whole numbers; below 1 (or above 10^10) Excel answers #NUM!. */
const dof = (k: number) => Math.trunc(k);
const badDof = (k: number) => k < 1 || k > 1e10;

function chisqDist(x: number, k: number, cum: number): CellValue {
  if (x < 0 || badDof(dof(k))) return NUM();
  const h = dof(k) / 2;
  if (cum) return gammaInc(h, x / 2);
  if (x === 0) return h === 1 ? 0.5 : h < 1 ? NUM() : 0;
  return Math.exp((h - 1) * Math.log(x) - x / 2 - h * Math.LN2 - lnGamma(h));
}
const chisqRt = (x: number, k: number): CellValue => (x < 0 || badDof(dof(k)) ? NUM() : gammaInc(dof(k) / 2, x / 2, true));
function chisqInv(p: number, k: number, right: boolean): CellValue {
  if (p < 0 || p > 1 || badDof(dof(k))) return NUM();
  const h = dof(k) / 2;
  if (right ? p === 0 : p === 1) return NUM();
  return right ? 2 * invert((x) => -gammaInc(h, x, true), -p, 0, Math.max(1, h)) : 2 * invert((x) => gammaInc(h, x), p, 0, Math.max(1, h));
}

/** The F distribution's left (or right) tail at x. */
function fTail(x: number, d1: number, d2: number, right: boolean): number {
  const u = d1 * x, w = u + d2;
  return right ? betaInc(d2 / w, d2 / 2, d1 / 2, u / w) : betaInc(u / w, d1 / 2, d2 / 2, d2 / w);
}
function fDist(x: number, a: number, b: number, cum: number, right = false): CellValue {
  const d1 = dof(a), d2 = dof(b);
  if (x < 0 || badDof(d1) || badDof(d2)) return NUM();
  if (cum || right) return fTail(x, d1, d2, right);
  if (x === 0) return d1 === 2 ? 1 : d1 < 2 ? NUM() : 0;
  const u = d1 * x, w = u + d2;
  return betaFront(u / w, d1 / 2, d2 / 2, d2 / w) / x; // (u/w)^(d1/2) (d2/w)^(d2/2) / (x B(d1/2, d2/2))
}
function fInv(p: number, a: number, b: number, right: boolean): CellValue {
  const d1 = dof(a), d2 = dof(b);
  if (p < 0 || p > 1 || badDof(d1) || badDof(d2)) return NUM();
  if (right ? p === 0 : p === 1) return NUM();
  if (right ? p === 1 : p === 0) return 0;
  return right ? invert((x) => -fTail(x, d1, d2, true), -p, 0, 1) : invert((x) => fTail(x, d1, d2, false), p, 0, 1);
}

/** Student's t: the probability beyond |t| on one side. */
const tOneTail = (t: number, n: number) => 0.5 * betaInc(n / (n + t * t), n / 2, 0.5, (t * t) / (n + t * t));
const tCdf = (t: number, n: number) => (t < 0 ? tOneTail(t, n) : 1 - tOneTail(t, n));
const tPdf = (t: number, n: number) => Math.exp(lnGamma((n + 1) / 2) - lnGamma(n / 2) - 0.5 * Math.log(n * Math.PI) - ((n + 1) / 2) * Math.log1p((t * t) / n));

/** The t where Student's distribution with n degrees of freedom reaches p (0 < p < 1). */
export function studentInv(p: number, n: number): number {
  if (p === 0.5) return 0;
  const tail = Math.min(p, 1 - p);
  const t = invert((x) => -tOneTail(x, n), -tail, 0, 1);
  return p < 0.5 ? -t : t;
}

function tDist(x: number, k: number, cum: number): CellValue {
  const n = dof(k);
  if (n === 0) unsupported("T.DIST with 0 degrees of freedom (Excel answers #DIV/0! or #NUM!, undocumented)");
  if (n < 1) return NUM();
  return cum ? tCdf(x, n) : tPdf(x, n);
}
const t2t = (x: number, k: number): CellValue => (x < 0 || dof(k) < 1 ? NUM() : 2 * tOneTail(x, dof(k)));
const tRt = (x: number, k: number): CellValue => (dof(k) < 1 ? NUM() : x < 0 ? 1 - tOneTail(x, dof(k)) : tOneTail(x, dof(k)));
const tInv = (p: number, k: number): CellValue => (p <= 0 || p > 1 || dof(k) < 1 ? NUM() : p === 1 ? NUM() : studentInv(p, dof(k)));
const tInv2 = (p: number, k: number): CellValue => (p <= 0 || p > 1 || dof(k) < 1 ? NUM() : studentInv(1 - p / 2, dof(k)));
function tdist(x: number, k: number, tails: number): CellValue {
  const t = Math.trunc(tails);
  if (x < 0 || dof(k) < 1 || (t !== 1 && t !== 2)) return NUM();
  return t * tOneTail(x, dof(k));
}

export const SAMPLING: PureFamily = {
  "CHISQ.DIST": numeric(3, 3, ([x, k, c]) => chisqDist(x, k, c), [], 2),
  "CHISQ.DIST.RT": numeric(2, 2, ([x, k]) => chisqRt(x, k)),
  CHIDIST: numeric(2, 2, ([x, k]) => chisqRt(x, k)),
  "CHISQ.INV": numeric(2, 2, ([p, k]) => chisqInv(p, k, false)),
  "CHISQ.INV.RT": numeric(2, 2, ([p, k]) => chisqInv(p, k, true)),
  CHIINV: numeric(2, 2, ([p, k]) => chisqInv(p, k, true)),
  "F.DIST": numeric(4, 4, ([x, a, b, c]) => fDist(x, a, b, c), [], 3),
  "F.DIST.RT": numeric(3, 3, ([x, a, b]) => fDist(x, a, b, 1, true)),
  FDIST: numeric(3, 3, ([x, a, b]) => fDist(x, a, b, 1, true)),
  "F.INV": numeric(3, 3, ([p, a, b]) => fInv(p, a, b, false)),
  "F.INV.RT": numeric(3, 3, ([p, a, b]) => fInv(p, a, b, true)),
  FINV: numeric(3, 3, ([p, a, b]) => fInv(p, a, b, true)),
  "T.DIST": numeric(3, 3, ([x, k, c]) => tDist(x, k, c), [], 2),
  "T.DIST.2T": numeric(2, 2, ([x, k]) => t2t(x, k)),
  "T.DIST.RT": numeric(2, 2, ([x, k]) => tRt(x, k)),
  TDIST: numeric(3, 3, ([x, k, t]) => tdist(x, k, t)),
  "T.INV": numeric(2, 2, ([p, k]) => tInv(p, k)),
  "T.INV.2T": numeric(2, 2, ([p, k]) => tInv2(p, k)),
  TINV: numeric(2, 2, ([p, k]) => tInv2(p, k)),
};

export { fTail, tOneTail };
