/**
 * ERF, ERFC and their .PRECISE forms: the error function by W. J. Cody's rational Chebyshev
 * approximations (Math. Comp. 1969, as in his CALERF routine), accurate to double precision over the
 * whole line. ERF(lower, upper) is erf(upper) - erf(lower). Analysis ToolPak rules: TRUE/FALSE or a
 * range for a number is #VALUE!.
 */
import type { CellValue } from "../../types";
import { isErrorValue } from "../kinds";
import { finite, tpNum, TOOLPAK } from "./math-args";
import type { PureFamily, PureFunction } from "./types";

const A = [3.1611237438705656, 113.864154151050156, 377.485237685302021, 3209.37758913846947, 0.185777706184603153];
const B = [23.6012909523441209, 244.024637934444173, 1282.61652607737228, 2844.23683343917062];
const C = [0.564188496988670089, 8.88314979438837594, 66.1191906371416295, 298.635138197400131, 881.95222124176909, 1712.04761263407058, 2051.07837782607147, 1230.33935479799725, 2.15311535474403846e-8];
const D = [15.7449261107098347, 117.693950891312499, 537.181101862009858, 1621.38957456669019, 3290.79923573345963, 4362.61909014324716, 3439.36767414372164, 1230.33935480374942];
const P = [0.305326634961232344, 0.360344899949804439, 0.125781726111229246, 0.0160837851487422766, 6.58749161529837803e-4, 0.0163153871373020978];
const Q = [2.56852019228982242, 1.87295284992346047, 0.527905102951428412, 0.0605183413124413191, 0.00233520497626869185];
const SQRT_PI_INV = 0.56418958354775628695;

/** erf(y) for 0 <= y <= 0.46875. */
function erfNear(y: number): number {
  const ysq = y > 1.11e-16 ? y * y : 0;
  let num = A[4] * ysq, den = ysq;
  for (let i = 0; i < 3; i++) (num = (num + A[i]) * ysq), (den = (den + B[i]) * ysq);
  return (y * (num + A[3])) / (den + B[3]);
}

/** exp(-y²) in two factors, so the rounding of y² does not cost digits. */
function expMinusSquare(y: number): number {
  const ysq = Math.trunc(y * 16) / 16;
  return Math.exp(-ysq * ysq) * Math.exp(-(y - ysq) * (y + ysq));
}

/** erfc(y) for y > 0.46875. */
function erfcFar(y: number): number {
  if (y >= 26.543) return 0;
  if (y <= 4) {
    let num = C[8] * y, den = y;
    for (let i = 0; i < 7; i++) (num = (num + C[i]) * y), (den = (den + D[i]) * y);
    return (expMinusSquare(y) * (num + C[7])) / (den + D[7]);
  }
  const ysq = 1 / (y * y);
  let num = P[5] * ysq, den = ysq;
  for (let i = 0; i < 4; i++) (num = (num + P[i]) * ysq), (den = (den + Q[i]) * ysq);
  const r = (ysq * (num + P[4])) / (den + Q[4]);
  return (expMinusSquare(y) * (SQRT_PI_INV - r)) / y;
}

export function erf(x: number): number {
  const y = Math.abs(x);
  if (y <= 0.46875) return x < 0 ? -erfNear(y) : erfNear(y);
  const r = 0.5 - erfcFar(y) + 0.5;
  return x < 0 ? -r : r;
}

export function erfc(x: number): number {
  const y = Math.abs(x);
  if (y <= 0.46875) return 1 - (x < 0 ? -erfNear(y) : erfNear(y));
  const r = erfcFar(y);
  return x < 0 ? 2 - r : r;
}

const ofOne = (f: (x: number) => number): PureFunction => ({ ...TOOLPAK, min: 1, max: 1, fn: ([a]) => {
  const x = tpNum(a);
  return isErrorValue(x) ? x : finite(f(x));
} });

const ERF: PureFunction = { ...TOOLPAK, min: 1, max: 2, fn: ([a, b]): CellValue => {
  const lower = tpNum(a);
  if (isErrorValue(lower)) return lower;
  if (b === undefined) return finite(erf(lower));
  const upper = tpNum(b);
  return isErrorValue(upper) ? upper : finite(erf(upper) - erf(lower));
} };

export const ERF_FNS: PureFamily = { ERF, "ERF.PRECISE": ofOne(erf), ERFC: ofOne(erfc), "ERFC.PRECISE": ofOne(erfc) };
