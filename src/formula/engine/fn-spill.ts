/**
 * Spills: ANCHORARRAY (`A2#` when the anchor is computed, `ANCHORARRAY(OFFSET(A1,1,1))`), the range
 * the anchor's array occupies; SEQUENCE, the array of numbers a dynamic-array formula spills.
 */
import type { Node } from "../text/ast";
import type { CellValue } from "../types";
import { toNumber } from "./coerce";
import type { Special } from "./fn-logic";
import { Ctx, evalNode, operand } from "./interp";
import { err, Grid, isErrorValue, isGrid, isRef, unsupported } from "./kinds";

const ANCHORARRAY: Special = (args, ctx) => {
  if (args.length !== 1 || !args[0]) return err("#VALUE!");
  const v = evalNode(args[0], ctx, true);
  if (!isRef(v)) return isErrorValue(v) ? v : err("#VALUE!");
  const a = v.areas[0];
  if (v.areas.length !== 1 || a.r0 !== a.r1 || a.c0 !== a.c1) return err("#REF!");
  const spilled = ctx.cells.spill({ sheet: a.sheet, row: a.r0, col: a.c0 });
  return spilled ? { areas: [spilled] } : err("#REF!");
};

/** A number argument of SEQUENCE (an empty or omitted one takes the default). */
function num(n: Node | null | undefined, ctx: Ctx, dflt: number): number | CellValue {
  if (!n) return dflt;
  const v = operand(evalNode(n, ctx, true), ctx, true);
  if (isGrid(v)) return v.length === 1 && v[0].length === 1 ? toNumber(v[0][0]) : unsupported("SEQUENCE with an array argument");
  return toNumber(v);
}

const SEQUENCE: Special = (args, ctx) => {
  if (args.length < 1 || args.length > 4) return err("#VALUE!");
  const [rows, cols, start, step] = [num(args[0], ctx, 1), num(args[1], ctx, 1), num(args[2], ctx, 1), num(args[3], ctx, 1)];
  for (const x of [rows, cols, start, step]) if (typeof x !== "number") return x;
  const r = Math.trunc(rows as number), c = Math.trunc(cols as number);
  if (!(r >= 0 && c >= 0)) return err("#VALUE!");
  if (r === 0 || c === 0) return err("#CALC!"); // an empty array (the file keeps #CALC! as a rich value, #VALUE! for older readers)
  if (r * c > 1_048_576 * 16) return err("#NUM!");
  const out: Grid = [];
  for (let i = 0; i < r; i++) out.push(Array.from({ length: c }, (_, k) => (start as number) + (i * c + k) * (step as number)));
  return out;
};

export const SPILL: Record<string, Special> = { ANCHORARRAY, SEQUENCE };
