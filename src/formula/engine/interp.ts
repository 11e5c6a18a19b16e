/**
 * The evaluator: walks our own syntax tree with Excel's semantics. References stay references until
 * a value is needed; then a legacy formula intersects a range with its own row or column (implicit
 * intersection) and an array formula, or an argument Excel evaluates as an array (SUMPRODUCT's),
 * reads the whole range and computes element by element.
 */
import { lookupName, nameFormula } from "../text/names";
import { excelView } from "../text/excel-view";
import type { Node } from "../text/ast";
import { areaOf, shiftFormula } from "../text/refs";
import { findTable, tableArea } from "../text/table-area";
import { parseCached } from "../text/syntax";
import { plainFunctionName } from "../text/fn-names";
import { svcName } from "../../api";
import type { AreaRef, CellRef, CellValue } from "../types";
import type { CellSource, EvaluateOptions } from "./source";
import { err, Grid, isErrorValue, isGrid, isLambda, isRef, RefValue, unsupported, Value, withSize } from "./kinds";
import { map, negate, percent, scalarBinary, zip } from "./operators";

/** LET names and LAMBDA parameters in force (upper case, without `_xlpm.`); OMITTED: a parameter called with an empty argument. */
export type Scope = ReadonlyMap<string, Value | typeof OMITTED>;
export const OMITTED = Symbol("omitted");
/** `_xlpm.x` a parameter or LET name, `_xlop.x` an optional parameter (written [x]): the key is X. */
export const scopeKey = (name: string): string => name.replace(/^_xl(pm|op)\./i, "").toUpperCase();

export interface Ctx {
  cells: CellSource;
  /** The formula's cell: implicit intersection and ROW() read it. */
  at: CellRef;
  /** The sheet sheet-less references point to (a name's own sheet inside its formula). */
  sheet: string;
  opts: EvaluateOptions;
  depth: number;
  /** The function table (calls.ts), handed in by evaluate() so this module stays free of it. */
  call: CallFn;
  scope?: Scope;
  /** LAMBDA calls in progress (recursion is bounded). */
  calls?: number;
  /** The formula's own tree: its last operation gets Excel's 15-digit rule for + and -. */
  top?: Node;
}

export type CallFn = (name: string, args: (Node | null)[], ctx: Ctx, arr: boolean) => Value;

const MAX_DEPTH = 32;

/** The cells of one area, clipped to the sheet's used area for whole rows and columns. */
export function readArea(a: AreaRef, ctx: Ctx): Grid {
  const used = ctx.cells.used?.(a.sheet);
  const r1 = used ? Math.min(a.r1, Math.max(used.r1, a.r0)) : a.r1, c1 = used ? Math.min(a.c1, Math.max(used.c1, a.c0)) : a.c1;
  if ((r1 - a.r0 + 1) * (c1 - a.c0 + 1) > 5_000_000) unsupported("a reference of more than 5,000,000 cells");
  const out: Grid = [];
  for (let r = a.r0; r <= r1; r++) {
    const row: CellValue[] = [];
    for (let c = a.c0; c <= c1; c++) row.push(ctx.cells.value({ sheet: a.sheet, row: r, col: c }) ?? null);
    out.push(row);
  }
  return withSize(out, a.r1 - a.r0 + 1, a.c1 - a.c0 + 1);
}

export function readRef(v: RefValue, ctx: Ctx): Grid {
  if (v.areas.length !== 1) return [[err("#VALUE!")]];
  return readArea(v.areas[0], ctx);
}

/** Implicit intersection: the cell of the area in the formula's row (a column) or column (a row); #VALUE! when there is none. */
export function intersect(a: AreaRef, ctx: Ctx): CellValue {
  const { row, col } = ctx.at;
  const r = a.r0 === a.r1 ? a.r0 : row >= a.r0 && row <= a.r1 ? row : -1;
  const c = a.c0 === a.c1 ? a.c0 : col >= a.c0 && col <= a.c1 ? col : -1;
  if (r < 0 || c < 0) return err("#VALUE!");
  return ctx.cells.value({ sheet: a.sheet, row: r, col: c }) ?? null;
}

/** A value as an operator or a scalar argument reads it: a range read whole (array evaluation) or intersected. */
export function operand(v: Value, ctx: Ctx, arr: boolean): CellValue | Grid {
  if (isLambda(v)) unsupported("a LAMBDA used as a value");
  if (!isRef(v)) return v;
  if (v.areas.length !== 1) return err("#VALUE!");
  const a = v.areas[0];
  if (a.r0 === a.r1 && a.c0 === a.c1) return ctx.cells.value({ sheet: a.sheet, row: a.r0, col: a.c0 }) ?? null;
  return arr ? readArea(a, ctx) : intersect(a, ctx);
}

/** One value where Excel wants one: a range intersected, an array's first cell. */
export function single(v: Value, ctx: Ctx): CellValue {
  const o = operand(v, ctx, false);
  return isGrid(o) ? (o[0]?.[0] ?? null) : o;
}

function refNode(n: Extract<Node, { kind: "ref" }>, ctx: Ctx): Value {
  if (n.prefix?.book) unsupported("a reference to another workbook");
  const area = areaOf(n, ctx.sheet);
  if (!n.spill) return { areas: [area] };
  const spilled = ctx.cells.spill({ sheet: area.sheet, row: area.r0, col: area.c0 });
  return spilled ? { areas: [spilled] } : err("#REF!");
}

function tableNode(n: Extract<Node, { kind: "table" }>, ctx: Ctx): Value {
  if (n.prefix?.book) unsupported("a table in another workbook");
  const tables = ctx.cells.tables?.();
  if (!tables) unsupported("Excel Tables are not known here");
  const area = tableArea(n, tables ?? [], ctx.at);
  return typeof area === "string" ? err(area) : { areas: [area] };
}

function nameNode(n: Extract<Node, { kind: "name" }>, ctx: Ctx, arr: boolean): Value {
  if (n.prefix?.book) unsupported("a name in another workbook");
  const bound = n.prefix ? undefined : ctx.scope?.get(scopeKey(n.name));
  if (bound === OMITTED) unsupported("an omitted LAMBDA parameter used as a value");
  if (bound !== undefined) return bound;
  const def = lookupName(ctx.cells.names(), n.name, ctx.sheet, n.prefix?.sheet);
  if (!def && /^_xleta\./i.test(n.name)) unsupported(`the function ${n.name.slice(7)} passed as a value`);
  // a table's bare name (`VLOOKUP(x,Assumptions,2,FALSE)`) is its data rows
  const table = !def && !n.prefix ? findTable(ctx.cells.tables?.() ?? [], n.name, ctx.at) : undefined;
  if (table) return tableNode({ kind: "table", prefix: null, table: table.name, spec: { items: [], first: null, last: null }, written: "[]", span: n.span }, ctx);
  if (!def) return err("#NAME?");
  if (ctx.depth >= MAX_DEPTH) unsupported("names nested more than 32 deep");
  let text = nameFormula(def);
  // a name's relative references are stored as seen from A1: they move with the formula's cell
  if (/\d/.test(text) && (ctx.at.row || ctx.at.col)) text = shiftFormula(text, ctx.at.row, ctx.at.col);
  const inner = excelView(parseCached(text));
  // a defined name sees no LET names or LAMBDA parameters of the formula using it
  return evalNode(inner, { ...ctx, sheet: def.sheet ?? ctx.sheet, depth: ctx.depth + 1, scope: undefined }, arr);
}

function asRef(v: Value): RefValue | null {
  return isRef(v) ? v : null;
}

function rangeNode(n: Extract<Node, { kind: "range" }>, ctx: Ctx, arr: boolean): Value {
  // Sheet1:Sheet3!A1 reads as a name, ":" and a reference; the engine does not know the sheets' order
  if (n.left.kind === "name" && !n.left.prefix && n.right.kind === "ref" && n.right.prefix?.sheet) unsupported("a 3-D reference (Sheet1:Sheet3!A1)");
  const a = asRef(evalNode(n.left, ctx, arr)), b = asRef(evalNode(n.right, ctx, arr));
  if (!a || !b || a.areas.length !== 1 || b.areas.length !== 1) return err("#VALUE!");
  const x = a.areas[0], y = b.areas[0];
  if (x.sheet.toUpperCase() !== y.sheet.toUpperCase()) return err("#VALUE!");
  return { areas: [{ sheet: x.sheet, r0: Math.min(x.r0, y.r0), c0: Math.min(x.c0, y.c0), r1: Math.max(x.r1, y.r1), c1: Math.max(x.c1, y.c1) }] };
}

function unionNode(n: Extract<Node, { kind: "union" }>, ctx: Ctx, arr: boolean): Value {
  const areas: AreaRef[] = [];
  for (const item of n.items) {
    const v = evalNode(item, ctx, arr);
    if (!isRef(v)) return err("#VALUE!");
    areas.push(...v.areas);
  }
  return { areas };
}

function unaryNode(n: Extract<Node, { kind: "unary" }>, ctx: Ctx, arr: boolean): Value {
  const v = evalNode(n.operand, ctx, arr);
  if (n.op === "@") return single(v, ctx);
  if (n.op === "+") return v;
  return map(operand(v, ctx, arr), negate);
}

/** Evaluate a node; `arr`: evaluate ranges as arrays (an array formula, or an array argument). */
export function evalNode(n: Node, ctx: Ctx, arr: boolean): Value {
  switch (n.kind) {
    case "number":
    case "string":
    case "bool":
      return n.value;
    case "error":
      if (n.prefix?.book) unsupported("a reference to another workbook");
      return err(n.code);
    case "array":
      return n.rows.map((row) => row.map((x) => x as CellValue));
    case "ref":
      return refNode(n, ctx);
    case "name":
      return nameNode(n, ctx, arr);
    case "call":
      if (n.callee) return ctx.call("", [n.callee, ...n.args], ctx, arr);
      if (n.prefix?.book && !svcName(n.name)) unsupported("a function of another workbook");
      return ctx.call(svcName(n.name) ? n.name : plainFunctionName(n.name), n.args, ctx, arr);
    case "unary":
      return unaryNode(n, ctx, arr);
    case "percent":
      return map(operand(evalNode(n.operand, ctx, arr), ctx, arr), percent);
    case "binary":
      return zip(operand(evalNode(n.left, ctx, arr), ctx, arr), operand(evalNode(n.right, ctx, arr), ctx, arr), (x, y) => scalarBinary(n.op, x, y, n === ctx.top));
    case "range":
      return rangeNode(n, ctx, arr);
    case "union":
      return unionNode(n, ctx, arr);
    case "table":
      return tableNode(n, ctx);
  }
}

/** A formula's result as its cell shows it: a range read (array formula) or intersected (legacy), empty as 0. */
export function resultOf(v: Value, ctx: Ctx, arr: boolean): CellValue | Grid {
  if (isLambda(v)) return err("#CALC!"); // a LAMBDA never called
  const o = isRef(v) ? (arr ? (v.areas.length === 1 ? readRef(v, ctx) : err("#VALUE!")) : single(v, ctx)) : v;
  const show = (x: CellValue) => (x === null ? 0 : isErrorValue(x) ? x : typeof x === "number" && !Number.isFinite(x) ? err("#NUM!") : x);
  if (!isGrid(o)) return show(o);
  return o.length === 1 && o[0].length === 1 ? show(o[0][0]) : o.map((row) => row.map(show));
}
