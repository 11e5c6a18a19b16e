/**
 * The 1904 date system (workbookPr date1904): serial 0 is 1904-01-01, which the 1900 system counts
 * as 1462 (its day 0 is 1899-12-31, and it keeps the phantom 1900-02-29). The libraries count in the
 * 1900 system only, so a date function's date arguments are moved into it before the call and a date
 * result is moved back. Time of day (HOUR, TIME …) is the fraction and needs no move; a result
 * before 1904-01-01 does not exist in the system (#NUM!, as Excel answers).
 */
import { DAYS_1900_TO_1904 } from "../../api/excel-date";
import type { CellValue } from "../types";
import { err, Grid, isErrorValue, isGrid } from "./kinds";

export { DAYS_1900_TO_1904 };

/** Per function: the parameters that hold dates, and whether the result is a date. */
const SHAPES: Record<string, { dates: number[]; result: boolean }> = {};
const shape = (names: string, dates: number[], result: boolean) => names.split(" ").forEach((n) => (SHAPES[n] = { dates, result }));
shape("DATE DATEVALUE", [], true);
shape("DAY MONTH YEAR WEEKDAY WEEKNUM ISOWEEKNUM", [0], false);
shape("HOUR MINUTE SECOND TIME TIMEVALUE", [], false);
shape("DAYS DAYS360 DATEDIF YEARFRAC", [0, 1], false);
shape("EDATE EOMONTH", [0], true);
shape("NETWORKDAYS", [0, 1, 2], false);
shape("NETWORKDAYS.INTL", [0, 1, 3], false);
shape("WORKDAY", [0, 2], true);
shape("WORKDAY.INTL", [0, 3], true);
// securities: settlement, maturity, issue and coupon dates
shape("ACCRINT", [0, 1, 2], false);
shape("ACCRINTM DISC INTRATE RECEIVED TBILLEQ TBILLPRICE TBILLYIELD COUPDAYBS COUPDAYS COUPDAYSNC COUPNUM DURATION MDURATION PRICE PRICEDISC YIELD YIELDDISC", [0, 1], false);
shape("COUPNCD COUPPCD", [0, 1], true);
shape("PRICEMAT YIELDMAT ODDLPRICE ODDLYIELD", [0, 1, 2], false);
shape("ODDFPRICE ODDFYIELD", [0, 1, 2, 3], false);
shape("AMORDEGRC AMORLINC", [1, 2], false);
shape("XNPV", [2], false);
shape("XIRR", [1], false);

type Arg = CellValue | Grid | undefined;

/** A 1904 serial as the 1900 system counts it (a blank is day 0 of the system; before it, no date: #NUM!). */
function to1900(v: CellValue, blankIsDay0: boolean): CellValue {
  if (typeof v === "number") return v < 0 ? err("#NUM!") : v + DAYS_1900_TO_1904;
  return v === null && blankIsDay0 ? DAYS_1900_TO_1904 : v;
}

function to1904(v: CellValue): CellValue {
  if (typeof v !== "number" || isErrorValue(v)) return v;
  const s = v - DAYS_1900_TO_1904;
  return s < 0 ? err("#NUM!") : s;
}

/** The arguments of `name` with its date parameters moved into the 1900 system. */
export function argsTo1900(name: string, args: Arg[]): Arg[] {
  // TEXT reads the 1904 system itself (fns/number-format.ts): elapsed time is not moved
  const dates = SHAPES[name]?.dates ?? [];
  return args.map((a, i) => {
    if (a === undefined || !dates.includes(i)) return a;
    // a list of holidays skips its blanks; a single date argument reads a blank as day 0
    return isGrid(a) ? a.map((row) => row.map((v) => to1900(v, false))) : to1900(a, true);
  });
}

/** The result of `name` moved back into the 1904 system when it is a date. */
export function resultTo1904(name: string, out: CellValue | Grid): CellValue | Grid {
  if (!SHAPES[name]?.result) return out;
  return isGrid(out) ? out.map((row) => row.map(to1904)) : to1904(out);
}
