/** BITAND, BITOR, BITXOR, BITLSHIFT, BITRSHIFT and DELTA, GESTEP: whole numbers below 2^48, as Excel defines them. */
import type { CellValue } from "../../types";
import { err } from "../kinds";
import { binary, TOOLPAK, tpNum } from "./math-args";
import type { PureFamily, PureFunction } from "./types";

const LIMIT = 2 ** 48;
const valid = (x: number) => Number.isInteger(x) && x >= 0 && x < LIMIT;

/** Bitwise over 48 bits: split in two 24-bit halves, JavaScript's operators being 32-bit. */
function bitwise(op: (a: number, b: number) => number): PureFunction {
  return binary((a, b) => {
    if (!valid(a) || !valid(b)) return err("#NUM!");
    const H = 2 ** 24;
    return op(Math.floor(a / H), Math.floor(b / H)) * H + op(a % H, b % H);
  });
}

function shift(left: boolean): PureFunction {
  return binary((a, s): CellValue => {
    const n = Math.trunc(s);
    if (!valid(a) || Math.abs(n) > 53) return err("#NUM!");
    const by = left ? n : -n;
    const r = by >= 0 ? a * 2 ** by : Math.floor(a / 2 ** -by);
    return r >= LIMIT ? err("#NUM!") : r;
  });
}

/** DELTA and GESTEP (ToolPak): the second number defaults to 0. */
function compare(f: (a: number, b: number) => boolean): PureFunction {
  return { ...TOOLPAK, min: 1, max: 2, fn: ([a, b]) => {
    const x = tpNum(a), y = tpNum(b);
    if (typeof x !== "number") return x;
    if (typeof y !== "number") return y;
    return f(x, y) ? 1 : 0;
  } };
}

export const BITS: PureFamily = {
  BITAND: bitwise((a, b) => a & b),
  BITOR: bitwise((a, b) => a | b),
  BITXOR: bitwise((a, b) => a ^ b),
  BITLSHIFT: shift(true),
  BITRSHIFT: shift(false),
  DELTA: compare((a, b) => a === b),
  GESTEP: compare((a, b) => a >= b),
};
