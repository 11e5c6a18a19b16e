/**
 * Aggregates with Excel's rules for what counts: in a range or an array only numbers count (text,
 * TRUE/FALSE and empty cells are skipped); typed directly as an argument, TRUE is 1 and number text
 * is read; an error anywhere is the result. SUMPRODUCT evaluates its arguments as arrays (in any
 * formula) and treats anything but a number as 0. NPV skips empty cells (they are not periods).
 */
import type { Node } from "../text/ast";
import type { CellValue } from "../types";
import { toNumber } from "./coerce";
import { own, type OwnFamily, type Special } from "./fn-logic";
import { Ctx, evalNode, operand, readArea } from "./interp";
import { err, Grid, isErrorValue, isGrid, isRef, Value } from "./kinds";
import { cancelled } from "./operators";

export type Fold = { nums: number[]; error: { error: string } | null; count: number; blanks: number };

export const emptyFold = (): Fold => ({ nums: [], error: null, count: 0, blanks: 0 });

/** Add one value as an aggregate reads it: `direct` when typed as an argument (TRUE and number text count), else from a range or an array. */
export function foldValue(out: Fold, v: CellValue, direct: boolean): void {
  if (v === null) return void out.blanks++;
  if (v !== "") out.count++;
  else out.blanks++;
  if (isErrorValue(v)) return void (out.error ??= v);
  if (typeof v === "number") return void out.nums.push(v);
  if (!direct) return;
  const n = toNumber(v);
  if (isErrorValue(n)) out.error ??= n;
  else out.nums.push(n);
}

/** The numbers of the arguments as an aggregate reads them. */
function collect(args: (Node | null)[], ctx: Ctx, arr: boolean, fromArgs = 0): Fold {
  const out = emptyFold();
  const cell = (v: CellValue, direct: boolean) => foldValue(out, v, direct);
  for (const a of args.slice(fromArgs)) {
    const v: Value = a ? evalNode(a, ctx, arr) : null;
    if (isRef(v)) for (const area of v.areas) readArea(area, ctx).forEach((row) => row.forEach((x) => cell(x, false)));
    else if (isGrid(v)) v.forEach((row) => row.forEach((x) => cell(x, false)));
    else cell(a ? v : 0, true);
  }
  return out;
}

function aggregate(f: (nums: number[]) => CellValue): Special {
  return (args, ctx, arr) => {
    const { nums, error } = collect(args, ctx, arr);
    return error ?? f(nums);
  };
}

const sum = (ns: number[]) => ns.reduce((a, b) => a + b, 0);

/**
 * SUM as a formula's last operation takes Excel's 15-digit rule at each addition, as `+` does
 * there: a running total that cancels to the noise of its terms' binary forms is 0 (=SUM(G59:G64)
 * of a balance that nets off shows 0, not 1.8E-15).
 */
const SUM: Special = (args, ctx, arr) => {
  const { nums, error } = collect(args, ctx, arr);
  if (error) return error;
  const last = ctx.top?.kind === "call" && ctx.top.args === args;
  return last ? nums.reduce((a, b) => cancelled(a + b, a, b), 0) : sum(nums);
};

/** COUNT: numbers (an error is skipped, not the result); COUNTA: anything not empty. */
const COUNT: Special = (args, ctx, arr) => {
  let n = 0;
  for (const a of args) {
    const v: Value = a ? evalNode(a, ctx, arr) : null;
    const cells = isRef(v) ? v.areas.flatMap((x) => readArea(x, ctx).flat()) : isGrid(v) ? v.flat() : null;
    if (cells) n += cells.filter((x) => typeof x === "number").length;
    else if (typeof v === "number" || typeof v === "boolean" || (typeof v === "string" && !isErrorValue(toNumber(v)))) n++;
    else if (v === null && !a) n++;
  }
  return n;
};

const COUNTA: Special = (args, ctx, arr) => {
  let n = 0;
  for (const a of args) {
    const v: Value = a ? evalNode(a, ctx, arr) : null;
    const cells = isRef(v) ? v.areas.flatMap((x) => readArea(x, ctx).flat()) : isGrid(v) ? v.flat() : [v];
    n += cells.filter((x) => x !== null).length;
  }
  return n;
};

const COUNTBLANK: Special = (args, ctx) => {
  if (args.length !== 1 || !args[0]) return err("#VALUE!");
  const v = evalNode(args[0], ctx, true);
  if (!isRef(v)) return err("#VALUE!");
  return readArea(v.areas[0], ctx).flat().filter((x) => x === null || x === "").length;
};

const SUMPRODUCT: Special = (args, ctx) => {
  let grids: Grid[] = [];
  for (const a of args) {
    if (!a) return err("#VALUE!");
    const v = operand(evalNode(a, ctx, true), ctx, true);
    grids.push(isGrid(v) ? v : [[v]]);
  }
  if (grids.length === 0) return err("#VALUE!");
  const rows = grids[0].length, cols = grids[0][0].length;
  if (grids.some((g) => g.length !== rows || g[0].length !== cols)) return err("#VALUE!");
  grids = grids.map((g) => g.map((row) => row.map((x) => (isErrorValue(x) || typeof x === "number" ? x : 0))));
  let total = 0;
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      let p = 1;
      for (const g of grids) {
        const x = g[r][c];
        if (isErrorValue(x)) return x;
        p *= x as number;
      }
      total += p;
    }
  return total;
};

const NPV: Special = (args, ctx, arr) => {
  if (args.length < 2 || !args[0]) return err("#VALUE!");
  const rate = toNumber(operand(evalNode(args[0], ctx, arr), ctx, false) as CellValue);
  if (isErrorValue(rate)) return rate;
  const { nums, error } = collect(args, ctx, arr, 1);
  if (error) return error;
  if (rate === -1) return err("#DIV/0!");
  return nums.reduce((acc, x, i) => acc + x / Math.pow(1 + rate, i + 1), 0);
};

/** The (x, y) pairs of two arrays where both are numbers, or the error to return. */
function pairs(args: (Node | null)[], ctx: Ctx): [number[], number[]] | { error: string } {
  if (args.length !== 2 || !args[0] || !args[1]) return err("#VALUE!");
  const [ys, xs] = args.map((a) => operand(evalNode(a as Node, ctx, true), ctx, true)).map((v) => (isGrid(v) ? v.flat() : [v]));
  if (ys.length !== xs.length) return err("#N/A");
  const e = [...ys, ...xs].find(isErrorValue);
  if (e) return e;
  const keep = ys.map((y, i) => typeof y === "number" && typeof xs[i] === "number");
  return [xs.filter((_, i) => keep[i]) as number[], ys.filter((_, i) => keep[i]) as number[]];
}

/** The least-squares line through the pairs: SLOPE and INTERCEPT. */
function line(which: "slope" | "intercept"): Special {
  return (args, ctx) => {
    const p = pairs(args, ctx);
    if (!Array.isArray(p)) return p;
    const [xs, ys] = p;
    if (xs.length === 0) return err("#DIV/0!");
    const mx = sum(xs) / xs.length, my = sum(ys) / ys.length;
    const sxx = sum(xs.map((x) => (x - mx) ** 2)), sxy = sum(xs.map((x, i) => (x - mx) * (ys[i] - my)));
    if (sxx === 0) return err("#DIV/0!");
    return which === "slope" ? sxy / sxx : my - (sxy / sxx) * mx;
  };
}

/** Every argument a range, a value or an array, 1 to 255 of them. */
const many = (special: Special) => own(special, 1, 255, { ranges: "all" });
const twoArrays = (special: Special) => own(special, 2, 2, { ranges: "all", arrays: "all" });

export const AGGREGATES: OwnFamily = {
  SUM: many(SUM),
  AVERAGE: many(aggregate((ns) => (ns.length ? sum(ns) / ns.length : err("#DIV/0!")))),
  MIN: many(aggregate((ns) => (ns.length ? Math.min(...ns) : 0))),
  MAX: many(aggregate((ns) => (ns.length ? Math.max(...ns) : 0))),
  PRODUCT: many(aggregate((ns) => (ns.length ? ns.reduce((a, b) => a * b, 1) : 0))),
  SUMSQ: many(aggregate((ns) => sum(ns.map((x) => x * x)))),
  COUNT: many(COUNT),
  COUNTA: many(COUNTA),
  COUNTBLANK: own(COUNTBLANK, 1, 1, { refs: [0] }),
  SUMPRODUCT: own(SUMPRODUCT, 1, 255, { ranges: "all", arrays: "all" }),
  NPV: own(NPV, 2, 255, { ranges: Array.from({ length: 254 }, (_, i) => i + 1) }),
  SLOPE: twoArrays(line("slope")),
  INTERCEPT: twoArrays(line("intercept")),
};
