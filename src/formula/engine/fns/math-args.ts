/**
 * How the math and engineering functions read one-value arguments, as Excel does: an empty cell or
 * an empty argument is 0, TRUE/FALSE are 1/0, numeric text is its number, other text is #VALUE!;
 * a result that is not a finite number is #NUM!.
 */
import type { CellValue, ErrorValue } from "../../types";
import { numberFromText } from "../coerce";
import { err } from "../kinds";
import type { Arg, PureFunction } from "./types";

/** A number argument (an omitted one reads `missing`). */
export function num(a: Arg, missing: number | ErrorValue = 0): number | ErrorValue {
  if (a === undefined) return missing;
  if (a === null) return 0;
  if (typeof a === "number") return a;
  if (typeof a === "boolean") return a ? 1 : 0;
  if (typeof a === "string") return numberFromText(a);
  if (Array.isArray(a)) return err("#VALUE!");
  return a;
}

/** A number argument truncated toward zero, as Excel reads a count, a digit count or a flag. */
export function whole(a: Arg, missing: number | ErrorValue = 0): number | ErrorValue {
  const n = num(a, missing);
  return typeof n === "number" ? Math.trunc(n) : n;
}

/** A text argument: numbers in the General format, TRUE/FALSE, an empty cell as "". */
export function text(a: Arg): string | ErrorValue {
  if (a === undefined || a === null) return "";
  if (typeof a === "string") return a;
  if (typeof a === "boolean") return a ? "TRUE" : "FALSE";
  if (typeof a === "number") return String(Number(a.toPrecision(15)));
  if (Array.isArray(a)) return err("#VALUE!");
  return a;
}

/** A finite number, or #NUM! (Excel has no infinities or NaN). */
export const finite = (x: number): CellValue => (Number.isFinite(x) ? x + 0 : err("#NUM!"));

/**
 * Excel reads the arguments in order and the first that fails is the result: FLOOR("eight",#N/A) is
 * #VALUE!. The functions built here read error arguments themselves (num passes them through).
 */
export const IN_ORDER = { readsErrors: true } as const;

/**
 * The Analysis ToolPak's functions (MROUND, QUOTIENT, GCD, the base conversions, CONVERT ...) take
 * no TRUE/FALSE for a number (#VALUE!), read an empty argument `F(1,)` as #N/A and a range for one
 * value as #VALUE!.
 */
export const TOOLPAK = { readsErrors: true, emptyArgument: err("#N/A"), refusesRanges: true } as const;

/** A number argument of a ToolPak function. */
export const tpNum = (a: Arg, missing: number | ErrorValue = 0): number | ErrorValue => (typeof a === "boolean" ? err("#VALUE!") : num(a, missing));

/** A function of one number: `f` gets the number, an error argument is the result. */
export function unary(f: (x: number) => CellValue): PureFunction {
  return { ...IN_ORDER, min: 1, max: 1, fn: ([a]) => {
    const x = num(a);
    return typeof x === "number" ? f(x) : x;
  } };
}

/** A function of two numbers (the second omitted reads `missing`). */
export function binary(f: (x: number, y: number) => CellValue, min = 2, missing: number | ErrorValue = 0): PureFunction {
  return { ...IN_ORDER, min, max: 2, fn: ([a, b]) => {
    const x = num(a), y = num(b, missing);
    if (typeof x !== "number") return x;
    return typeof y === "number" ? f(x, y) : y;
  } };
}
