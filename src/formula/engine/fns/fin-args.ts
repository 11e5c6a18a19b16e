/**
 * How the financial and date functions read their one-value arguments, as Excel does: a number,
 * TRUE/FALSE as 1/0, number text read as a number, an empty cell or an empty argument as 0; other
 * text is #VALUE!. A date argument drops its time of day and must fall in Excel's calendar
 * (0 to 9999-12-31), else #NUM!.
 */
import type { CellValue, ErrorValue } from "../../types";
import { numberFromText } from "../coerce";
import { err, isErrorValue, isGrid, unsupported } from "../kinds";
import type { Arg, PureFunction } from "./types";

/** The last day of Excel's calendar: 9999-12-31. */
export const LAST_SERIAL = 2958465;

export type Num = number | ErrorValue;

export function num(a: Arg): Num {
  if (a === undefined || a === null) return 0;
  if (isGrid(a)) return err("#VALUE!");
  if (typeof a === "number") return a;
  if (typeof a === "boolean") return a ? 1 : 0;
  if (typeof a === "string") return numberFromText(a);
  return a;
}

/**
 * A date argument: its day, #NUM! outside Excel's calendar. The time of day is dropped after Excel
 * rounds it to the nearest second (a time within half a second of midnight is the next day).
 */
export function day(a: Arg): Num {
  const n = num(a);
  return typeof n === "number" ? dayOf(n) : n;
}

/** A number result as a cell holds it: an infinite or undefined result is #NUM!. */
export const finite = (v: Num): CellValue => (typeof v === "number" && !Number.isFinite(v) ? err("#NUM!") : v);

/**
 * How each parameter is read: a number, a date (day), or an integer (truncated). Upper case: the
 * Analysis ToolPak's functions, which refuse TRUE/FALSE (#VALUE!).
 */
export type Reader = "n" | "d" | "i" | "N" | "D" | "I";

const noBool = (read: (a: Arg) => Num) => (a: Arg): Num => (typeof a === "boolean" ? err("#VALUE!") : read(a));
const integer = (a: Arg): Num => truncated(num(a));
const READ: Record<Reader, (a: Arg) => Num> = { n: num, d: num, i: integer, N: noBool(num), D: noBool(num), I: noBool(integer) };

const truncated = (n: Num): Num => (typeof n === "number" ? Math.trunc(n) : n);

/** The day of an argument already read as a number: #NUM! outside Excel's calendar. */
function dayOf(n: number): Num {
  if (n < 0 || n >= LAST_SERIAL + 1) return err("#NUM!");
  return Math.floor(n) + (Math.round((n - Math.floor(n)) * 86400) >= 86400 ? 1 : 0);
}

/**
 * A function of numbers: `readers` says how each parameter is read ("nnd" ...), `defaults` the value
 * of an omitted optional parameter (undefined: 0). Every argument is read before any date is checked
 * (text where a number belongs is #VALUE! before a date out of range is #NUM!). `f` gets every
 * parameter read and the count given.
 */
export function numeric(min: number, readers: string, f: (x: number[], given: number) => Num, defaults: (number | undefined)[] = []): PureFunction {
  return {
    min,
    max: readers.length,
    fn: (args) => {
      const x: number[] = [];
      for (let i = 0; i < readers.length; i++) {
        const v = args[i] === undefined ? defaults[i] ?? 0 : READ[readers[i] as Reader](args[i]);
        if (isErrorValue(v)) return v;
        x.push(v);
      }
      for (let i = 0; i < readers.length; i++) {
        if (!/[dD]/.test(readers[i]) || args[i] === undefined) continue;
        const d = dayOf(x[i]);
        if (isErrorValue(d)) return d;
        x[i] = d;
      }
      return finite(f(x, args.length));
    },
  };
}

export const NUM = (): ErrorValue => err("#NUM!");
export const DIV0 = (): ErrorValue => err("#DIV/0!");
export const VALUE = (): ErrorValue => err("#VALUE!");

/** One unit of the 15th significant digit of y: how far two results may lie apart and show the same 15 digits. */
const digit15 = (y: number) => 10 ** (Math.floor(Math.log10(Math.abs(y))) - 14);

/**
 * A result whose digits the arguments determine: when changing any of `params` by one unit in the
 * last place (as Excel's and the engine's arithmetic round differently) moves the result by more than
 * one unit of its 15th significant digit, the result's last digits depend on how the arithmetic is carried out
 * (terms that cancel, a power with a large exponent, a root at the noise floor). The engine does not
 * give such a result as Excel's: UNSUPPORTED, with the name and the reason.
 */
export function settled(name: string, f: (x: number[]) => Num, params: readonly number[]) {
  return (x: number[]): Num => {
    const y = f(x);
    if (typeof y !== "number" || y === 0 || !Number.isFinite(y)) return y;
    for (const i of params) {
      if (x[i] === 0) continue;
      for (const s of [1 + 2 ** -52, 1 - 2 ** -53]) {
        const z = f(x.map((v, j) => (j === i ? v * s : v)));
        if (typeof z !== "number" || Math.abs(z - y) > digit15(y)) unsupported(`${name} here loses digits to rounding (Excel's last digits depend on its arithmetic)`);
      }
    }
    return y;
  };
}
