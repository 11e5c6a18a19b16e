/**
 * The 1904 date system (workbookPr date1904): serial 0 is 1904-01-01, which the 1900 system counts
 * as 1462 (its day 0 is 1899-12-31, and it keeps the phantom 1900-02-29). The libraries count in the
 * 1900 system only, so a date function's date arguments (its catalogue entry's `dates`) are moved into it before
 * the call and a date result (`dateResult`) is moved back. Time of day (HOUR, TIME …) is the fraction and needs no move; a result
 * before 1904-01-01 does not exist in the system (#NUM!, as Excel answers).
 */
import { DAYS_1900_TO_1904 } from "../../api";
import type { CellValue } from "../types";
import type { ArgumentRules } from "./fns/types";
import { err, Grid, isErrorValue, isGrid } from "./kinds";


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

/** The arguments of `name` (its catalogue's date parameters) with its date parameters moved into the 1900 system. */
export function argsTo1900(name: string, rules: ArgumentRules, args: Arg[]): Arg[] {
  // TEXT reads the 1904 system itself (fns/number-format.ts): elapsed time is not moved
  const dates = name === "TEXT" ? [] : rules.dates ?? [];
  return args.map((a, i) => {
    if (a === undefined || !dates.includes(i)) return a;
    // a list of holidays skips its blanks; a single date argument reads a blank as day 0
    return isGrid(a) ? a.map((row) => row.map((v) => to1900(v, false))) : to1900(a, true);
  });
}

/** The result of `name` moved back into the 1904 system when it is a date. */
export function resultTo1904(rules: ArgumentRules, out: CellValue | Grid): CellValue | Grid {
  if (!rules.dateResult) return out;
  return isGrid(out) ? out.map((row) => row.map(to1904)) : to1904(out);
}
