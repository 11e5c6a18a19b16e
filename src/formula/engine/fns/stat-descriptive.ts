/** Descriptive statistics of a set of numbers, to the formulas of Microsoft's function reference. */
import type { CellValue } from "../../types";
import { DIV0, NA, NUM, Nums, devsq, isNums, mean, numArg, numbersA, numbersOf, numeric, ofNumbers, sum } from "./stat-read";
import { err, Grid, isErrorValue, isGrid, unsupported } from "../kinds";
import type { Arg } from "./types";
import type { PureFamily, PureFunction } from "./types";

const variance = (xs: number[], sample: boolean): number | CellValue => {
  const n = xs.length - (sample ? 1 : 0);
  return n < 1 ? DIV0() : devsq(xs) / n;
};
const stdev = (xs: number[], sample: boolean) => {
  const v = variance(xs, sample);
  return typeof v === "number" ? Math.sqrt(v) : v;
};

const median = (xs: number[]): CellValue => {
  if (!xs.length) return NUM();
  const s = [...xs].sort((a, b) => a - b), h = s.length >> 1;
  return s.length % 2 ? s[h] : (s[h - 1] + s[h]) / 2;
};

/** The values that occur most often, in the order they first appear (none repeats: none). */
function modes(xs: number[]): number[] {
  const counts = new Map<number, number>();
  xs.forEach((x) => counts.set(x, (counts.get(x) ?? 0) + 1));
  const top = Math.max(0, ...counts.values());
  return top < 2 ? [] : [...counts.keys()].filter((x) => counts.get(x) === top);
}

/** MODE reads typed text otherwise than the other aggregates (an empty argument is #VALUE!): the engine does not guess it. */
const modeArgs = (args: Arg[]): Nums => {
  if (args.some((a) => a === null)) return err("#VALUE!");
  if (args.some((a) => typeof a === "string")) unsupported("MODE with text typed as an argument");
  if (args.some((a) => a !== undefined && isGrid(a) && a.length === 1 && a[0].length === 1 && a[0][0] === null)) unsupported("MODE of an empty one-cell argument");
  return numbersOf(args);
};
const MODE = ofNumbers((xs) => modes(xs)[0] ?? NA(), modeArgs);

/**
 * The standardised moments SKEW and KURT sum: ((x - mean) / s)^k, s the sample (or population)
 * deviation. When the terms cancel to rounding noise (symmetric data), its digits are those of
 * Excel's own order of operations: not computed.
 */
function moment(xs: number[], k: number, sample: boolean): number {
  const m = mean(xs), s = Math.sqrt(devsq(xs) / (xs.length - (sample ? 1 : 0)));
  const terms = xs.map((x) => ((x - m) / s) ** k);
  const total = sum(terms);
  if (Math.abs(total) < 1e-12 * sum(terms.map(Math.abs))) unsupported("SKEW of data whose terms cancel to rounding noise");
  return total;
}

function skew(xs: number[]): CellValue {
  const n = xs.length;
  if (n < 3 || devsq(xs) === 0) return DIV0();
  return (n / ((n - 1) * (n - 2))) * moment(xs, 3, true);
}

function kurt(xs: number[]): CellValue {
  const n = xs.length;
  if (n < 4 || devsq(xs) === 0) return DIV0();
  return ((n * (n + 1)) / ((n - 1) * (n - 2) * (n - 3))) * moment(xs, 4, true) - (3 * (n - 1) ** 2) / ((n - 2) * (n - 3));
}

const positive = (f: (xs: number[]) => number) => (xs: number[]): CellValue => (!xs.length || xs.some((x) => x <= 0) ? NUM() : f(xs));

/** TRIMMEAN: the mean without the smallest and largest values, `percent` of them in all, rounded down to an even count. */
const TRIMMEAN: PureFunction = {
  min: 2,
  max: 2,
  ranges: [0],
  arrays: [0],
  fn: (args) => {
    const xs = numbersOf([args[0]]);
    const p = numArg(args[1]);
    if (!isNums(xs)) return xs;
    if (isErrorValue(p)) return p;
    if (p < 0 || p >= 1 || !xs.length) return NUM();
    const cut = Math.floor((xs.length * p) / 2);
    const s = [...xs].sort((a, b) => a - b).slice(cut, xs.length - cut);
    return mean(s);
  },
};

const A = numbersA;
const plain = (f: (xs: number[]) => CellValue | Grid) => ofNumbers(f);
const withA = (f: (xs: number[]) => CellValue) => ofNumbers(f, A);

export const DESCRIPTIVE: PureFamily = {
  STDEV: plain((xs) => stdev(xs, true)),
  "STDEV.S": plain((xs) => stdev(xs, true)),
  STDEVP: plain((xs) => stdev(xs, false)),
  "STDEV.P": plain((xs) => stdev(xs, false)),
  STDEVA: withA((xs) => stdev(xs, true)),
  STDEVPA: withA((xs) => stdev(xs, false)),
  VAR: plain((xs) => variance(xs, true)),
  "VAR.S": plain((xs) => variance(xs, true)),
  VARP: plain((xs) => variance(xs, false)),
  "VAR.P": plain((xs) => variance(xs, false)),
  VARA: withA((xs) => variance(xs, true)),
  VARPA: withA((xs) => variance(xs, false)),
  AVERAGEA: withA((xs) => (xs.length ? mean(xs) : DIV0())),
  MAXA: withA((xs) => (xs.length ? Math.max(...xs) : 0)),
  MINA: withA((xs) => (xs.length ? Math.min(...xs) : 0)),
  MEDIAN: plain(median),
  MODE,
  "MODE.SNGL": MODE,
  "MODE.MULT": ofNumbers((xs) => {
    const m = modes(xs);
    return m.length ? m.map((x) => [x]) : NA();
  }, modeArgs),
  AVEDEV: plain((xs) => {
    if (!xs.length) return NUM();
    const m = mean(xs);
    return sum(xs.map((x) => Math.abs(x - m))) / xs.length;
  }),
  DEVSQ: plain((xs) => (xs.length ? devsq(xs) : NUM())),
  HARMEAN: plain(positive((xs) => xs.length / sum(xs.map((x) => 1 / x)))),
  KURT: plain(kurt),
  SKEW: plain(skew),
  "SKEW.P": plain((xs) => (!xs.length || devsq(xs) === 0 ? DIV0() : moment(xs, 3, false) / xs.length)),
  TRIMMEAN,
  STANDARDIZE: numeric(3, 3, ([x, m, s]) => (s <= 0 ? NUM() : (x - m) / s)),
};
