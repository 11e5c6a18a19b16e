/**
 * The LAMBDA helpers: MAP (each element of one or more arrays), REDUCE and SCAN (an accumulator over
 * the elements, row by row), BYROW and BYCOL (each row or column, as a reference when the array is
 * one), MAKEARRAY (each row and column number). The LAMBDA must take as many parameters as the helper
 * gives it (else #VALUE!); what it gives for an element must be one value.
 */
import type { Node } from "../text/ast";
import type { AreaRef, CellValue } from "../types";
import { invoke, lambdaArg, oneResult } from "./fn-lambda";
import type { Special } from "./fn-logic";
import { Ctx, evalNode, operand } from "./interp";
import { err, Grid, isErrorValue, isGrid, isLambda, isRef, unsupported, Value } from "./kinds";

/** An argument read whole as an array (a range's cells, one value as a 1×1 array). */
function arrayOf(n: Node | null, ctx: Ctx): Grid {
  if (!n) return [[null]];
  const v = operand(evalNode(n, ctx, true), ctx, true);
  return isGrid(v) ? v : [[v]];
}

const MAP: Special = (args, ctx, arr) => {
  if (args.length < 2) return err("#VALUE!");
  const fn = lambdaArg(args[args.length - 1], ctx, args.length - 1);
  if (!isLambda(fn)) return fn;
  const arrays = args.slice(0, -1).map((a) => arrayOf(a, ctx));
  const rows = arrays[0].length, cols = arrays[0][0].length;
  if (arrays.some((g) => g.length !== rows || g[0].length !== cols)) unsupported("MAP over arrays of different sizes");
  return arrays[0].map((row, r) => row.map((_, c) => oneResult(invoke(fn, arrays.map((g) => g[r][c]), ctx, arr), ctx)));
};

/** REDUCE and SCAN: the accumulator through each element, row by row; SCAN keeps every step. */
function accumulate(keep: boolean): Special {
  return (args, ctx, arr) => {
    if (args.length !== 3) return err("#VALUE!");
    const fn = lambdaArg(args[2], ctx, 2);
    if (!isLambda(fn)) return fn;
    let acc: Value = args[0] ? evalNode(args[0], ctx, arr) : null;
    const items = arrayOf(args[1], ctx);
    const steps = items.map((row) =>
      row.map((x) => {
        acc = invoke(fn, [acc, x], ctx, arr);
        return keep ? oneResult(acc, ctx) : null;
      }),
    );
    return keep ? steps : acc;
  };
}

/** BYROW and BYCOL: the LAMBDA once per row (a column of results) or per column (a row of results). */
function by(rows: boolean): Special {
  return (args, ctx, arr) => {
    if (args.length !== 2 || !args[0]) return err("#VALUE!");
    const fn = lambdaArg(args[1], ctx, 1);
    if (!isLambda(fn)) return fn;
    const v = evalNode(args[0], ctx, true);
    const parts: Value[] = [];
    if (isRef(v) && v.areas.length === 1) {
      const a: AreaRef = v.areas[0];
      const n = rows ? a.r1 - a.r0 + 1 : a.c1 - a.c0 + 1;
      for (let i = 0; i < n; i++) parts.push({ areas: [rows ? { ...a, r0: a.r0 + i, r1: a.r0 + i } : { ...a, c0: a.c0 + i, c1: a.c0 + i }] });
    } else {
      const g = operand(v, ctx, true);
      const grid = isGrid(g) ? g : [[g]];
      if (rows) grid.forEach((row) => parts.push([row]));
      else grid[0].forEach((_, c) => parts.push(grid.map((row) => [row[c]])));
    }
    const out = parts.map((p) => oneResult(invoke(fn, [p], ctx, arr), ctx));
    return rows ? out.map((x) => [x]) : [out];
  };
}

/** A count argument (rows, columns): a number truncated, at least 1 (text is #VALUE!). */
function count(n: Node | null, ctx: Ctx): number | CellValue {
  const v = n ? operand(evalNode(n, ctx, true), ctx, true) : err("#VALUE!");
  if (isGrid(v)) return v.length === 1 && v[0].length === 1 ? count1(v[0][0]) : unsupported("MAKEARRAY with an array of sizes");
  return count1(v);
}

function count1(v: CellValue): number | CellValue {
  if (typeof v === "boolean") unsupported("MAKEARRAY with TRUE or FALSE as a size");
  if (typeof v !== "number") return isErrorValue(v) ? v : err("#VALUE!");
  const k = Math.trunc(v);
  return k >= 1 && k <= 1_048_576 ? k : err("#VALUE!");
}

const MAKEARRAY: Special = (args, ctx, arr) => {
  if (args.length !== 3) return err("#VALUE!");
  const rows = count(args[0], ctx), cols = count(args[1], ctx);
  if (typeof rows !== "number") return rows;
  if (typeof cols !== "number") return cols;
  const fn = lambdaArg(args[2], ctx, 2);
  if (!isLambda(fn)) return fn;
  if (rows * cols > 1_000_000) unsupported("MAKEARRAY of more than 1,000,000 cells");
  const out: Grid = [];
  for (let r = 1; r <= rows; r++) {
    const row: CellValue[] = [];
    for (let c = 1; c <= cols; c++) row.push(oneResult(invoke(fn, [r, c], ctx, arr), ctx));
    out.push(row);
  }
  return out;
};

export const LAMBDA_HELPERS: Record<string, Special> = { MAP, REDUCE: accumulate(false), SCAN: accumulate(true), BYROW: by(true), BYCOL: by(false), MAKEARRAY };
