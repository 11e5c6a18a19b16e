/**
 * CONCAT and TEXTJOIN: every cell of every range or array argument in row order, converted as `&`
 * converts (General format, TRUE as "TRUE"); the first error met is the result.
 */
import type { CellValue, ErrorValue } from "../../types";
import { toText } from "../coerce";
import { isErrorValue } from "../kinds";
import { bool, cellsOf, limited } from "./args";
import type { Arg, PureFamily, PureFunction } from "./types";

/** The texts of every cell of the arguments; an error cell's error instead. Empty cells are null. */
function texts(args: Arg[]): (string | null)[] | ErrorValue {
  const out: (string | null)[] = [];
  for (const a of args) {
    for (const v of cellsOf(a)) {
      if (isErrorValue(v)) return v;
      out.push(v === null ? null : (toText(v as CellValue) as string));
    }
  }
  return out;
}

const CONCAT: PureFunction = {
  min: 1,
  max: 253,
  ranges: "all",
  fn: (args) => {
    const t = texts(args);
    return isErrorValue(t) ? t : limited(t.map((s) => s ?? "").join(""));
  },
};

const TEXTJOIN: PureFunction = {
  min: 3,
  max: 252,
  ranges: Array.from({ length: 253 }, (_, i) => i).filter((i) => i !== 1),
  fn: ([delim, ignore, ...items]) => {
    const delims = texts([delim]);
    if (isErrorValue(delims)) return delims;
    const skip = bool(ignore);
    if (isErrorValue(skip)) return skip;
    const t = texts(items);
    if (isErrorValue(t)) return t;
    const kept = (skip ? t.filter((s) => s !== null && s !== "") : t).map((s) => s ?? "");
    const seps = delims.map((s) => s ?? "");
    let out = kept[0] ?? "";
    for (let i = 1; i < kept.length; i++) out += (seps.length ? seps[(i - 1) % seps.length] : "") + kept[i];
    return limited(out);
  },
};

export const TEXT_JOIN: PureFamily = { CONCAT, TEXTJOIN };
