/**
 * The Bessel functions as Excel computes them, which the corpus shows to the last digit: the
 * polynomial approximations of Abramowitz and Stegun (9.8.1-9.8.8) for I0, I1, K0, K1, the rational
 * approximations of Numerical Recipes for J0, J1, Y0, Y1 (with Hankel's form past x = 8), and for
 * order n >= 2 the recurrences: upward for K and Y (and J when x > n), Miller's downward recurrence
 * for I and J, started at 2(n + floor(sqrt(40 n))) and rescaled past 1e10. Each has about 8 correct
 * digits; these are Excel's digits, not the exact function's.
 */

/** p[0] + y (p[1] + y (p[2] + ...)), in Horner's order. */
const horner = (p: readonly number[], y: number): number => p.reduceRight((acc, c) => acc * y + c, 0);

const I0_SMALL = [1.0, 3.5156229, 3.0899424, 1.2067492, 0.2659732, 0.360768e-1, 0.45813e-2];
const I0_LARGE = [0.39894228, 0.1328592e-1, 0.225319e-2, -0.157565e-2, 0.916281e-2, -0.2057706e-1, 0.2635537e-1, -0.1647633e-1, 0.392377e-2];
const I1_SMALL = [0.5, 0.87890594, 0.51498869, 0.15084934, 0.2658733e-1, 0.301532e-2, 0.32411e-3];
const I1_LARGE = [0.39894228, -0.3988024e-1, -0.362018e-2, 0.163801e-2, -0.1031555e-1, 0.2282967e-1, -0.2895312e-1, 0.1787654e-1, -0.420059e-2];
const K0_SMALL = [-0.57721566, 0.4227842, 0.23069756, 0.3488590e-1, 0.262698e-2, 0.1075e-3, 0.74e-5];
const K0_LARGE = [1.25331414, -0.7832358e-1, 0.2189568e-1, -0.1062446e-1, 0.587872e-2, -0.25154e-2, 0.53208e-3];
const K1_SMALL = [1.0, 0.15443144, -0.67278579, -0.18156897, -0.1919402e-1, -0.110404e-2, -0.4686e-4];
const K1_LARGE = [1.25331414, 0.23498619, -0.3655620e-1, 0.1504268e-1, -0.780353e-2, 0.325614e-2, -0.68245e-3];

function i0(x: number): number {
  const ax = Math.abs(x);
  if (ax < 3.75) return horner(I0_SMALL, (x / 3.75) ** 2);
  return (Math.exp(ax) / Math.sqrt(ax)) * horner(I0_LARGE, 3.75 / ax);
}

function i1(x: number): number {
  const ax = Math.abs(x);
  const r = ax < 3.75 ? ax * horner(I1_SMALL, (x / 3.75) ** 2) : horner(I1_LARGE, 3.75 / ax) * (Math.exp(ax) / Math.sqrt(ax));
  return x < 0 ? -r : r;
}

function k0(x: number): number {
  if (x <= 2) return -Math.log(x / 2) * i0(x) + horner(K0_SMALL, (x * x) / 4);
  return (Math.exp(-x) / Math.sqrt(x)) * horner(K0_LARGE, 2 / x);
}

function k1(x: number): number {
  if (x <= 2) return Math.log(x / 2) * i1(x) + (1 / x) * horner(K1_SMALL, (x * x) / 4);
  return (Math.exp(-x) / Math.sqrt(x)) * horner(K1_LARGE, 2 / x);
}

const J0_NUM = [57568490574.0, -13362590354.0, 651619640.7, -11214424.18, 77392.33017, -184.9052456];
const J0_DEN = [57568490411.0, 1029532985.0, 9494680.718, 59272.64853, 267.8532712, 1.0];
const J1_NUM = [72362614232.0, -7895059235.0, 242396853.1, -2972611.439, 15704.4826, -30.16036606];
const J1_DEN = [144725228442.0, 2300535178.0, 18583304.74, 99447.43394, 376.9991397, 1.0];
const Y0_NUM = [-2957821389.0, 7062834065.0, -512359803.6, 10879881.29, -86327.92757, 228.4622733];
const Y0_DEN = [40076544269.0, 745249964.8, 7189466.438, 47447.2647, 226.1030244, 1.0];
const Y1_NUM = [-0.4900604943e13, 0.127527439e13, -0.5153438139e11, 0.7349264551e9, -0.4237922726e7, 0.8511937935e4];
const Y1_DEN = [0.249958057e14, 0.4244419664e12, 0.3733650367e10, 0.2245904002e8, 0.102042605e6, 0.3549632885e3, 1.0];
const P0 = [1.0, -0.1098628627e-2, 0.2734510407e-4, -0.2073370639e-5, 0.2093887211e-6];
const Q0 = [-0.1562499995e-1, 0.1430488765e-3, -0.6911147651e-5, 0.7621095161e-6, -0.934945152e-7];
const P1 = [1.0, 0.183105e-2, -0.3516396496e-4, 0.2457520174e-5, -0.240337019e-6];
const Q1 = [0.04687499995, -0.2002690873e-3, 0.8449199096e-5, -0.88228987e-6, 0.105787412e-6];
const TWO_OVER_PI = 0.636619772;

/** Hankel's form of Y0 (order 0) or Y1 (order 1) for x >= 8. */
function yLarge(order: 0 | 1, x: number): number {
  const z = 8 / x, y = z * z, xx = x - (order ? 2.356194491 : 0.785398164);
  const p = horner(order ? P1 : P0, y), q = horner(order ? Q1 : Q0, y);
  return Math.sqrt(TWO_OVER_PI / x) * (Math.sin(xx) * p + z * Math.cos(xx) * q);
}

/** J0 and J1 for |x| < 8 (Excel's values past 8 follow another approximation, not known here). */
function jSmall(order: 0 | 1, x: number): number {
  const y = x * x;
  return order ? (x * horner(J1_NUM, y)) / horner(J1_DEN, y) : horner(J0_NUM, y) / horner(J0_DEN, y);
}

function y0(x: number): number {
  if (x >= 8) return yLarge(0, x);
  const y = x * x;
  return horner(Y0_NUM, y) / horner(Y0_DEN, y) + TWO_OVER_PI * (jSmall(0, x) * Math.log(x));
}

function y1(x: number): number {
  if (x >= 8) return yLarge(1, x);
  const y = x * x;
  return (x * horner(Y1_NUM, y)) / horner(Y1_DEN, y) + TWO_OVER_PI * (jSmall(1, x) * Math.log(x) - 1 / x);
}

/** Order n by the upward recurrence f(j+1) = 2j/x·f(j) + s·f(j-1) from f0, f1 (s = 1 for K, -1 for J and Y). */
function upward(n: number, x: number, f0: number, f1: number, s: 1 | -1): number {
  const tox = 2 / x;
  let prev = f0, cur = f1;
  for (let j = 1; j < n; j++) [prev, cur] = [cur, j * tox * cur + s * prev];
  return cur;
}

/**
 * Miller's downward recurrence f(j-1) = 2j/x·f(j) + s·f(j+1) for I (s = 1, from 2(n + ⌊√40n⌋)) or J
 * (s = -1, from the even number at or below n + ⌊√40n⌋), order n >= 2 at |x| > 0, unnormalised:
 * [f(n), f(0)] for I, [f(n), f(0) + 2 f(2) + 2 f(4) ...] for J.
 */
function downward(n: number, ax: number, s: 1 | -1): [number, number] {
  const start = n + Math.trunc(Math.sqrt(40 * n));
  const tox = 2 / ax, m = s > 0 ? 2 * start : 2 * Math.trunc(start / 2);
  let next = 0, cur = 1, ans = 0, sum = 0, even = false;
  for (let j = m; j > 0; j--) {
    const prev = j * tox * cur + s * next;
    [next, cur] = [cur, prev];
    if (Math.abs(cur) > 1e10) (cur *= 1e-10), (next *= 1e-10), (ans *= 1e-10), (sum *= 1e-10);
    if (even) sum += cur;
    even = !even;
    if (j === n) ans = next;
  }
  return [ans, s > 0 ? cur : 2 * sum - cur];
}

export function besselI(n: number, x: number): number {
  if (n === 0) return i0(x);
  if (n === 1) return i1(x);
  if (x === 0) return 0;
  const [fn, f0] = downward(n, Math.abs(x), 1);
  const r = (fn * i0(x)) / f0;
  return x < 0 && n % 2 ? -r : r;
}

export const besselK = (n: number, x: number): number => (n === 0 ? k0(x) : n === 1 ? k1(x) : upward(n, x, k0(x), k1(x), 1));

export const besselY = (n: number, x: number): number => (n === 0 ? y0(x) : n === 1 ? y1(x) : upward(n, x, y0(x), y1(x), -1));

/** J of order n, or undefined where Excel's J0 and J1 past x = 8 would enter (their method is not known here). */
export function besselJ(n: number, x: number): number | undefined {
  const ax = Math.abs(x);
  if (ax === 0) return n === 0 ? 1 : 0;
  let r: number;
  if (n < 2 || ax > n) {
    if (ax >= 8) return undefined;
    r = n === 0 ? jSmall(0, ax) : n === 1 ? jSmall(1, ax) : upward(n, ax, jSmall(0, ax), jSmall(1, ax), -1);
  } else {
    const [fn, sum] = downward(n, ax, -1);
    r = fn / sum;
  }
  return x < 0 && n % 2 ? -r : r;
}
