/**
 * A formula cell's state as an edit creates it, and the shape check Excel applies to a result.
 */
import type { FormulaState } from "./model";
import { volatileFunctionsIn } from "../formula";
import type { Result } from "./values";

/** Excel shows #CALC! for an empty array and #VALUE! for rows of different lengths. */
export function checkedShape(r: Result): Result {
  if (!("value" in r) || !Array.isArray(r.value)) return r;
  const g = r.value;
  if (g.length === 0 || g[0].length === 0) return { error: "#CALC!", message: "the function returned an empty array" };
  if (g.some((row) => !Array.isArray(row) || row.length !== g[0].length)) return { error: "#VALUE!", message: "the function returned rows of different lengths" };
  return r;
}

export function newState(text: string, prev: FormulaState | null, svc: boolean): FormulaState {
  return {
    text,
    volatile: volatileFunctionsIn(text).length > 0,
    svc,
    result: prev?.result ?? null,
    invoking: false,
    spill: prev?.spill ?? null,
    want: prev?.want ?? null,
    calls: new Map(),
    ctrl: null,
    gen: (prev?.gen ?? 0) + 1,
  };
}
