/**
 * The plain-formula engine: our own syntax tree (src/formula/text) evaluated with Excel's semantics
 * (interp.ts: references, implicit intersection, arrays, errors; calls.ts: the functions), with the
 * long tail of functions taken from fast-formula-parser and formulajs (library.ts). What it cannot
 * compute exactly as Excel does comes back UNSUPPORTED with the reason, never as a value.
 */
import { walk, type Node, type NodeOf } from "../text/ast";
import { excelView } from "../text/excel-view";
import { plainFunctionName } from "../text/fn-names";
import { svcName } from "../../api";
import { parseCached } from "../text/syntax";
import { FormulaSyntaxError } from "../text/tokens";
import type { CellRef, DefinedName } from "../types";
import { isUnsupported, type CellSource, type EngineValue, type Evaluation, type EvaluateOptions } from "./source";
import { call } from "./calls";
import { implemented } from "./catalogue";
import { evalNode, resultOf, type Ctx } from "./interp";
import { NotSupported } from "./kinds";

export type { CellFormula, CellSource, EngineValue, Evaluation, EvaluateOptions } from "./source";
export { isUnsupported } from "./source";

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
  const ctx: Ctx = { cells, at, sheet: at.sheet, opts, depth: 0, call, top: node };
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

/**
 * Functions a formula calls that the engine does not implement (SVC calls excluded: the caller's hook
 * answers them). A call of a LAMBDA (inline, a LET name, or one of the workbook's `names`) is not one.
 */
export function unsupportedFunctions(textOrNode: string | Node, names: readonly DefinedName[] = []): string[] {
  const node = excelView(typeof textOrNode === "string" ? parseCached(textOrNode.trim()) : textOrNode);
  const out = new Set<string>();
  walk(node, (n) => {
    if (n.kind !== "call" || n.callee || svcName(n.name) || /^_xlpm\./i.test(n.name)) return;
    const name = plainFunctionName(n.name);
    if (!implemented(name) && !names.some((d) => d.name.toUpperCase() === name)) out.add(name);
  });
  return [...out];
}

/** True when the engine can evaluate this call (`_xlfn.` and case ignored). */
export function engineSupports(call: NodeOf<"call">): boolean {
  return implemented(plainFunctionName(call.name));
}
