/**
 * Excel's operators on values, element by element over arrays: a single value or a single row or
 * column is repeated to the other side's size; cells outside the smaller array are #N/A. Errors
 * propagate as themselves (the left one first).
 */
import type { BinaryOp } from "../text/ast";
import type { CellValue } from "../types";
import { compareValues, toNumber, toText } from "./coerce";
import { err, Grid, isErrorValue } from "./kinds";

/** Apply `f` to each pair of cells of `a` and `b`, broadcast as Excel does. */
export function zip(a: CellValue | Grid, b: CellValue | Grid, f: (x: CellValue, y: CellValue) => CellValue): CellValue | Grid {
  if (!Array.isArray(a) && !Array.isArray(b)) return f(a, b);
  const ga = Array.isArray(a) ? a : [[a]], gb = Array.isArray(b) ? b : [[b]];
  const rows = Math.max(ga.length, gb.length), cols = Math.max(ga[0]?.length ?? 0, gb[0]?.length ?? 0);
  const at = (g: Grid, r: number, c: number): CellValue | undefined => {
    const rr = g.length === 1 ? 0 : r, cc = (g[0]?.length ?? 0) === 1 ? 0 : c;
    return g[rr]?.[cc];
  };
  const out: Grid = [];
  for (let r = 0; r < rows; r++) {
    const row: CellValue[] = [];
    for (let c = 0; c < cols; c++) {
      const x = at(ga, r, c), y = at(gb, r, c);
      row.push(x === undefined || y === undefined ? err("#N/A") : f(x, y));
    }
    out.push(row);
  }
  return out;
}

export function map(a: CellValue | Grid, f: (x: CellValue) => CellValue): CellValue | Grid {
  return Array.isArray(a) ? a.map((row) => row.map(f)) : f(a);
}

/** Excel zeroes a sum or difference that is only rounding noise of its operands (0.1+0.2-0.3 is 0). */
function tidy(sum: number, x: number, y: number): number {
  return sum !== 0 && Math.abs(sum) < Math.max(Math.abs(x), Math.abs(y)) * 2.3e-16 * 4 ? 0 : sum;
}

function arithmetic(op: BinaryOp, x: number, y: number): CellValue {
  switch (op) {
    case "+":
      return tidy(x + y, x, y);
    case "-":
      return tidy(x - y, x, y);
    case "*":
      return x * y;
    case "/":
      return y === 0 ? err("#DIV/0!") : x / y;
    default: {
      if (x === 0 && y === 0) return err("#NUM!");
      if (x === 0 && y < 0) return err("#DIV/0!");
      const p = Math.pow(x, y);
      return Number.isFinite(p) ? p : err("#NUM!");
    }
  }
}

function compare(op: BinaryOp, a: CellValue, b: CellValue): boolean {
  const c = compareValues(a, b);
  switch (op) {
    case "=":
      return c === 0;
    case "<>":
      return c !== 0;
    case "<":
      return c < 0;
    case ">":
      return c > 0;
    case "<=":
      return c <= 0;
    default:
      return c >= 0;
  }
}

export function scalarBinary(op: BinaryOp, a: CellValue, b: CellValue): CellValue {
  if (isErrorValue(a)) return a;
  if (isErrorValue(b)) return b;
  if (op === "&") {
    const x = toText(a), y = toText(b);
    return isErrorValue(x) ? x : isErrorValue(y) ? y : x + y;
  }
  if (op === "=" || op === "<>" || op === "<" || op === ">" || op === "<=" || op === ">=") return compare(op, a, b);
  const x = toNumber(a), y = toNumber(b);
  if (isErrorValue(x)) return x;
  if (isErrorValue(y)) return y;
  const r = arithmetic(op, x, y);
  return typeof r === "number" && !Number.isFinite(r) ? err("#NUM!") : r;
}

export function negate(v: CellValue): CellValue {
  const x = toNumber(v);
  return isErrorValue(x) ? x : -x;
}

export function percent(v: CellValue): CellValue {
  const x = toNumber(v);
  return isErrorValue(x) ? x : x / 100;
}
