/** Statistics of paired numbers (x, y): correlation, covariance, the least-squares line's error and forecast. */
import type { CellValue, ErrorValue } from "../../types";
import { isErrorValue, isGrid, unsupported } from "../kinds";
import { DIV0, NA, mean, numArg, sum } from "./stat-read";
import type { Arg, PureFamily, PureFunction } from "./types";

interface Sums {
  n: number;
  mx: number;
  my: number;
  sxx: number;
  syy: number;
  sxy: number;
}

const cells = (a: Arg): CellValue[] => (a === undefined ? [] : isGrid(a) ? a.flat() : [a]);

/**
 * The pairs where both values are numbers, from two arrays of the same size (else #N/A); an error
 * in either is the result: of several, the first pair's in reading order, the first array's before
 * the second's, as Excel's stored values show. Where #NULL! is among several different errors they
 * show another choice, which the engine does not guess: UNSUPPORTED.
 */
export function pairsOf(first: Arg, second: Arg): { a: number[]; b: number[] } | ErrorValue {
  const p = cells(first), q = cells(second);
  if (p.length !== q.length) return NA();
  const codes = new Set([...p, ...q].filter(isErrorValue).map((e) => e.error));
  if (codes.size > 1 && codes.has("#NULL!")) unsupported("which of several different errors Excel answers when #NULL! is among them");
  const out = { a: [] as number[], b: [] as number[] };
  for (let i = 0; i < p.length; i++) {
    const u = p[i], v = q[i];
    if (isErrorValue(u)) return u;
    if (isErrorValue(v)) return v;
    if (typeof u === "number" && typeof v === "number") out.a.push(u), out.b.push(v);
  }
  return out;
}

function sums(xs: number[], ys: number[]): Sums {
  const mx = mean(xs), my = mean(ys);
  return {
    n: xs.length,
    mx,
    my,
    sxx: sum(xs.map((x) => (x - mx) ** 2)),
    syy: sum(ys.map((y) => (y - my) ** 2)),
    sxy: sum(xs.map((x, i) => (x - mx) * (ys[i] - my))),
  };
}

/** A function of two arrays (the first read as y for the regression functions, as Excel orders them). */
function paired(f: (s: Sums) => CellValue, yFirst = false): PureFunction {
  return {
    min: 2,
    max: 2,
    ranges: "all",
    arrays: "all",
    fn: (args) => {
      const p = pairsOf(args[0], args[1]);
      if (isErrorValue(p)) return p;
      if (!p.a.length) return DIV0();
      const out = yFirst ? f(sums(p.b, p.a)) : f(sums(p.a, p.b));
      return typeof out === "number" && !Number.isFinite(out) ? DIV0() : out;
    },
  };
}

const correl = (s: Sums): CellValue => (s.sxx === 0 || s.syy === 0 ? DIV0() : s.sxy / Math.sqrt(s.sxx * s.syy));

/** FORECAST(x, known_y's, known_x's): the least-squares line's value at x. */
const FORECAST: PureFunction = {
  min: 3,
  max: 3,
  ranges: [1, 2],
  arrays: [1, 2],
  fn: (args) => {
    const x = numArg(args[0]);
    if (isErrorValue(x)) return x;
    const p = pairsOf(args[1], args[2]);
    if (isErrorValue(p)) return p;
    if (!p.a.length) return DIV0();
    const s = sums(p.b, p.a);
    if (s.sxx === 0) return DIV0();
    const b = s.sxy / s.sxx;
    return s.my - b * s.mx + b * x;
  },
};

export const PAIRS: PureFamily = {
  CORREL: paired(correl),
  PEARSON: paired(correl),
  RSQ: paired((s) => {
    const r = correl(s);
    return typeof r === "number" ? r * r : r;
  }, true),
  STEYX: paired((s) => (s.n < 3 || s.sxx === 0 ? DIV0() : Math.sqrt((s.syy - (s.sxy * s.sxy) / s.sxx) / (s.n - 2))), true),
  COVAR: paired((s) => s.sxy / s.n),
  "COVARIANCE.P": paired((s) => s.sxy / s.n),
  "COVARIANCE.S": paired((s) => (s.n < 2 ? DIV0() : s.sxy / (s.n - 1))),
  FORECAST,
  "FORECAST.LINEAR": FORECAST,
};

