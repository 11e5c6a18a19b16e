/**
 * The special functions the distributions rest on, to double precision: log-gamma (Stirling's series
 * after shifting the argument up), the regularised incomplete gamma (series, or Lentz's continued
 * fraction) and beta (continued fraction), the normal distribution through erfc = Q(1/2, x²), its
 * inverse (Wichura's AS 241), and a bracketing inverse for the others.
 */

const TINY = 1e-300;
const EPS = 1e-16;
const LN_SQRT_2PI = 0.9189385332046728;

/** ln((n-1)!) summed exactly for whole n up to 171, where the factorial is a double. */
function lnFactorialOf(n: number): number {
  let f = 1;
  for (let i = 2; i < n; i++) f *= i;
  return Math.log(f);
}

/** ln Γ(x) for x > 0: Stirling's series at x + k ≥ 15, then divided back by x(x+1)...(x+k-1). */
export function lnGamma(x: number): number {
  if (Number.isInteger(x) && x <= 171) return lnFactorialOf(x);
  if (x > 0.5 && x < 3) return Math.log1p(gamma(x) - 1); // near its zeros at 1 and 2, from Γ itself
  let shift = 0, y = x, prod = 1;
  while (y < 15) {
    prod *= y;
    y += 1;
    if (prod > 1e280) (shift += Math.log(prod)), (prod = 1);
  }
  shift += Math.log(prod);
  return (y - 0.5) * Math.log(y) - y + LN_SQRT_2PI + stirlingSeries(y) - shift;
}

/** ln Γ(y) - ((y - 1/2) ln y - y + ln √(2π)) for y ≥ 15: the asymptotic series, below 1e-17 there. */
function stirlingSeries(y: number): number {
  const y2 = 1 / (y * y);
  return (1 / 12 - y2 * (1 / 360 - y2 * (1 / 1260 - y2 * (1 / 1680 - y2 / 1188)))) / y;
}

/** Γ(x): exact factorials for whole x, the reflection formula below 1/2. Infinity or NaN where Γ has a pole. */
export function gamma(x: number): number {
  if (Number.isInteger(x)) {
    if (x <= 0) return NaN;
    if (x > 171) return Infinity;
    let f = 1;
    for (let i = 2; i < x; i++) f *= i;
    return f;
  }
  if (x < 0.5) return Math.PI / (Math.sin(Math.PI * x) * gamma(1 - x));
  if (x > 171.7) return Infinity;
  let y = x, prod = 1;
  for (; y < 15; y++) prod *= y;
  // Stirling's formula with y^(y-1/2) as a square of pow (one rounding each, no exp of a large logarithm)
  const v = Math.pow(y, y / 2 - 0.25);
  return (Math.sqrt(2 * Math.PI) * v * (v * Math.exp(-y)) * Math.exp(stirlingSeries(y))) / prod;
}

/** e^-x x^a / Γ(a), the factor both forms of the incomplete gamma share. */
function gammaFactor(a: number, x: number): number {
  const direct = (Math.pow(x, a) * Math.exp(-x)) / gamma(a);
  return Number.isFinite(direct) && direct > 1e-290 ? direct : Math.exp(-x + a * Math.log(x) - lnGamma(a));
}

function gammaSeries(a: number, x: number): number {
  let ap = a, del = 1 / a, sum = del;
  for (let n = 0; n < 100000 && Math.abs(del) > Math.abs(sum) * EPS; n++) {
    ap += 1;
    del *= x / ap;
    sum += del;
  }
  return sum * gammaFactor(a, x);
}

function gammaFraction(a: number, x: number): number {
  let b = x + 1 - a, c = 1 / TINY, d = 1 / b, h = d;
  for (let i = 1; i < 100000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < EPS) break;
  }
  return gammaFactor(a, x) * h;
}

/** The regularised incomplete gamma P(a, x), or its complement Q(a, x) when `upper`, each computed directly. */
export function gammaInc(a: number, x: number, upper = false): number {
  if (x <= 0) return upper ? 1 : 0;
  if (x < a + 1) {
    const p = gammaSeries(a, x);
    return upper ? 1 - p : p;
  }
  const q = gammaFraction(a, x);
  return upper ? q : 1 - q;
}

function betaFraction(x: number, a: number, b: number): number {
  const qab = a + b, qap = a + 1, qam = a - 1;
  let c = 1, d = 1 - (qab * x) / qap;
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let h = d;
  for (let m = 1; m < 100000; m++) {
    const m2 = 2 * m;
    for (const aa of [(m * (b - m) * x) / ((qam + m2) * (a + m2)), (-(a + m) * (qab + m) * x) / ((a + m2) * (qap + m2))]) {
      d = 1 + aa * d;
      if (Math.abs(d) < TINY) d = TINY;
      c = 1 + aa / c;
      if (Math.abs(c) < TINY) c = TINY;
      d = 1 / d;
      h *= d * c;
    }
    if (Math.abs(d * c - 1) < EPS) break;
  }
  return h;
}

/** ln B(a, b). */
export const lnBeta = (a: number, b: number): number => lnGamma(a) + lnGamma(b) - lnGamma(a + b);

/** x^a y^b / B(a, b): by powers and Γ where they stay in range (one rounding each), else in logarithms. */
export function betaFront(x: number, a: number, b: number, y: number): number {
  if (a + b < 171) {
    const direct = ((Math.pow(x, a) * Math.pow(y, b)) / gamma(a)) * (gamma(a + b) / gamma(b));
    if (Number.isFinite(direct) && direct > 1e-290) return direct;
  }
  return Math.exp(a * Math.log(x) + b * Math.log(y) - lnBeta(a, b));
}

/** The regularised incomplete beta I_x(a, b); y is 1 - x, passed when the caller knows it more exactly. */
export function betaInc(x: number, a: number, b: number, y = 1 - x): number {
  if (x <= 0) return 0;
  if (y <= 0) return 1;
  const front = betaFront(x, a, b, y);
  if (x < (a + 1) / (a + b + 2)) return (front * betaFraction(x, a, b)) / a;
  return 1 - (front * betaFraction(y, b, a)) / b;
}

/** The standard normal distribution Φ(z), through erfc(|z|/√2) = Q(1/2, z²/2). */
export function normalCdf(z: number): number {
  const tail = 0.5 * gammaInc(0.5, (z * z) / 2, true);
  return z < 0 ? tail : 1 - tail;
}

export const normalPdf = (z: number): number => Math.exp(-0.5 * z * z - LN_SQRT_2PI);

/** Wichura's AS 241 (PPND16) coefficients, lowest power first: the central region, then the tails. */
const AS241 = {
  a: [3.387132872796366608, 133.14166789178437745, 1971.5909503065514427, 13731.693765509461125, 45921.953931549871457, 67265.770927008700853, 33430.575583588128105, 2509.0809287301226727],
  b: [1, 42.313330701600911252, 687.1870074920579083, 5394.1960214247511077, 21213.794301586595867, 39307.89580009271061, 28729.085735721942674, 5226.495278852854561],
  c: [1.42343711074968357734, 4.6303378461565452959, 5.7694972214606914055, 3.64784832476320460504, 1.27045825245236838258, 0.24178072517745061177, 0.0227238449892691845833, 7.7454501427834140764e-4],
  d: [1, 2.05319162663775882187, 1.6763848301838038494, 0.68976733498510000455, 0.14810397642748007459, 0.0151986665636164571966, 5.475938084995344946e-4, 1.05075007164441684324e-9],
  e: [6.6579046435011037772, 5.4637849111641143699, 1.7848265399172913358, 0.29656057182850489123, 0.026532189526576123093, 0.0012426609473880784386, 2.71155556874348757815e-5, 2.01033439929228813265e-7],
  f: [1, 0.59983220655588793769, 0.13692988092273580531, 0.0148753612908506148525, 7.868691311456132591e-4, 1.8463183175100546818e-5, 1.4215117583164458887e-7, 2.04426310338993978564e-15],
};

const horner = (c: number[], x: number) => c.reduceRight((acc, k) => acc * x + k, 0);

/**
 * Φ⁻¹(p) for 0 < p < 1 by Wichura's AS 241 (about 1e-16). Excel's NORM.S.INV gives AS 241's
 * digits in the tails and the exact quantile's in the central region (|p - 1/2| ≤ 0.425), which
 * Halley steps on Φ reach.
 */
export function normalInv(p: number): number {
  const q = p - 0.5;
  if (Math.abs(q) <= 0.425) {
    const r = 0.180625 - q * q;
    let x = (q * horner(AS241.a, r)) / horner(AS241.b, r);
    for (let i = 0; i < 4; i++) {
      const u = (normalCdf(x) - p) / normalPdf(x);
      const next = x - u / (1 + (x * u) / 2);
      if (next === x) break;
      x = next;
    }
    return x;
  }
  const r = Math.sqrt(-Math.log(q < 0 ? p : 1 - p));
  const x = r <= 5 ? horner(AS241.c, r - 1.6) / horner(AS241.d, r - 1.6) : horner(AS241.e, r - 5) / horner(AS241.f, r - 5);
  return q < 0 ? -x : x;
}

/**
 * The x where an increasing function f reaches `target`, between lo and hi (hi doubled until f(hi)
 * passes target), by bisection to the last bit: the inverses Excel computes by iteration.
 */
export function invert(f: (x: number) => number, target: number, lo: number, hi: number): number {
  for (let i = 0; i < 2000 && f(hi) < target; i++) (lo = hi), (hi *= 2);
  for (let i = 0; i < 2000; i++) {
    const mid = lo + (hi - lo) / 2;
    if (mid === lo || mid === hi) break;
    if (f(mid) < target) lo = mid;
    else hi = mid;
  }
  return lo + (hi - lo) / 2;
}
