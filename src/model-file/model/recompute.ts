/**
 * How a plain formula is computed outside Excel, in one place: the refresh's recomputation and its
 * self-verification call the same function, so what is verified is exactly what would be written.
 * The engine either gives a value or says it cannot compute the formula (with why); a formula it
 * cannot compute is never given a value here.
 */
import { CellSource, EngineValue, evaluateFormula, unsupportedFunctions } from "../../formula";
import { engineSpelling } from "./file-text";
import { FormulaNode } from "./graph";

export type Recomputed = { value: EngineValue } | { unsupported: string };

export function recompute(n: FormulaNode, src: CellSource, now?: () => Date): Recomputed {
  if (n.unreadable) return { unsupported: "the formula text cannot be read here" };
  const text = engineSpelling(n.text);
  const missing = unsupportedFunctions(text);
  if (missing.length > 0) return { unsupported: `uses ${missing.join(", ")}, which only Excel computes` };
  return { value: evaluateFormula(text, n, src, { now }) };
}
