/**
 * The plain-formula engine: our own syntax tree (src/formula/text) evaluated with Excel's semantics
 * (interp.ts: references, implicit intersection, arrays, errors; calls.ts: the functions), with the
 * long tail of functions taken from fast-formula-parser and formulajs (library.ts). What it cannot
 * compute exactly as Excel does comes back UNSUPPORTED with the reason, never as a value.
 */
import { walk, type Node, type NodeOf } from "../text/ast";
import { excelView } from "../text/excel-view";
import { plainFunctionName, svcName } from "../text/fn-names";
import { parseCached } from "../text/syntax";
import { FormulaSyntaxError } from "../text/tokens";
import type { AreaRef, ArgValue, CellRef, CellValue, DefinedName } from "../types";
import { implemented } from "./calls";
import { evalNode, resultOf, type Ctx } from "./interp";
import { NotSupported } from "./kinds";

export interface CellSource {
  value(ref: CellRef): CellValue;
  names(): readonly DefinedName[];
  spill(anchor: CellRef): AreaRef | null;
  /**
   * Optional: the used area of a sheet (null when empty). Whole-column and whole-row references
   * (`SUM(A:A)`) read only inside it; without it they read all 1,048,576 rows.
   */
  used?(sheet: string): AreaRef | null;
}

export interface EvaluateOptions {
  /** The clock TODAY() and NOW() read (default: the computer's). */
  now?: () => Date;
  /** The workbook counts dates from 1904-01-01 (workbookPr date1904). */
  date1904?: boolean;
  /**
   * Evaluate as an array formula (`t="array"` in a file, a dynamic-array formula, a formula typed
   * in today's Excel): ranges are read whole and a range result spills. Default false: a formula
   * stored without `t="array"`, where Excel intersects a range with the formula's row or column.
   */
  array?: boolean;
  /** Answers SVC calls inside a plain formula (fn without the namespace). Without it they are #NAME?, as in Excel without the add-in. */
  svc?: (fn: string, args: ArgValue[]) => CellValue | CellValue[][];
}

/** A plain formula's result: one value, or a spilled array (errors inside stay errors). */
export type EngineValue = CellValue | CellValue[][];

/** What the engine cannot compute exactly as Excel does: no value, a reason ("OFFSET is not implemented"). */
export interface Unsupported {
  unsupported: string;
}

/** The engine's answer: Excel's value, or UNSUPPORTED with the reason. */
export type Evaluation = EngineValue | Unsupported;

export function isUnsupported(v: unknown): v is Unsupported {
  return typeof v === "object" && v !== null && !Array.isArray(v) && typeof (v as Unsupported).unsupported === "string";
}

const NESTING = 64;
let depth = 0;

/**
 * The engine's contract: Excel's value for the formula at `at` ("=B2/C2", "SUM(Inputs!A1:A9)",
 * "INDEX(A2#,2,1)"), or UNSUPPORTED with the reason. Errors come back as { error }, an empty
 * result as 0 (as Excel shows it), a spilled result as a 2-D array.
 */
export function evaluate(text: string, at: CellRef, cells: CellSource, opts: EvaluateOptions = {}): Evaluation {
  let node: Node;
  try {
    node = excelView(parseCached(text.trim()));
  } catch (e) {
    return { unsupported: e instanceof FormulaSyntaxError ? `the engine cannot read the formula: ${e.message}` : "the engine cannot read the formula" };
  }
  if (depth >= NESTING) return { unsupported: "formulas nested too deeply" };
  const arr = opts.array ?? false;
  const ctx: Ctx = { cells, at, sheet: at.sheet, opts, depth: 0 };
  depth++;
  try {
    return resultOf(evalNode(node, ctx, arr), ctx, arr);
  } catch (e) {
    if (e instanceof NotSupported) return { unsupported: e.message };
    if (e instanceof RangeError) return { unsupported: "the formula is too large to evaluate" };
    return { unsupported: `the engine failed: ${e instanceof Error ? e.message : String(e)}` };
  } finally {
    depth--;
  }
}

/**
 * evaluate() for callers that show a value whatever happens: UNSUPPORTED shows as #NAME?. A caller
 * that writes values into a model must use evaluate() and keep the stored value instead.
 */
export function evaluateFormula(text: string, at: CellRef, cells: CellSource, opts: EvaluateOptions = {}): EngineValue {
  const v = evaluate(text, at, cells, opts);
  return isUnsupported(v) ? { error: "#NAME?" } : v;
}

/** Functions a formula calls that the engine does not implement (SVC calls excluded: the caller's hook answers them). */
export function unsupportedFunctions(textOrNode: string | Node): string[] {
  const node = excelView(typeof textOrNode === "string" ? parseCached(textOrNode.trim()) : textOrNode);
  const out = new Set<string>();
  walk(node, (n) => {
    if (n.kind !== "call" || svcName(n.name)) return;
    const name = plainFunctionName(n.name);
    if (!implemented(name)) out.add(name);
  });
  return [...out];
}

/** True when the engine can evaluate this call (`_xlfn.` and case ignored). */
export function engineSupports(call: NodeOf<"call">): boolean {
  return implemented(plainFunctionName(call.name));
}
