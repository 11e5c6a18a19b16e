/** Statistics of order: k-th values, ranks, percentiles, quartiles and FREQUENCY, as Microsoft documents them. */
import type { CellValue, ErrorValue } from "../../types";
import { Grid, isErrorValue } from "../kinds";
import { NA, NUM, isNums, numArg, numbersOf } from "./stat-read";
import type { Arg, PureFamily, PureFunction } from "./types";

const ascending = (xs: number[]) => [...xs].sort((a, b) => a - b);

/** A function of an array (its numbers, sorted) and one-value numbers after it. */
function ofArray(min: number, max: number, f: (sorted: number[], x: number[]) => CellValue, dflt: (number | undefined)[] = []): PureFunction {
  return {
    min,
    max,
    ranges: [0],
    arrays: [0],
    fn: (args) => {
      const xs = numbersOf([args[0]]);
      if (!isNums(xs)) return xs;
      const rest: number[] = [];
      for (let i = 1; i < max; i++) {
        const v = args[i] === undefined ? dflt[i] ?? NaN : numArg(args[i]);
        if (isErrorValue(v)) return v;
        rest.push(v);
      }
      return f(ascending(xs), rest);
    },
  };
}

/**
 * LARGE and SMALL: k at least 1, at most n. LARGE rounds a fractional k up to a whole position;
 * SMALL(k) is LARGE(n + 1 - k), so its k is rounded down (SMALL(x, 2.2) is the second smallest).
 */
const kth = (fromTop: boolean) =>
  ofArray(2, 2, (s, [k]) => {
    const i = fromTop ? Math.ceil(k) : Math.floor(k);
    if (!s.length || k < 1 || i > s.length) return NUM();
    return fromTop ? s[s.length - i] : s[i - 1];
  });

/** The value at 0-based fractional position h of the sorted numbers. */
const at = (s: number[], h: number): number => {
  const i = Math.floor(h), f = h - i;
  return i + 1 < s.length ? s[i] + f * (s[i + 1] - s[i]) : s[i];
};

function percentileInc(s: number[], k: number): CellValue {
  if (!s.length || k < 0 || k > 1) return NUM();
  return at(s, (s.length - 1) * k);
}

function percentileExc(s: number[], k: number): CellValue {
  const h = (s.length + 1) * k - 1;
  if (!s.length || k <= 0 || k >= 1 || h < 0 || h > s.length - 1) return NUM();
  return at(s, h);
}

const quartile = (exc: boolean) =>
  ofArray(2, 2, (s, [q]) => {
    const t = Math.trunc(q);
    if (exc ? q <= 0 || t <= 0 || t >= 4 : q < 0 || t > 4) return NUM();
    return exc ? percentileExc(s, t / 4) : percentileInc(s, t / 4);
  });

/** Rounded down to `digits` significant decimals, reading the rank to 15 digits first (as Excel shows it). */
const truncate = (r: number, digits: number) => {
  const p = 10 ** digits;
  return Math.floor(Number((r * p).toPrecision(15))) / p;
};

/** The position of x among the sorted numbers (0-based, interpolated between neighbours), or #N/A outside them. */
function position(s: number[], x: number): number | ErrorValue {
  if (!s.length || x < s[0] || x > s[s.length - 1]) return NA();
  const below = s.filter((v) => v < x).length;
  if (s[below] === x) return below;
  return below - 1 + (x - s[below - 1]) / (s[below] - s[below - 1]);
}

const percentRank = (exc: boolean) =>
  ofArray(
    2,
    3,
    (s, [x, sig]) => {
      const digits = Math.trunc(sig);
      if (digits < 1) return NUM();
      const pos = position(s, x);
      if (isErrorValue(pos)) return pos;
      if (exc) return truncate((pos + 1) / (s.length + 1), digits);
      return s.length === 1 ? 1 : truncate(pos / (s.length - 1), digits);
    },
    [undefined, undefined, 3],
  );

/** RANK.EQ and RANK.AVG: the place of a number among the numbers of a range, largest first unless `order` is nonzero. */
function rank(average: boolean): PureFunction {
  return {
    min: 2,
    max: 3,
    ranges: [1],
    fn: (args) => {
      const x = numArg(args[0]);
      const ref = numbersOf([args[1]]);
      const order = args[2] === undefined ? 0 : numArg(args[2]);
      if (isErrorValue(x)) return x;
      if (!isNums(ref)) return ref;
      if (isErrorValue(order)) return order;
      const ties = ref.filter((v) => v === x).length;
      if (!ties) return NA();
      const before = ref.filter((v) => (order ? v < x : v > x)).length;
      return average ? before + (ties + 1) / 2 : before + 1;
    },
  };
}

/** FREQUENCY: for each bin (in any order), how many numbers are at most the bin and above the bins below it; one more count for the rest. */
const FREQUENCY: PureFunction = {
  min: 2,
  max: 2,
  ranges: "all",
  arrays: "all",
  fn: (args: Arg[]) => {
    const data = numbersOf([args[0]]);
    const bins = numbersOf([args[1]]);
    if (!isNums(data)) return data;
    if (!isNums(bins)) return bins;
    if (!bins.length) bins.push(0); // no number among the bins: Excel counts against one bin at 0
    const order = bins.map((b, i) => [b, i]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const counts = new Array<number>(bins.length + 1).fill(0);
    for (const x of data) {
      const k = order.find(([b]) => x <= b);
      counts[k ? k[1] : bins.length]++;
    }
    return counts.map((c): CellValue[] => [c]) as Grid;
  },
};

export const ORDER: PureFamily = {
  LARGE: kth(true),
  SMALL: kth(false),
  PERCENTILE: ofArray(2, 2, (s, [k]) => percentileInc(s, k)),
  "PERCENTILE.INC": ofArray(2, 2, (s, [k]) => percentileInc(s, k)),
  "PERCENTILE.EXC": ofArray(2, 2, (s, [k]) => percentileExc(s, k)),
  QUARTILE: quartile(false),
  "QUARTILE.INC": quartile(false),
  "QUARTILE.EXC": quartile(true),
  PERCENTRANK: percentRank(false),
  "PERCENTRANK.INC": percentRank(false),
  "PERCENTRANK.EXC": percentRank(true),
  RANK: rank(false),
  "RANK.EQ": rank(false),
  "RANK.AVG": rank(true),
  FREQUENCY,
};
