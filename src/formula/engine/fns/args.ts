/** Reading the evaluated arguments of the text and information functions as Excel converts them. */
import type { CellValue, ErrorValue } from "../../types";
import { toBool, toNumber, toText } from "../coerce";
import { err, isErrorValue, isGrid, type Grid } from "../kinds";
import type { Arg } from "./types";

/** Excel's longest text: a longer result is #VALUE!. */
export const TEXT_LIMIT = 32767;

export type Result = CellValue | Grid;

/** A text result, or #VALUE! over Excel's limit. */
export const limited = (s: string): string | ErrorValue => (s.length > TEXT_LIMIT ? err("#VALUE!") : s);

/** One value of a one-value parameter (an omitted one as an empty value). */
const one = (a: Arg): CellValue => (a === undefined ? null : isGrid(a) ? a[0][0] : a);

export const text = (a: Arg): string | ErrorValue => toText(one(a));
export const num = (a: Arg): number | ErrorValue => toNumber(one(a));
export const bool = (a: Arg): boolean | ErrorValue => toBool(one(a));

/** A whole-number parameter: Excel truncates toward zero; `dflt` when omitted (or given empty, when `emptyIsDefault`). */
export function int(a: Arg, dflt: number, emptyIsDefault = false): number | ErrorValue {
  if (a === undefined || (emptyIsDefault && a === null)) return dflt;
  const n = num(a);
  return isErrorValue(n) ? n : Math.trunc(n);
}

export const boolOr = (a: Arg, dflt: boolean): boolean | ErrorValue => (a === undefined || a === null ? dflt : bool(a));

/** The first error among converted values, if any. */
export const firstError = (...vs: unknown[]): ErrorValue | undefined => vs.find((v): v is ErrorValue => isErrorValue(v as CellValue));

/** Every cell of a grid argument (or the one value) in row order. */
export const cellsOf = (a: Arg): CellValue[] => (a === undefined ? [] : isGrid(a) ? a.flat() : [a]);
