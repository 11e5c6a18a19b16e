/** Hypothesis tests (Z.TEST, T.TEST, F.TEST, CHISQ.TEST) and PROB, to Microsoft's definitions. */
import type { ErrorValue } from "../../types";
import { isErrorValue, isGrid } from "../kinds";
import { pairsOf } from "./stat-pairs";
import { DIV0, NA, NUM, devsq, isNums, mean, numArg, numbersOf, oneErrorKind, sum } from "./stat-read";
import { fTail, tOneTail } from "./stat-sampling";
import { gammaInc, normalCdf } from "./stat-special";
import type { Arg, PureFamily, PureFunction } from "./types";

/** Z.TEST: the one-tailed probability of a mean at least as far above x, σ given or the sample's. */
const ZTEST: PureFunction = {
  min: 2,
  max: 3,
  ranges: [0],
  arrays: [0],
  fn: (args) => {
    const xs = numbersOf([args[0]]);
    const x = numArg(args[1]);
    const given = args[2] === undefined ? undefined : numArg(args[2]);
    if (!isNums(xs)) return xs;
    if (isErrorValue(x)) return x;
    if (given !== undefined && isErrorValue(given)) return given;
    if (!xs.length) return NA();
    if (xs.length < 2) return DIV0(); // Excel answers #DIV/0! for one value even with σ given
    const s = given ?? Math.sqrt(devsq(xs) / (xs.length - 1));
    if (s <= 0) return given === undefined ? DIV0() : NUM();
    return 1 - normalCdf((mean(xs) - x) / (s / Math.sqrt(xs.length)));
  },
};

const sampleVar = (xs: number[]) => devsq(xs) / (xs.length - 1);

/** The t statistic and its degrees of freedom for T.TEST's three types, or the error Excel answers. */
function tStatistic(a: Arg, b: Arg, type: number): { t: number; df: number } | ErrorValue {
  if (type === 1) {
    const p = pairsOf(a, b);
    if (isErrorValue(p)) return p;
    const d = p.a.map((x, i) => x - p.b[i]);
    if (d.length < 2) return DIV0();
    return { t: mean(d) / Math.sqrt(sampleVar(d) / d.length), df: d.length - 1 };
  }
  oneErrorKind([a, b]);
  const xs = numbersOf([a]), ys = numbersOf([b]);
  if (!isNums(xs)) return xs;
  if (!isNums(ys)) return ys;
  const n1 = xs.length, n2 = ys.length;
  if (n1 < 2 || n2 < 2) return DIV0();
  const v1 = sampleVar(xs), v2 = sampleVar(ys), diff = mean(xs) - mean(ys);
  if (type === 2) {
    const pooled = ((n1 - 1) * v1 + (n2 - 1) * v2) / (n1 + n2 - 2);
    return { t: diff / Math.sqrt(pooled * (1 / n1 + 1 / n2)), df: n1 + n2 - 2 };
  }
  const u1 = v1 / n1, u2 = v2 / n2;
  return { t: diff / Math.sqrt(u1 + u2), df: (u1 + u2) ** 2 / ((u1 * u1) / (n1 - 1) + (u2 * u2) / (n2 - 1)) };
}

const TTEST: PureFunction = {
  min: 4,
  max: 4,
  ranges: [0, 1],
  arrays: [0, 1],
  fn: (args) => {
    const tails = numArg(args[2]), type = numArg(args[3]);
    if (isErrorValue(tails)) return tails;
    if (isErrorValue(type)) return type;
    const k = Math.trunc(tails), ty = Math.trunc(type);
    if ((k !== 1 && k !== 2) || ty < 1 || ty > 3) return NUM();
    const s = tStatistic(args[0], args[1], ty);
    if (isErrorValue(s)) return s;
    if (!Number.isFinite(s.t)) return DIV0();
    return k * tOneTail(Math.abs(s.t), s.df);
  },
};

const FTEST: PureFunction = {
  min: 2,
  max: 2,
  ranges: "all",
  arrays: "all",
  fn: (args) => {
    oneErrorKind(args);
    const xs = numbersOf([args[0]]), ys = numbersOf([args[1]]);
    if (!isNums(xs)) return xs;
    if (!isNums(ys)) return ys;
    if (xs.length < 2 || ys.length < 2) return DIV0();
    const v1 = sampleVar(xs), v2 = sampleVar(ys);
    if (v1 === 0 || v2 === 0) return DIV0();
    const right = fTail(v1 / v2, xs.length - 1, ys.length - 1, true);
    return 2 * Math.min(right, 1 - right);
  },
};

const dims = (a: Arg): [number, number] => (a !== undefined && isGrid(a) ? [a.length, a[0].length] : [1, 1]);

/**
 * CHISQ.TEST: the right tail of Σ (actual - expected)² / expected over the pairs of numbers, with
 * (rows-1)(cols-1) degrees of freedom of the actual range (n-1 for one row or column).
 */
const CHISQTEST: PureFunction = {
  min: 2,
  max: 2,
  ranges: "all",
  arrays: "all",
  fn: (args) => {
    const [r, c] = dims(args[0]);
    const p = pairsOf(args[0], args[1]);
    if (isErrorValue(p)) return p;
    if (!p.a.length) return DIV0();
    if (p.b.some((e) => e < 0)) return NUM();
    if (p.b.some((e) => e === 0)) return DIV0();
    const df = r > 1 && c > 1 ? (r - 1) * (c - 1) : r * c - 1;
    if (df < 1) return NA();
    const chi = sum(p.a.map((o, i) => (o - p.b[i]) ** 2 / p.b[i]));
    return gammaInc(df / 2, chi / 2, true);
  },
};

/** PROB: the probability that a value lies between lower and upper (equals lower when upper is omitted). */
const PROB: PureFunction = {
  min: 3,
  max: 4,
  ranges: [0, 1],
  arrays: [0, 1],
  fn: (args) => {
    const p = pairsOf(args[0], args[1]);
    const lo = numArg(args[2]), hi = args[3] === undefined ? lo : numArg(args[3]);
    if (isErrorValue(p)) return p;
    if (isErrorValue(lo)) return lo;
    if (isErrorValue(hi)) return hi;
    if (!p.a.length) return DIV0();
    if (p.b.some((q) => q <= 0 || q > 1) || Math.abs(sum(p.b) - 1) > 1e-12) return NUM();
    return sum(p.a.map((x, i) => (x >= lo && x <= hi ? p.b[i] : 0)));
  },
};

export const TESTS: PureFamily = {
  "Z.TEST": ZTEST,
  ZTEST,
  "T.TEST": TTEST,
  TTEST,
  "F.TEST": FTEST,
  FTEST,
  "CHISQ.TEST": CHISQTEST,
  CHITEST: CHISQTEST,
  PROB,
};

