/**
 * How a plain formula is computed outside Excel, in one place: the refresh's recomputation and its
 * self-verification call the same function, so what is verified is exactly what would be written.
 * The engine either gives a value or says it cannot compute the formula (with why); a formula it
 * cannot compute is never given a value here.
 */
import { CellSource, EngineValue, unsupportedFunctions } from "../../formula";
import { evaluate, isUnsupported } from "../../formula";
import type { Platform } from "../../formula";
import { engineSpelling } from "./file-text";
import { FormulaNode } from "./graph";

export type Recomputed = { value: EngineValue } | { unsupported: string };

/** A formula and where it stands (a graph node, or any formula cell of the model). */
export type FormulaAt = Pick<FormulaNode, "sheet" | "row" | "col" | "text" | "unreadable">;

/** How to evaluate: the clock, as an array formula, and the workbook's date system. */
export interface RecomputeOptions {
  now?: () => Date;
  array?: boolean;
  date1904?: boolean;
  platform?: Platform;
}

/** Why the engine cannot read a formula, as the stale list says it. */
function unreadableReason(e: unknown): string {
  return `the engine cannot read the formula: ${e instanceof Error ? e.message : String(e)}`;
}

export function recompute(n: FormulaAt, src: CellSource, opts: RecomputeOptions = {}): Recomputed {
  let text: string, missing: string[];
  try {
    text = engineSpelling(n.text);
    missing = unsupportedFunctions(text, src.names());
  } catch (e) {
    return { unsupported: unreadableReason(e) };
  }
  if (missing.length > 0) return { unsupported: `uses ${missing.join(", ")}, which only Excel computes` };
  const v = evaluate(text, n, src, opts);
  return isUnsupported(v) ? v : { value: v };
}
