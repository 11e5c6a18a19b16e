/**
 * INDIRECT (a reference from its text: A1 or R1C1 style, another sheet, a defined name) and ADDRESS
 * (a cell's address as text in each of Excel's forms), the pair models use to build references.
 */
import type { Node } from "../text/ast";
import { MAX_COLS, MAX_ROWS, columnName, quoteSheet } from "../text/address";
import { sameSheet } from "../../recalc";
import { lookupName } from "../text/names";
import { areaOf } from "../text/refs";
import { parseExpression } from "../text/syntax";
import type { AreaRef, CellValue } from "../types";
import { toBool, toNumber, toText } from "./coerce";
import type { Special } from "./fn-logic";
import { Ctx, evalNode, operand } from "./interp";
import { err, isErrorValue, isGrid, isRef, unsupported, Value } from "./kinds";
import { callPure } from "./library";
import type { Arg, PureFunction } from "./fns/types";

/** A part of an R1C1 reference: R2 (row 2), R[-1] (one row up from the formula), R (the formula's row). */
function r1c1Part(text: string | undefined, here: number): number | null {
  if (text === undefined || text === "") return here;
  const m = /^(?:\[(-?\d+)\]|(\d+))$/.exec(text);
  if (!m) return null;
  return m[1] !== undefined ? here + Number(m[1]) : Number(m[2]) - 1;
}

function r1c1Area(text: string, ctx: Ctx): AreaRef | null {
  const bang = text.lastIndexOf("!");
  const sheet = bang < 0 ? ctx.at.sheet : text.slice(0, bang).replace(/^'(.*)'$/, "$1").replace(/''/g, "'");
  const cells = (bang < 0 ? text : text.slice(bang + 1)).split(":");
  if (cells.length > 2) return null;
  const pts = cells.map((c) => {
    const m = /^R(\[-?\d+\]|\d*)C(\[-?\d+\]|\d*)$/i.exec(c);
    if (!m) return null;
    const r = r1c1Part(m[1], ctx.at.row), k = r1c1Part(m[2], ctx.at.col);
    return r === null || k === null || r < 0 || k < 0 || r >= MAX_ROWS || k >= MAX_COLS ? null : [r, k];
  });
  if (pts.some((p) => p === null)) return null;
  const [a, b] = [pts[0] as number[], (pts[1] ?? pts[0]) as number[]];
  return { sheet, r0: Math.min(a[0], b[0]), c0: Math.min(a[1], b[1]), r1: Math.max(a[0], b[0]), c1: Math.max(a[1], b[1]) };
}

/** The reference an A1-style text names: a cell, a range, whole rows or columns, a defined name; null when none. */
function a1Value(text: string, ctx: Ctx): Value | null {
  let node: Node;
  try {
    node = parseExpression(text);
  } catch {
    return null;
  }
  if (node.kind === "ref" && !node.spill && !node.prefix?.book) return { areas: [areaOf(node, ctx.at.sheet)] };
  if (node.kind === "name" && !node.prefix?.book && lookupName(ctx.cells.names(), node.name, ctx.at.sheet, node.prefix?.sheet)) return evalNode(node, { ...ctx, sheet: ctx.at.sheet, scope: undefined }, true);
  if (node.kind === "ref" || (node.kind === "name" && node.prefix?.book)) unsupported(`INDIRECT("${text}") (a spill or another workbook)`);
  return null; // not a reference, or a name the workbook does not define
}

const INDIRECT: Special = (args, ctx) => {
  if (args.length < 1 || args.length > 2 || !args[0]) return err("#VALUE!");
  const t = operand(evalNode(args[0], ctx, false), ctx, false);
  if (isGrid(t)) unsupported("INDIRECT of an array of texts");
  if (isErrorValue(t)) return t;
  const a1 = args[1] ? toBool(operand(evalNode(args[1], ctx, false), ctx, false) as CellValue) : true;
  if (isErrorValue(a1)) return a1;
  const text = toText(t);
  if (isErrorValue(text)) return text;
  const v = a1 ? a1Value(text.trim(), ctx) : ((area) => (area ? { areas: [area] } : null))(r1c1Area(text.trim(), ctx));
  if (!v || !isRef(v)) return err("#REF!");
  const sheets = ctx.cells.sheetNames?.();
  if (sheets && v.areas.some((a) => !sheets.some((s) => sameSheet(s, a.sheet)))) return err("#REF!");
  return v;
};

/** ADDRESS for one set of values: row, column, abs_num (1-4), a1 (TRUE: A1 style), sheet_text. */
function address(args: Arg[]): CellValue {
  const [row, col, abs, a1, sheet] = args.map((a) => (Array.isArray(a) ? a[0][0] : a));
  const nums = [row, col, abs === undefined || abs === null ? 1 : abs].map((x) => toNumber(x ?? null));
  for (const x of nums) if (isErrorValue(x)) return x;
  const [r, c, k] = (nums as number[]).map(Math.trunc);
  if (r < 1 || r > MAX_ROWS || c < 1 || c > MAX_COLS || k < 1 || k > 4) return err("#VALUE!");
  const style = a1 === undefined ? true : toBool(a1);
  if (isErrorValue(style)) return style;
  const rowAbs = k === 1 || k === 2, colAbs = k === 1 || k === 3;
  const body = style ? `${colAbs ? "$" : ""}${columnName(c - 1)}${rowAbs ? "$" : ""}${r}` : `R${rowAbs ? r : `[${r}]`}C${colAbs ? c : `[${c}]`}`;
  if (sheet === undefined) return body;
  const s = toText(sheet);
  if (isErrorValue(s)) return s;
  return `${sheetText(s)}!${body}`;
}

/** sheet_text as ADDRESS writes it: quoted when it holds a space or a sign ('A Wird One$'!), a book's brackets left bare ([Book1]Sheet1!). */
function sheetText(s: string): string {
  if (/[^[\]A-Za-z0-9_.]/.test(s)) return quoteSheet(s);
  if (/^\d/.test(s) || quoteSheet(s.replace(/^\[[^\]]*\]/, "")) !== s.replace(/^\[[^\]]*\]/, "")) unsupported(`ADDRESS with the sheet "${s}"`);
  return s;
}

const ADDRESS_FN: PureFunction = { fn: address, min: 2, max: 5 };
const ADDRESS: Special = (args, ctx, arr) => callPure("ADDRESS", ADDRESS_FN, args, ctx, arr);

export const INDIRECTION: Record<string, Special> = { INDIRECT, ADDRESS };
