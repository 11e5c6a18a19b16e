/**
 * Arithmetic, logarithms, powers and angles as Excel defines them: the errors of each domain
 * (LN(0) #NUM!, LOG(x,1) #DIV/0!, 0^0 #NUM!), LOG as ln(x)/ln(base), RADIANS as x·(π/180).
 */
import type { CellValue } from "../../types";
import { err } from "../kinds";
import { binary, finite, TOOLPAK, tpNum, unary } from "./math-args";
import type { PureFamily, PureFunction } from "./types";

const positive = (f: (x: number) => number) => unary((x) => (x > 0 ? finite(f(x)) : err("#NUM!")));

function log(x: number, base: number): CellValue {
  if (x <= 0 || base <= 0) return err("#NUM!");
  if (base === 1) return err("#DIV/0!");
  return finite(Math.log(x) / Math.log(base));
}

function power(x: number, y: number): CellValue {
  if (x === 0) return y === 0 ? err("#NUM!") : y < 0 ? err("#DIV/0!") : 0;
  if (x < 0 && !Number.isInteger(y)) return err("#NUM!");
  return finite(x ** y);
}

/** MOD: the remainder with the divisor's sign, n - d·INT(n/d) with the quotient exact (MOD(5,1E-10) is 9.99998E-11, not 0). */
function mod(n: number, d: number): CellValue {
  if (d === 0) return err("#DIV/0!");
  const r = n % d;
  return finite(r !== 0 && r < 0 !== d < 0 ? r + d : r);
}

/** QUOTIENT (ToolPak): the integer part of n/d. */
const QUOTIENT: PureFunction = { ...TOOLPAK, min: 2, max: 2, fn: ([a, b]) => {
  const n = tpNum(a), d = tpNum(b);
  if (typeof n !== "number") return n;
  if (typeof d !== "number") return d;
  return d === 0 ? err("#DIV/0!") : finite(Math.trunc(n / d));
} };

export const BASIC: PureFamily = {
  ABS: unary((x) => Math.abs(x)),
  SIGN: unary((x) => Math.sign(x) + 0),
  MOD: binary(mod),
  QUOTIENT,
  LN: positive(Math.log),
  LOG10: positive(Math.log10),
  LOG: binary((x, b) => log(x, b), 1, 10),
  EXP: unary((x) => finite(Math.exp(x))),
  POWER: binary(power),
  SQRT: unary((x) => (x < 0 ? err("#NUM!") : Math.sqrt(x))),
  SQRTPI: { ...TOOLPAK, min: 1, max: 1, fn: ([a]) => {
    const x = tpNum(a);
    return typeof x !== "number" ? x : x < 0 ? err("#NUM!") : Math.sqrt(x * Math.PI);
  } },
  RADIANS: unary((x) => finite(x * (Math.PI / 180))),
  DEGREES: unary((x) => finite(x * (180 / Math.PI))),
};

