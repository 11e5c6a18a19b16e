/** Continuous distributions (normal, lognormal, gamma, beta, exponential, Weibull), their inverses and relatives, to Microsoft's definitions. */
import type { CellValue } from "../../types";
import { DIV0, NUM, numeric } from "./stat-read";
import { betaInc, gamma, gammaInc, invert, lnBeta, lnGamma, normalCdf, normalInv, normalPdf } from "./stat-special";
import { studentInv } from "./stat-sampling";
import type { PureFamily } from "./types";

const normDist = (x: number, m: number, s: number, cum: number): CellValue => {
  if (s <= 0) return NUM();
  const z = (x - m) / s;
  return cum ? normalCdf(z) : normalPdf(z) / s;
};
const normInv = (p: number, m: number, s: number): CellValue => (p <= 0 || p >= 1 || s <= 0 ? NUM() : m + s * normalInv(p));

const lognormDist = (x: number, m: number, s: number, cum: number): CellValue => {
  if (x <= 0 || s <= 0) return NUM();
  const z = (Math.log(x) - m) / s;
  return cum ? normalCdf(z) : normalPdf(z) / (s * x);
};

function gammaDist(x: number, a: number, b: number, cum: number): CellValue {
  if (x < 0 || a <= 0 || b <= 0) return NUM();
  if (cum) return gammaInc(a, x / b);
  if (x === 0) return a === 1 ? 1 / b : a < 1 ? NUM() : 0;
  const direct = (Math.pow(x / b, a - 1) * Math.exp(-x / b)) / (b * gamma(a));
  return Number.isFinite(direct) && direct > 1e-290 ? direct : Math.exp((a - 1) * Math.log(x) - x / b - a * Math.log(b) - lnGamma(a));
}

function gammaInvOf(p: number, a: number, b: number): CellValue {
  if (p < 0 || p >= 1 || a <= 0 || b <= 0) return NUM();
  return p === 0 ? 0 : b * invert((x) => gammaInc(a, x), p, 0, Math.max(1, a));
}

function betaDist(x: number, a: number, b: number, cum: number, lo: number, hi: number): CellValue {
  if (a <= 0 || b <= 0 || x < lo || x > hi || lo === hi) return NUM();
  const t = (x - lo) / (hi - lo);
  if (cum) return betaInc(t, a, b, (hi - x) / (hi - lo));
  if ((t === 0 && a < 1) || (t === 1 && b < 1)) return NUM();
  return Math.exp((a - 1) * Math.log(t) + (b - 1) * Math.log1p(-t) - lnBeta(a, b)) / (hi - lo);
}

function betaInvOf(p: number, a: number, b: number, lo: number, hi: number): CellValue {
  if (p <= 0 || p >= 1 || a <= 0 || b <= 0 || lo >= hi) return NUM();
  return lo + (hi - lo) * invert((t) => betaInc(t, a, b), p, 0, 1);
}

const exponDist = (x: number, l: number, cum: number): CellValue => {
  if (x < 0 || l <= 0) return NUM();
  return cum ? -Math.expm1(-l * x) : l * Math.exp(-l * x);
};

const weibullDist = (x: number, a: number, b: number, cum: number): CellValue => {
  if (x < 0 || a <= 0 || b <= 0) return NUM();
  const t = (x / b) ** a;
  return cum ? -Math.expm1(-t) : (a / b) * (x / b) ** (a - 1) * Math.exp(-t);
};

/** CONFIDENCE.NORM and CONFIDENCE.T: half the width of the confidence interval for a mean. */
function confidence(a: number, s: number, size: number, t: boolean): CellValue {
  const n = Math.trunc(size);
  if (a <= 0 || a >= 1 || s <= 0 || n < 1) return NUM();
  if (t && n === 1) return DIV0();
  const q = t ? studentInv(1 - a / 2, n - 1) : normalInv(1 - a / 2);
  return (q * s) / Math.sqrt(n);
}

const fisher = (x: number): CellValue => (x <= -1 || x >= 1 ? NUM() : 0.5 * Math.log((1 + x) / (1 - x)));

export const CONTINUOUS: PureFamily = {
  "NORM.DIST": numeric(4, 4, ([x, m, s, c]) => normDist(x, m, s, c), [], 3),
  NORMDIST: numeric(4, 4, ([x, m, s, c]) => normDist(x, m, s, c), [], 3),
  "NORM.INV": numeric(3, 3, ([p, m, s]) => normInv(p, m, s)),
  NORMINV: numeric(3, 3, ([p, m, s]) => normInv(p, m, s)),
  "NORM.S.DIST": numeric(2, 2, ([z, c]) => normDist(z, 0, 1, c), [], 1),
  NORMSDIST: numeric(1, 1, ([z]) => normalCdf(z)),
  "NORM.S.INV": numeric(1, 1, ([p]) => normInv(p, 0, 1)),
  NORMSINV: numeric(1, 1, ([p]) => normInv(p, 0, 1)),
  "LOGNORM.DIST": numeric(4, 4, ([x, m, s, c]) => lognormDist(x, m, s, c), [], 3),
  LOGNORMDIST: numeric(3, 3, ([x, m, s]) => lognormDist(x, m, s, 1)),
  "LOGNORM.INV": numeric(3, 3, ([p, m, s]) => (p <= 0 || p >= 1 || s <= 0 ? NUM() : Math.exp(m + s * normalInv(p)))),
  LOGINV: numeric(3, 3, ([p, m, s]) => (p <= 0 || p >= 1 || s <= 0 ? NUM() : Math.exp(m + s * normalInv(p)))),
  PHI: numeric(1, 1, ([x]) => normalPdf(x)),
  GAUSS: numeric(1, 1, ([z]) => normalCdf(z) - 0.5),
  GAMMA: numeric(1, 1, ([x]) => (x <= 0 && Number.isInteger(x) ? NUM() : gamma(x))),
  GAMMALN: numeric(1, 1, ([x]) => (x <= 0 ? NUM() : lnGamma(x))),
  "GAMMALN.PRECISE": numeric(1, 1, ([x]) => (x <= 0 ? NUM() : lnGamma(x))),
  "GAMMA.DIST": numeric(4, 4, ([x, a, b, c]) => gammaDist(x, a, b, c), [], 3),
  GAMMADIST: numeric(4, 4, ([x, a, b, c]) => gammaDist(x, a, b, c), [], 3),
  "GAMMA.INV": numeric(3, 3, ([p, a, b]) => gammaInvOf(p, a, b)),
  GAMMAINV: numeric(3, 3, ([p, a, b]) => gammaInvOf(p, a, b)),
  "BETA.DIST": numeric(4, 6, ([x, a, b, c, lo, hi]) => betaDist(x, a, b, c, lo, hi), [, , , , 0, 1], 3),
  BETADIST: numeric(3, 5, ([x, a, b, lo, hi]) => betaDist(x, a, b, 1, lo, hi), [, , , 0, 1]),
  "BETA.INV": numeric(3, 5, ([p, a, b, lo, hi]) => betaInvOf(p, a, b, lo, hi), [, , , 0, 1]),
  BETAINV: numeric(3, 5, ([p, a, b, lo, hi]) => betaInvOf(p, a, b, lo, hi), [, , , 0, 1]),
  "EXPON.DIST": numeric(3, 3, ([x, l, c]) => exponDist(x, l, c), [], 2),
  EXPONDIST: numeric(3, 3, ([x, l, c]) => exponDist(x, l, c), [], 2),
  "WEIBULL.DIST": numeric(4, 4, ([x, a, b, c]) => weibullDist(x, a, b, c), [], 3),
  WEIBULL: numeric(4, 4, ([x, a, b, c]) => weibullDist(x, a, b, c), [], 3),
  "CONFIDENCE.NORM": numeric(3, 3, ([a, s, n]) => confidence(a, s, n, false)),
  CONFIDENCE: numeric(3, 3, ([a, s, n]) => confidence(a, s, n, false)),
  "CONFIDENCE.T": numeric(3, 3, ([a, s, n]) => confidence(a, s, n, true)),
  FISHER: numeric(1, 1, ([x]) => fisher(x)),
  FISHERINV: numeric(1, 1, ([y]) => Math.tanh(y)),
};
