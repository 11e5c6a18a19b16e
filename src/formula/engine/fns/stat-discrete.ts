/** Discrete distributions (binomial, negative binomial, Poisson, hypergeometric) and PERMUT, to Microsoft's definitions. */
import type { CellValue } from "../../types";
import { unsupported } from "../kinds";
import { NUM, numeric } from "./stat-read";
import { lnGamma } from "./stat-special";
import type { PureFamily } from "./types";

/** Sums and products here run term by term: beyond 100,000 terms the engine does not compute them. */
const LIMIT = 1e5;
function within(terms: number, what: string): void {
  if (terms > LIMIT) unsupported(`${what} over more than ${LIMIT} terms`);
}

/** C(n, k) for whole n ≥ k ≥ 0 up to n = 1030: the running product, exact while it fits a double's integers (Infinity beyond). */
export function combin(n: number, k: number): number {
  if (n > 1030) return Infinity;
  const j = Math.min(k, n - k);
  let c = 1;
  for (let i = 1; i <= j; i++) c = (c * (n - j + i)) / i;
  return c > 2 ** 53 ? c : Math.round(c);
}

const lnCombin = (n: number, k: number) => lnGamma(n + 1) - lnGamma(k + 1) - lnGamma(n - k + 1);

/** C(n, j) p^k q^m: directly while C is a finite double and nothing underflows, else in logarithms. */
function term(n: number, j: number, p: number, k: number, q: number, m: number): number {
  if ((p === 0 && k > 0) || (q === 0 && m > 0)) return 0;
  const c = combin(n, j);
  const direct = c * p ** k * q ** m;
  if (Number.isFinite(direct) && direct > 1e-290) return direct;
  return Math.exp(lnCombin(n, j) + (k ? k * Math.log(p) : 0) + (m ? m * Math.log(q) : 0));
}

const binomPmf = (k: number, n: number, p: number) => term(n, k, p, k, 1 - p, n - k);

function binomDist(s: number, trials: number, p: number, cum: number): CellValue {
  const k = Math.trunc(s), n = Math.trunc(trials);
  if (s < 0 || k > n || p < 0 || p > 1) return NUM();
  if (!cum) return binomPmf(k, n, p);
  within(k, "BINOM.DIST");
  let total = 0;
  for (let i = 0; i <= k; i++) total += binomPmf(i, n, p);
  return Math.min(1, total);
}

function binomRange(trials: number, p: number, s1: number, s2: number): CellValue {
  const n = Math.trunc(trials), a = Math.trunc(s1), b = Number.isNaN(s2) ? a : Math.trunc(s2);
  if (n < 0 || p < 0 || p > 1 || a < 0 || a > n || b < a || b > n) return NUM();
  within(b - a, "BINOM.DIST.RANGE");
  let total = 0;
  for (let i = a; i <= b; i++) total += binomPmf(i, n, p);
  return total;
}

/** BINOM.INV: the smallest number of successes whose cumulative probability reaches alpha. */
function binomInv(trials: number, p: number, alpha: number): CellValue {
  const n = Math.trunc(trials);
  if (n < 0 || p <= 0 || p >= 1 || alpha <= 0 || alpha >= 1) return NUM();
  within(n, "BINOM.INV");
  let total = 0;
  for (let k = 0; k <= n; k++) {
    total += binomPmf(k, n, p);
    if (total >= alpha) return k;
  }
  return n;
}

function negbinom(f0: number, s0: number, p: number, cum: number): CellValue {
  const f = Math.trunc(f0), s = Math.trunc(s0);
  if (f0 < 0 || s < 1 || p <= 0 || p >= 1) return NUM();
  const pmf = (i: number) => term(i + s - 1, s - 1, p, s, 1 - p, i);
  if (!cum) return pmf(f);
  within(f, "NEGBINOM.DIST");
  let total = 0;
  for (let i = 0; i <= f; i++) total += pmf(i);
  return Math.min(1, total);
}

/** e^-λ λ^k / k!, in logarithms beyond the factorials a double holds. */
const poissonPmf = (k: number, l: number) => {
  if (k <= 170) {
    let f = 1;
    for (let i = 2; i <= k; i++) f *= i;
    const direct = (Math.exp(-l) * l ** k) / f;
    if (Number.isFinite(direct) && direct > 1e-290) return direct;
  }
  return l === 0 ? (k === 0 ? 1 : 0) : Math.exp(-l + k * Math.log(l) - lnGamma(k + 1));
};

function poisson(x: number, l: number, cum: number): CellValue {
  const k = Math.trunc(x);
  if (x < 0 || l < 0) return NUM();
  if (!cum) return poissonPmf(k, l);
  within(k, "POISSON.DIST");
  let total = 0;
  for (let i = 0; i <= k; i++) total += poissonPmf(i, l);
  return Math.min(1, total);
}

function hypgeom(s0: number, n0: number, m0: number, pop0: number, cum: number): CellValue {
  const [s, n, m, pop] = [s0, n0, m0, pop0].map(Math.trunc);
  if (s < 0 || s > Math.min(n, m) || s < Math.max(0, n - pop + m) || n < 0 || n > pop || m < 0 || m > pop) return NUM();
  const pmf = (i: number) => {
    const direct = (combin(m, i) * combin(pop - m, n - i)) / combin(pop, n);
    return Number.isFinite(direct) ? direct : Math.exp(lnCombin(m, i) + lnCombin(pop - m, n - i) - lnCombin(pop, n));
  };
  if (!cum) return pmf(s);
  within(s, "HYPGEOM.DIST");
  let total = 0;
  for (let i = Math.max(0, n - pop + m); i <= s; i++) total += pmf(i);
  return Math.min(1, total);
}

function permut(n0: number, k0: number): CellValue {
  const n = Math.trunc(n0), k = Math.trunc(k0);
  if (n < 0 || k < 0 || n < k) return NUM();
  within(k, "PERMUT");
  let p = 1;
  for (let i = n - k + 1; i <= n && Number.isFinite(p); i++) p *= i;
  return p;
}

export const DISCRETE: PureFamily = {
  "BINOM.DIST": numeric(4, 4, ([s, n, p, c]) => binomDist(s, n, p, c), [], 3),
  BINOMDIST: numeric(4, 4, ([s, n, p, c]) => binomDist(s, n, p, c), [], 3),
  "BINOM.DIST.RANGE": numeric(3, 4, ([n, p, a, b]) => binomRange(n, p, a, b)),
  "BINOM.INV": numeric(3, 3, ([n, p, a]) => binomInv(n, p, a)),
  CRITBINOM: numeric(3, 3, ([n, p, a]) => binomInv(n, p, a)),
  "NEGBINOM.DIST": numeric(4, 4, ([f, s, p, c]) => negbinom(f, s, p, c), [], 3),
  NEGBINOMDIST: numeric(3, 3, ([f, s, p]) => negbinom(f, s, p, 0)),
  "POISSON.DIST": numeric(3, 3, ([x, l, c]) => poisson(x, l, c), [], 2),
  POISSON: numeric(3, 3, ([x, l, c]) => poisson(x, l, c), [], 2),
  "HYPGEOM.DIST": numeric(5, 5, ([s, n, m, N, c]) => hypgeom(s, n, m, N, c), [], 4),
  HYPGEOMDIST: numeric(4, 4, ([s, n, m, N]) => hypgeom(s, n, m, N, 0)),
  PERMUT: numeric(2, 2, ([n, k]) => permut(n, k)),
  PERMUTATIONA: numeric(2, 2, ([n, k]) => (Math.trunc(n) < 0 || Math.trunc(k) < 0 ? NUM() : Math.trunc(n) ** Math.trunc(k))),
};
