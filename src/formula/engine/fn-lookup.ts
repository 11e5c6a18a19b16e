/**
 * XLOOKUP (in neither library): an exact match (or with wildcards, match_mode 2), searched first to
 * last or last to first; the matching row or column of the return array; if_not_found. The other
 * match and search modes are UNSUPPORTED.
 */
import type { CellValue } from "../types";
import { compareValues, toNumber } from "./coerce";
import { criterion } from "./fn-criteria";
import { own, type OwnFamily, type Special } from "./fn-logic";
import { evalNode, operand, single } from "./interp";
import { err, Grid, isErrorValue, isGrid, unsupported } from "./kinds";

const asGrid = (v: CellValue | Grid): Grid => (isGrid(v) ? v : [[v]]);

const XLOOKUP: Special = (args, ctx, arr) => {
  if (args.length < 3 || args.length > 6 || !args[0] || !args[1] || !args[2]) return err("#VALUE!");
  const key = operand(evalNode(args[0], ctx, arr), ctx, arr);
  if (isGrid(key)) unsupported("XLOOKUP of an array of values");
  if (isErrorValue(key)) return key;
  const look = asGrid(operand(evalNode(args[1], ctx, true), ctx, true));
  const ret = asGrid(operand(evalNode(args[2], ctx, true), ctx, true));
  const modes = [4, 5].map((i) => (args[i] ? toNumber(single(evalNode(args[i] as never, ctx, false), ctx)) : i === 4 ? 0 : 1));
  const [match, search] = modes;
  if (isErrorValue(match)) return match;
  if (isErrorValue(search)) return search;
  if ((match !== 0 && match !== 2) || (search !== 1 && search !== -1)) unsupported("XLOOKUP with an approximate match or a binary search");
  const across = look.length === 1 && look[0].length > 1;
  if (!across && look[0].length !== 1) return err("#VALUE!");
  const items = across ? look[0] : look.map((r) => r[0]);
  const test = match === 2 && typeof key === "string" ? criterion(`=${key}`) : (v: CellValue) => v !== null && !isErrorValue(v) && typeof v === typeof key && compareValues(v, key) === 0;
  const order = items.map((_, i) => i);
  if (search === -1) order.reverse();
  const hit = order.find((i) => test(items[i]));
  if (hit === undefined) return args[3] ? operand(evalNode(args[3], ctx, arr), ctx, arr) : err("#N/A");
  if (across) return ret.length === 1 ? ret[0][hit] ?? err("#VALUE!") : ret.map((r) => [r[hit]]);
  return ret[0].length === 1 ? ret[hit]?.[0] ?? err("#VALUE!") : [ret[hit]];
};

export const LOOKUP: OwnFamily = { XLOOKUP: own(XLOOKUP, 3, 6, { ranges: [1, 2] }) };
