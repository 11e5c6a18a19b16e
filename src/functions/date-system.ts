/**
 * Dates in a workbook that counts from 1904 (a model file's workbookPr date1904): the functions shape
 * dates as 1900-system serials (Excel's default); here they move into the 1904 system. A date before
 * 1904-01-01 has no serial there and is given as its ISO text.
 */
import { DAYS_1900_TO_1904, serialToIsoDate } from "../api";
import { isTypedValue, NUMBER_FORMATS } from "../shape";

const DATE_FORMATS = new Set([NUMBER_FORMATS.date, NUMBER_FORMATS.timestamp]);

/** A shaped cell as a 1904 workbook holds it: only date and timestamp cells change. */
export function inDateSystem1904(c: unknown): unknown {
  if (!isTypedValue(c) || c.type !== "Double" || !DATE_FORMATS.has(c.numberFormat)) return c;
  const serial = c.basicValue - DAYS_1900_TO_1904;
  return serial >= 0 ? { ...c, basicValue: serial } : serialToIsoDate(c.basicValue) ?? c;
}
