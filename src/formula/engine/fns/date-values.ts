/**
 * DATEVALUE and TIMEVALUE: the serial of a date written as text (its day only) and the fraction of
 * a day of a time written as text (the date's serial plus the time, less the day: Excel's own
 * arithmetic, so "1/1/1987 05:00 AM" gives 0.20833333333212067). Only text is read (a number, an
 * empty cell or TRUE is #VALUE!), in the forms date-text.ts reads; other date-like text is UNSUPPORTED.
 */
import { looksLikeDate, readDateText, type DateText } from "../date-text";
import { err, isErrorValue, isGrid, unsupported } from "../kinds";
import type { CellValue } from "../../types";
import type { Arg, PureFamily, PureFunction } from "./types";

function dateText(a: Arg, fn: string): DateText | CellValue {
  const v = a === undefined ? null : isGrid(a) ? a[0][0] : a;
  if (isErrorValue(v)) return v;
  if (typeof v !== "string") return err("#VALUE!");
  const d = readDateText(v);
  if (d) return d;
  if (looksLikeDate(v)) unsupported(`${fn} of the text "${v}" (a date form read differently by locale)`);
  return err("#VALUE!");
}

const isDateText = (d: DateText | CellValue): d is DateText => typeof d === "object" && d !== null && "serial" in d;

const DATEVALUE: PureFunction = { min: 1, max: 1, fn: ([a]) => {
  const d = dateText(a, "DATEVALUE");
  if (!isDateText(d)) return d;
  if (!d.hasDate) unsupported("DATEVALUE of a time without a date");
  return Math.floor(d.serial);
} };

const TIMEVALUE: PureFunction = { min: 1, max: 1, fn: ([a]) => {
  const d = dateText(a, "TIMEVALUE");
  if (!isDateText(d)) return d;
  if (!d.hasTime) unsupported("TIMEVALUE of a date without a time");
  return d.serial - Math.floor(d.serial);
} };

export const DATE_VALUES: PureFamily = { DATEVALUE, TIMEVALUE };
