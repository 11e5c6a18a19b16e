/**
 * FILTER computed by the engine to Excel's definition (see ./types.ts for the calling rules). Nothing
 * kept is Excel's #CALC! (a workbook keeps it as a rich value, with #VALUE! for older readers).
 */
import type { CellValue } from "../../types";
import { toBool } from "../coerce";
import { err, Grid, isErrorValue, isGrid, unsupported } from "../kinds";
import type { Arg, PureFamily } from "./types";

const gridOf = (a: Arg): Grid => (a === undefined ? [[null]] : isGrid(a) ? a : [[a]]);
const transpose = (g: Grid): Grid => g[0].map((_, c) => g.map((r) => r[c]));

/** FILTER: the rows (an include column as tall as the array) or columns (an include row as wide) whose include value is TRUE. */
function filter([a, include, ifEmpty]: Arg[]): CellValue | Grid {
  const g = gridOf(a), inc = gridOf(include);
  const byRows = inc[0].length === 1 && inc.length === g.length;
  if (!byRows && !(inc.length === 1 && inc[0].length === g[0].length)) return err("#VALUE!");
  const lines = byRows ? g : transpose(g);
  const keep: Grid = [];
  const flags = byRows ? inc.map((r) => r[0]) : inc[0];
  for (let i = 0; i < lines.length; i++) {
    const b = toBool(flags[i]);
    if (isErrorValue(b)) return b;
    if (b) keep.push(lines[i]);
  }
  if (keep.length) return byRows ? keep : transpose(keep);
  if (ifEmpty === null) unsupported("FILTER with an empty if_empty argument");
  return ifEmpty === undefined ? err("#CALC!") : ifEmpty;
}

export const DYNAMIC_SELECT: PureFamily = {
  FILTER: { fn: filter, min: 2, max: 3, ranges: "all" },
};
