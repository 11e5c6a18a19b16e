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

/** Doubles that hold an integer exactly: their difference is exact, never noise. */
const exactInteger = (x: number) => Number.isInteger(x) && Math.abs(x) <= 2 ** 53;

/**
 * Excel's 15-digit rule for the last operation of a formula: a sum or difference that cancels to
 * less than 2^-48 of both operands is the noise of their binary forms, and is 0 (=0.3-0.2-0.1 is 0;
 * =1*(0.3-0.2-0.1) is -2.77556E-17). The bound is LibreOffice's rtl::math::approxEqual, written to
 * reproduce Excel.
 */
export function cancelled(sum: number, x: number, y: number): number {
  if (sum === 0 || Math.sign(x) === Math.sign(y) || x === 0 || y === 0) return sum;
  const d = Math.abs(sum), a = Math.abs(x), b = Math.abs(y);
  if (exactInteger(d) && exactInteger(a) && exactInteger(b)) return sum;
  return d < a * 2 ** -48 && d < b * 2 ** -48 ? 0 : sum;
}

function arithmetic(op: BinaryOp, x: number, y: number, last: boolean): CellValue {
  switch (op) {
    case "+":
      return last ? cancelled(x + y, x, y) : x + y;
    case "-":
      return last ? cancelled(x - y, x, -y) : x - y;
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

/** `last`: the formula's last operation (Excel's 15-digit rule for + and - applies there only). */
export function scalarBinary(op: BinaryOp, a: CellValue, b: CellValue, last = false): CellValue {
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
  const r = arithmetic(op, x, y, last);
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
