/** Information functions computed by the engine to Excel's definition (see ./types.ts for the calling rules). */
import type { CellValue } from "../../types";
import { numberFromText } from "../coerce";
import { err, isErrorValue, isGrid, unsupported } from "../kinds";
import type { Arg, PureFamily, PureFunction } from "./types";

/** A test of one value that sees errors (ISERROR's kind): never itself an error. */
const is = (test: (v: CellValue) => boolean): PureFunction => ({ min: 1, max: 1, readsErrors: true, fn: ([a]) => test(a === undefined || isGrid(a) ? null : a) });

/**
 * ISEVEN and ISODD read a number (text that reads as one too), truncated; TRUE and FALSE are #VALUE!.
 * Excel refuses a range of several cells (#VALUE!) but goes over an array: the engine cannot tell them apart here.
 */
const parity = (odd: boolean): PureFunction => ({
  min: 1,
  max: 1,
  ranges: [0],
  fn: ([a]) => {
    if (a !== undefined && isGrid(a) && (a.length > 1 || a[0].length > 1)) unsupported("ISEVEN and ISODD of several cells (Excel refuses a range, goes over an array)");
    const v = a === undefined ? null : isGrid(a) ? a[0][0] : a;
    if (isErrorValue(v)) return v;
    const n = typeof v === "boolean" ? err("#VALUE!") : typeof v === "string" ? numberFromText(v) : (v as number | null) ?? 0;
    if (isErrorValue(n)) return n;
    return Math.abs(Math.trunc(n)) % 2 === (odd ? 1 : 0);
  },
});

/** N and T read a range's first cell (Excel's behaviour for a reference to several cells). */
export const firstCell = (a: Arg): CellValue => (a === undefined ? null : isGrid(a) ? a[0][0] : a);

const nOf = (v: CellValue): CellValue => (typeof v === "number" || isErrorValue(v) ? v : typeof v === "boolean" ? (v ? 1 : 0) : 0);

const ERROR_CODES = ["#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A", "#GETTING_DATA", "#SPILL!", "#CONNECT!", "#BLOCKED!", "#UNKNOWN!", "#FIELD!", "#CALC!"];

const ERROR_TYPE: PureFunction = {
  min: 1,
  max: 1,
  readsErrors: true,
  fn: ([a]) => {
    const i = isErrorValue(a) ? ERROR_CODES.indexOf(a.error) : -1;
    return i < 0 ? err("#N/A") : i + 1;
  },
};

const TYPE: PureFunction = {
  min: 1,
  max: 1,
  ranges: [0],
  readsErrors: true,
  fn: ([a]) => {
    const v: CellValue | undefined = a === undefined ? null : !isGrid(a) ? a : a.length === 1 && a[0].length === 1 ? a[0][0] : undefined;
    if (v === undefined) unsupported("TYPE of a range or an array of several cells");
    return typeof v === "number" || v === null ? 1 : typeof v === "string" ? 2 : typeof v === "boolean" ? 4 : 16;
  },
};

export const INFORMATION: PureFamily = {
  ISNUMBER: is((v) => typeof v === "number"),
  ISTEXT: is((v) => typeof v === "string"),
  ISNONTEXT: is((v) => typeof v !== "string"),
  ISLOGICAL: is((v) => typeof v === "boolean"),
  ISERROR: is((v) => isErrorValue(v)),
  ISERR: is((v) => isErrorValue(v) && v.error !== "#N/A"),
  ISNA: is((v) => isErrorValue(v) && v.error === "#N/A"),
  ISEVEN: parity(false),
  ISODD: parity(true),
  "ERROR.TYPE": ERROR_TYPE,
  TYPE,
  NA: { min: 0, max: 0, fn: () => err("#N/A") },
  N: { min: 1, max: 1, ranges: [0], readsErrors: true, fn: ([a]) => nOf(firstCell(a)) },
};
