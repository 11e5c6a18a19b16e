/** LINEST, LOGEST, TREND and GROWTH: least squares over one or several x variables, as Microsoft documents them. */
import type { CellValue, ErrorValue } from "../../types";
import { toBool } from "../coerce";
import { err, Grid, isErrorValue, isGrid, unsupported } from "../kinds";
import { Fit, leastSquares } from "./stat-lsq";
import { NA, NUM } from "./stat-read";
import type { Arg, PureFamily, PureFunction } from "./types";

interface Data {
  y: number[];
  /** One array per x variable. */
  xs: number[][];
  /** y is one row: the variables are rows of x (else columns). */
  yRow: boolean;
}

const asGrid = (a: Arg): Grid => (a === undefined ? [[null]] : isGrid(a) ? a : [[a]]);
const given = (a: Arg) => a !== undefined && a !== null;

/** Every value a number, else #VALUE! (an error value included, as Excel answers). */
function numbersIn(g: Grid): number[][] | ErrorValue {
  for (const row of g) for (const v of row) if (typeof v !== "number") return err("#VALUE!");
  return g as number[][];
}

const columns = (g: number[][]) => g[0].map((_, c) => g.map((row) => row[c]));

/** The x variables laid out as y is: one array of y's shape, or columns beside a y column, or rows under a y row. */
function variables(x: number[][], yRows: number, yCols: number): number[][] | ErrorValue {
  if (x.length === yRows && x[0].length === yCols) return [x.flat()];
  if (yCols === 1 && x.length === yRows) return columns(x);
  if (yRows === 1 && x[0].length === yCols) return x;
  return err("#REF!");
}

/** The y values and x variables: shapes first (#REF! when they do not fit), then values (#VALUE! for anything but numbers). */
function readData(yArg: Arg, xArg: Arg, logY: boolean): Data | ErrorValue {
  const yRaw = asGrid(yArg);
  const shaped = given(xArg) ? variables(asGrid(xArg) as number[][], yRaw.length, yRaw[0].length) : null;
  if (shaped && isErrorValue(shaped)) return shaped;
  const yg = numbersIn(yRaw);
  if (isErrorValue(yg)) return yg;
  const y = yg.flat();
  if (logY && y.some((v) => v <= 0)) return NUM();
  const yRow = yg.length === 1 && yg[0].length > 1;
  if (!shaped) return { y: logY ? y.map(Math.log) : y, xs: [y.map((_, i) => i + 1)], yRow };
  if (shaped.some((c) => c.some((v) => typeof v !== "number"))) return err("#VALUE!");
  return { y: logY ? y.map(Math.log) : y, xs: shaped, yRow };
}

/** const and stats: TRUE/FALSE (omitted: the default); anything else, an error included, is #VALUE!. */
function flag(a: Arg, dflt: boolean): boolean | ErrorValue {
  if (!given(a)) return dflt;
  const b = toBool(isGrid(a as Grid) ? (a as Grid)[0][0] : (a as CellValue));
  return isErrorValue(b) ? err("#VALUE!") : b;
}

function fit(d: Data, constant: boolean): Fit {
  const f = leastSquares(d.xs, d.y, constant);
  if (!f) unsupported("LINEST over collinear x values (Excel drops one of them)");
  return f;
}

/** An exact fit's residuals are rounding noise, which Excel rounds to zero in ways it does not document. */
const exact = (f: Fit) => f.ssResid <= 1e-20 * (f.ssReg + f.ssResid);

/** LINEST's answer: the slopes right to left, then b; with stats, four more rows of statistics. */
function linestGrid(f: Fit, stats: boolean, constant: boolean, exp: boolean): Grid {
  const k = f.m.length, on = (v: number) => (exp ? Math.exp(v) : v);
  const first: CellValue[] = [...f.m.map(on).reverse(), on(f.b)];
  if (!stats) return [first];
  if (f.df < 1) unsupported("LINEST statistics with no degrees of freedom left");
  if (exact(f)) unsupported("LINEST statistics of a line through every point (Excel's rounding of an exact fit)");
  const pad = (row: CellValue[]) => [...row, ...new Array<CellValue>(k + 1 - row.length).fill(NA())];
  return [
    first,
    [...f.se.slice().reverse(), constant ? f.seB : NA()],
    pad([f.r2, f.seY]),
    pad([f.f, f.df]),
    pad([f.ssReg, f.ssResid]),
  ];
}

function linest(exp: boolean): PureFunction {
  return {
    min: 1,
    max: 4,
    ranges: [0, 1],
    arrays: [0, 1],
    readsErrors: true, // an error for const or stats is #VALUE!
    fn: (args) => {
      const constant = flag(args[2], true), stats = flag(args[3], false);
      if (isErrorValue(constant)) return constant;
      if (isErrorValue(stats)) return stats;
      const d = readData(args[0], args[1], exp);
      if (isErrorValue(d)) return d;
      return linestGrid(fit(d, constant), stats, constant, exp);
    },
  };
}

/** The new x points as rows of the variables' values, and the shape the answer takes. */
function newPoints(d: Data, newArg: Arg): { points: number[][]; shape: (vals: number[]) => Grid } | ErrorValue {
  const k = d.xs.length;
  if (!given(newArg)) {
    const pts = d.y.map((_, i) => d.xs.map((c) => c[i]));
    return { points: pts, shape: (v) => (d.yRow ? [v] : v.map((x) => [x])) };
  }
  const g = numbersIn(asGrid(newArg));
  if (isErrorValue(g)) return g;
  if (k === 1) return { points: g.flat().map((v) => [v]), shape: (v) => g.map((row, r) => row.map((_, c) => v[r * row.length + c])) };
  if (!d.yRow && g[0].length === k) return { points: g, shape: (v) => v.map((x) => [x]) };
  if (d.yRow && g.length === k) return { points: columns(g), shape: (v) => [v] };
  return err("#REF!");
}

function trend(exp: boolean): PureFunction {
  return {
    min: 1,
    max: 4,
    ranges: [0, 1, 2],
    arrays: [0, 1, 2],
    readsErrors: true,
    fn: (args) => {
      const constant = flag(args[3], true);
      if (isErrorValue(constant)) return constant;
      const d = readData(args[0], args[1], exp);
      if (isErrorValue(d)) return d;
      const pts = newPoints(d, args[2]);
      if (isErrorValue(pts)) return pts;
      const f = fit(d, constant);
      const vals = pts.points.map((p) => f.b + p.reduce((acc, x, j) => acc + f.m[j] * x, 0));
      const scale = Math.max(...d.y.map(Math.abs));
      if (vals.some((v) => v !== 0 && Math.abs(v) < 1e-13 * scale)) unsupported("a TREND value that cancels to rounding noise");
      return pts.shape(exp ? vals.map(Math.exp) : vals);
    },
  };
}

export const REGRESSION: PureFamily = { LINEST: linest(false), LOGEST: linest(true), TREND: trend(false), GROWTH: trend(true) };
