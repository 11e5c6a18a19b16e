/**
 * The special functions the distributions rest on, to double precision: log-gamma (Stirling's series
 * after shifting the argument up), the regularised incomplete gamma (series, or Lentz's continued
 * fraction) and beta (continued fraction), the normal distribution through erfc = Q(1/2, x²), its
 * inverse (Acklam's rational start refined by Halley steps), and a bracketing inverse for the others.
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

const A = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
const B = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
const C = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
const D = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];

const poly = (c: number[], x: number) => c.reduce((acc, k) => acc * x + k, 0);

/** Acklam's rational approximation of Φ⁻¹ (relative error below 1.2e-9). */
function normalInvStart(p: number): number {
  const lowTail = Math.min(p, 1 - p);
  if (lowTail < 0.02425) {
    const q = Math.sqrt(-2 * Math.log(lowTail));
    const x = poly(C, q) / (poly(D, q) * q + 1);
    return p < 0.5 ? x : -x;
  }
  const q = p - 0.5, r = q * q;
  return (poly(A, r) * q) / (poly(B, r) * r + 1);
}

/** Φ⁻¹(p) for 0 < p < 1: Acklam's start, then Halley steps on Φ until they no longer move it. */
export function normalInv(p: number): number {
  let x = normalInvStart(p);
  for (let i = 0; i < 4; i++) {
    const e = x < 0 ? normalCdf(x) - p : 1 - p - normalCdf(-x); // Φ(x) - p, from the nearer tail
    const u = e / normalPdf(x);
    const next = x - u / (1 + (x * u) / 2);
    if (next === x) break;
    x = next;
  }
  return x;
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
