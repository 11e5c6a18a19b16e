/**
 * Functions the engine takes from the libraries (fast-formula-parser's table with formulajs's
 * functions, functions.ts), called with Excel's argument rules: a parameter that takes a range or
 * an array gets the whole grid; a parameter that takes one value gets one value — a legacy formula
 * intersects a range with its row or column, an array formula (or an array argument) calls the
 * function once per element and returns an array, as Excel does.
 */
import type { FfpArg } from "fast-formula-parser";
import type { CellValue } from "../types";
import { buildParser } from "./functions";
import type { Ctx } from "./interp";
import { evalNode, operand, readRef } from "./interp";
import type { Node } from "../text/ast";
import { takes, type ArgumentRules, type PureFunction } from "./fns/types";
import { LIBRARY_RULES } from "./catalogue/library-rules";
import { err, Grid, isErrorValue, isGrid, isRef, RefValue, unsupported, Value } from "./kinds";
import { argsTo1900, resultTo1904 } from "./date1904";
import { fromFfp, toFfp } from "./values";

type Fn = (...args: unknown[]) => unknown;

const rulesOf = (name: string): ArgumentRules => LIBRARY_RULES[name] ?? {};
const takesRange = (name: string, i: number): boolean => takes(rulesOf(name).ranges, i);

type Table = { functions: Record<string, Fn>; supported: Set<string>; formulajs: Set<string> };
/** A memo of the parser's function table, built on first use (the same for every evaluation): a cache, not state. */
const tableCache = new Map<"table", Table>();
const noRefs = { onCell: () => null, onRange: () => [[null]], onVariable: () => null };
function library(): Table {
  const cached = tableCache.get("table");
  if (cached) return cached;
  const { parser, supported, formulajs } = buildParser(noRefs, () => ({ now: () => new Date() }));
  const table: Table = { functions: parser.functions as Record<string, Fn>, supported, formulajs };
  tableCache.set("table", table);
  return table;
}

export type LibraryName = "formulajs" | "fast-formula-parser";

/** The library that computes `name`, or null when neither has it. */
export const libraryOf = (name: string): LibraryName | null => (!library().supported.has(name) ? null : library().formulajs.has(name) ? "formulajs" : "fast-formula-parser");

/** Every function the libraries offer. */
export const libraryNames = (): string[] => [...library().supported];

const ffpCell = (v: CellValue) => toFfp(v);
function ffpArg(v: CellValue | Grid | undefined, wasRef: boolean): FfpArg {
  if (v === undefined) return { value: null, omitted: true };
  if (isGrid(v)) return { value: v.map((r) => r.map(ffpCell)), isArray: true, isRangeRef: wasRef };
  return { value: ffpCell(v), isCellRef: wasRef };
}

function fromLibrary(res: unknown): CellValue | Grid {
  if (Array.isArray(res)) return (res as unknown[][]).map((row) => (Array.isArray(row) ? row.map(fromLibrary1) : [fromLibrary1(row)]));
  if (res && typeof res === "object" && "value" in (res as object) && "ref" in (res as object)) return fromLibrary1((res as { value: unknown }).value);
  return fromLibrary1(res);
}
const fromLibrary1 = (v: unknown): CellValue => (v === null || v === undefined ? 0 : fromFfp(v));


function callOnce(name: string, args: (CellValue | Grid | undefined)[], refs: boolean[]): CellValue | Grid {
  const fn = library().functions[name];
  if (!fn) unsupported(`${name} is not implemented`);
  // an error given for a one-value parameter is the result, as in Excel (the libraries often answer #VALUE! or #N/A instead)
  const bad = rulesOf(name).readsErrors ? undefined : args.find((a, i) => !takesRange(name, i) && a !== undefined && !isGrid(a) && isErrorValue(a));
  if (bad) return bad as CellValue;
  try {
    return fromLibrary(fn(...args.map((a, i) => ffpArg(a, refs[i]))));
  } catch (e) {
    if (e && typeof e === "object" && "error" in e) return err(String((e as { error: string }).error));
    return err("#VALUE!");
  }
}

/** How one function takes its arguments and computes one call: the library's functions and the engine's own pure ones alike. */
interface Callee {
  rules: ArgumentRules;
  once(args: Args, refs: boolean[]): CellValue | Grid;
}

const libraryCallee = (name: string): Callee => ({ rules: rulesOf(name), once: (args, refs) => callOnce(name, args, refs) });

/** Evaluate the arguments of the library's function `name` and call it with Excel's argument rules, lifting over arrays where Excel does. */
export function callLibrary(name: string, args: (Node | null)[], ctx: Ctx, arr: boolean): CellValue | Grid {
  const values = args.map((a, i) => (a ? evalNode(a, ctx, arr || takes(rulesOf(name).arrays, i)) : undefined));
  return callDated(name, libraryCallee(name), values, ctx, arr);
}

function pureCallee(f: PureFunction, ctx: Ctx): Callee {
  return {
    rules: f,
    once: (args) => {
      if (args.length < f.min || args.length > f.max) return err("#VALUE!");
      const bad = f.readsErrors ? undefined : args.find((a, i) => !takes(f.ranges, i) && a !== undefined && !isGrid(a) && isErrorValue(a));
      if (bad) return bad as CellValue;
      return f.fn(args, ctx.opts);
    },
  };
}

/** Evaluate the arguments of the engine's own pure function `name` and call it with Excel's argument rules. */
export function callPure(name: string, f: PureFunction, args: (Node | null)[], ctx: Ctx, arr: boolean): CellValue | Grid {
  const values = args.map((a, i): Value | undefined => {
    if (!a && takes(f.emptyIsOmitted, i)) return undefined;
    const v = a ? evalNode(a, ctx, arr || takes(f.arrays, i)) : f.emptyArgument ?? null;
    return f.refusesRanges && !takes(f.ranges, i) && isRef(v) && !oneCell(v) ? err("#VALUE!") : v;
  });
  return callDated(name, pureCallee(f, ctx), values, ctx, arr);
}

type Args = (CellValue | Grid | undefined)[];

const oneCell = (v: RefValue): boolean => v.areas.length === 1 && v.areas[0].r0 === v.areas[0].r1 && v.areas[0].c0 === v.areas[0].c1;

function callDated(name: string, callee: Callee, values: (Value | undefined)[], ctx: Ctx, arr: boolean): CellValue | Grid {
  if (!ctx.opts.date1904) return callLifted(callee, values, ctx, arr);
  return resultTo1904(callee.rules, callLifted(callee, values, ctx, arr, (args) => argsTo1900(name, callee.rules, args)));
}

function callLifted(callee: Callee, values: (Value | undefined)[], ctx: Ctx, arr: boolean, moveDates: (args: Args) => Args = (a) => a): CellValue | Grid {
  const refs = values.map((v) => v !== undefined && isRef(v));
  const read = values.map((v, i): CellValue | Grid | undefined => {
    if (v === undefined) return undefined;
    if (takes(callee.rules.ranges, i)) return isRef(v) ? readRef(v, ctx) : v;
    return operand(v, ctx, arr || takes(callee.rules.arrays, i));
  });
  const args = moveDates(read);
  const whole = (i: number) => takes(callee.rules.ranges, i);
  const lifted = args.map((a, i) => !whole(i) && a !== undefined && isGrid(a) && (a.length > 1 || a[0].length > 1));
  if (!lifted.some(Boolean)) return callee.once(args.map((a, i) => (a !== undefined && !whole(i) && isGrid(a) ? a[0][0] : a)), refs);
  const rows = Math.max(...args.map((a, i) => (lifted[i] ? (a as Grid).length : 1)));
  const cols = Math.max(...args.map((a, i) => (lifted[i] ? (a as Grid)[0].length : 1)));
  const out: Grid = [];
  for (let r = 0; r < rows; r++) {
    const row: CellValue[] = [];
    for (let c = 0; c < cols; c++) {
      const one = args.map((a, i) => (lifted[i] ? pick(a as Grid, r, c) : a));
      const v = callee.once(one, refs.map((x, i) => x && !lifted[i]));
      row.push(isGrid(v) ? v[0][0] : v);
    }
    out.push(row);
  }
  return out;
}

function pick(g: Grid, r: number, c: number): CellValue {
  const rr = g.length === 1 ? 0 : r, cc = g[0].length === 1 ? 0 : c;
  const row = g[rr];
  // outside a smaller argument's box: #N/A; an empty cell inside it stays empty
  return row !== undefined && cc < row.length ? row[cc] : err("#N/A");
}
