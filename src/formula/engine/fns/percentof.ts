/**
 * PERCENTOF(data_subset, data_all): the sum of the subset's numbers over the sum of all the numbers
 * (Microsoft's definition). Text, TRUE/FALSE and empty cells in the ranges are left out as SUM leaves
 * them out. An error in either range gives #NUM!, whatever the error, as Excel's stored values show.
 */
import type { CellValue } from "../../types";
import { err, isErrorValue, isGrid, unsupported } from "../kinds";
import type { Arg, PureFamily } from "./types";

/** The sum of the numbers, or null when an error is among the values. */
function total(a: Arg): number | null {
  const cells: CellValue[] = a === undefined ? [] : isGrid(a) ? a.flat() : [a];
  if (!isGrid(a ?? null) && a !== undefined && a !== null && typeof a !== "number" && !isErrorValue(a)) unsupported("PERCENTOF of a typed value that is not a number");
  let s = 0;
  for (const v of cells) {
    if (isErrorValue(v)) return null;
    if (typeof v === "number") s += v;
  }
  return s;
}

function percentOf([subset, all]: Arg[]): CellValue {
  const part = total(subset), whole = total(all);
  if (part === null || whole === null) return err("#NUM!");
  return whole === 0 ? err("#DIV/0!") : part / whole;
}

export const PERCENTOF_FAMILY: PureFamily = {
  PERCENTOF: { fn: percentOf, min: 2, max: 2, ranges: "all", readsErrors: true },
};
