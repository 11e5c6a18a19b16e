/**
 * Functions that read where a reference points rather than (only) its values: ROW, COLUMN, ROWS,
 * COLUMNS, INDEX, OFFSET, ISREF, AREAS, ISBLANK.
 */
import type { Node } from "../text/ast";
import { MAX_COLS, MAX_ROWS } from "../text/address";
import type { AreaRef, CellValue } from "../types";
import { toNumber } from "./coerce";
import { own, type OwnFamily, type Special } from "./fn-logic";
import { Ctx, evalNode, operand, single } from "./interp";
import { err, Grid, isErrorValue, isGrid, isRef, Value } from "./kinds";
import { map } from "./operators";

const area1 = (v: Value): AreaRef | null => (isRef(v) && v.areas.length === 1 ? v.areas[0] : null);

function position(which: "row" | "col"): Special {
  return (args, ctx, arr) => {
    if (args.length > 1) return err("#VALUE!");
    if (!args[0]) return (which === "row" ? ctx.at.row : ctx.at.col) + 1;
    const v = evalNode(args[0], ctx, true);
    const a = area1(v);
    if (!a) return isErrorValue(v) ? v : err("#VALUE!");
    const first = which === "row" ? a.r0 : a.c0, last = which === "row" ? a.r1 : a.c1;
    if (first === last || !arr) return first + 1; // a legacy formula shows the array's first number
    const out: Grid = [];
    for (let i = first; i <= last; i++) out.push([i + 1]);
    return which === "row" ? out : [out.map((r) => r[0])];
  };
}

function extent(which: "rows" | "cols"): Special {
  return (args, ctx) => {
    if (args.length !== 1 || !args[0]) return err("#VALUE!");
    const v = evalNode(args[0], ctx, true);
    const a = area1(v);
    if (a) return which === "rows" ? a.r1 - a.r0 + 1 : a.c1 - a.c0 + 1;
    if (isRef(v)) return err("#REF!");
    if (isGrid(v)) return which === "rows" ? v.length : v[0].length;
    return isErrorValue(v) ? v : 1;
  };
}

/** An integer argument (truncated), or the error to return. */
function int(n: Node | null, ctx: Ctx, dflt: number): number | { error: string } {
  if (!n) return dflt;
  const v = toNumber(single(evalNode(n, ctx, false), ctx));
  return isErrorValue(v) ? v : Math.trunc(v);
}

function indexArea(a: AreaRef, r: number, c: number): Value {
  const rows = a.r1 - a.r0 + 1, cols = a.c1 - a.c0 + 1;
  if (rows === 1 && c === 0 && r > 0) [r, c] = [1, r];
  else if (cols === 1 && c === 0 && r > 0) c = 1;
  if (r < 0 || c < 0 || r > rows || c > cols) return err("#REF!");
  return {
    areas: [{ sheet: a.sheet, r0: r ? a.r0 + r - 1 : a.r0, r1: r ? a.r0 + r - 1 : a.r1, c0: c ? a.c0 + c - 1 : a.c0, c1: c ? a.c0 + c - 1 : a.c1 }],
  };
}

function indexGrid(g: Grid, r: number, c: number): Value {
  if (g.length === 1 && c === 0 && r > 0) [r, c] = [1, r];
  else if (g[0].length === 1 && c === 0 && r > 0) c = 1;
  if (r < 0 || c < 0 || r > g.length || c > g[0].length) return err("#REF!");
  if (r && c) return g[r - 1][c - 1];
  if (r) return [g[r - 1]];
  if (c) return g.map((row) => [row[c - 1]]);
  return g;
}

const INDEX: Special = (args, ctx, arr) => {
  if (args.length < 2 || args.length > 4 || !args[0]) return err("#VALUE!");
  let v = evalNode(args[0], ctx, true);
  const r = int(args[1], ctx, 0), c = int(args[2] ?? null, ctx, 0), k = int(args[3] ?? null, ctx, 1);
  for (const x of [r, c, k]) if (typeof x !== "number") return x;
  if (isRef(v)) {
    const a = v.areas[(k as number) - 1];
    if (!a) return err("#REF!");
    return indexArea(a, r as number, c as number);
  }
  if (isErrorValue(v)) return v;
  if (!isGrid(v)) v = [[v as CellValue]];
  const out = indexGrid(v, r as number, c as number);
  return arr || !isGrid(out) ? out : out;
};

const OFFSET: Special = (args, ctx) => {
  if (args.length < 3 || args.length > 5 || !args[0]) return err("#VALUE!");
  const a = area1(evalNode(args[0], ctx, true));
  if (!a) return err("#VALUE!");
  const nums = [int(args[1], ctx, 0), int(args[2], ctx, 0), int(args[3] ?? null, ctx, a.r1 - a.r0 + 1), int(args[4] ?? null, ctx, a.c1 - a.c0 + 1)];
  for (const x of nums) if (typeof x !== "number") return x;
  const [dr, dc, h, w] = nums as number[];
  if (h === 0 || w === 0) return err("#REF!");
  const r0 = a.r0 + dr + (h < 0 ? h + 1 : 0), c0 = a.c0 + dc + (w < 0 ? w + 1 : 0);
  const r1 = r0 + Math.abs(h) - 1, c1 = c0 + Math.abs(w) - 1;
  if (r0 < 0 || c0 < 0 || r1 >= MAX_ROWS || c1 >= MAX_COLS) return err("#REF!");
  return { areas: [{ sheet: a.sheet, r0, c0, r1, c1 }] };
};

const ISREF: Special = (args, ctx) => (args.length === 1 && args[0] ? isRef(evalNode(args[0], ctx, true)) : err("#VALUE!"));

const AREAS: Special = (args, ctx) => {
  const v = args[0] ? evalNode(args[0], ctx, true) : null;
  return v && isRef(v) ? v.areas.length : err("#VALUE!");
};

const ISBLANK: Special = (args, ctx, arr) => {
  if (args.length !== 1 || !args[0]) return err("#VALUE!");
  const v = operand(evalNode(args[0], ctx, arr), ctx, arr);
  return map(v, (x) => x === null);
};

export const REFERENCE: OwnFamily = {
  ROW: own(position("row"), 0, 1, { refs: [0] }),
  COLUMN: own(position("col"), 0, 1, { refs: [0] }),
  ROWS: own(extent("rows"), 1, 1, { ranges: [0] }),
  COLUMNS: own(extent("cols"), 1, 1, { ranges: [0] }),
  INDEX: own(INDEX, 2, 4, { refs: [0] }),
  OFFSET: own(OFFSET, 3, 5, { refs: [0], volatile: "reference" }),
  ISREF: own(ISREF, 1, 1, { refs: [0], readsErrors: true }),
  AREAS: own(AREAS, 1, 1, { refs: [0] }),
  ISBLANK: own(ISBLANK, 1, 1, { readsErrors: true }),
};
