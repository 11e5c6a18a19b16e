/**
 * A plain formula's result in the fake host, never a made-up value: what the engine computes; a
 * formula it cannot compute (a function only Excel has) shows #CALC! "not computed here: ..."; a
 * formula opened from a file whose recomputation did not give Excel's stored value (pinned) shows
 * that stored value, marked unverified with the reason, until its inputs change — then it is not
 * computed either (the stored value would be out of date, and the engine's is not trusted).
 */
import { inputsKey, UnverifiedFormula } from "../model-file";
import { CellRef, CellSource, FormulaSyntaxError, parseExpression, unsupportedFunctions } from "../formula";
import { evaluate, isUnsupported } from "../formula";
import type { Cell } from "./model";
import { GridCell, Result, isError } from "./values";

/** What the workbench hands over for an unverified formula of an opened file. */
export type Pin = Pick<UnverifiedFormula, "reason" | "inputs" | "inputsKey"> & { text: string; stored: GridCell };

const pins = new WeakMap<Cell, Pin>();

export function pinCell(cell: Cell, pin: Pin): void {
  pins.set(cell, pin);
}

/** Why the formula cannot be read, when that is why it shows #NAME?. */
function syntaxProblem(text: string): string | null {
  try {
    parseExpression(text.replace(/^\s*=/, ""));
    return null;
  } catch (e) {
    return e instanceof FormulaSyntaxError ? `the formula cannot be read: ${e.message}` : null;
  }
}

function missingFunctions(text: string, source: CellSource): string[] {
  try {
    return unsupportedFunctions(text.replace(/^\s*=/, ""), source.names());
  } catch {
    return [];
  }
}

/** The engine's result for a formula text (an SVC formula's plain remainder included). */
export function engineResult(text: string, at: CellRef, source: CellSource): Result {
  const missing = missingFunctions(text, source);
  if (missing.length > 0) return { error: "#CALC!", message: `not computed here: uses ${missing.join(", ")}, which only Excel computes (unless misspelt)` };
  const v = evaluate(text, at, source, { array: true }); // typed in today's Excel: a dynamic-array formula
  if (isUnsupported(v)) return { error: "#CALC!", message: `not computed here: ${v.unsupported}` };
  if (isError(v)) return { error: v.error, message: v.error === "#NAME?" ? syntaxProblem(text) : null };
  return { value: v as GridCell | GridCell[][] };
}

/** What a pinned formula shows while its inputs are the file's: Excel's stored value, marked unverified. */
export const pinnedResult = (pin: Pin): Result => ({ value: pin.stored, unverified: `Excel's stored value, not recomputed here: ${pin.reason}` });

/** A plain formula cell's result, its pin (if any) first. */
export function plainResult(cell: Cell, text: string, source: CellSource): Result {
  const at = { sheet: cell.sheet.name, row: cell.r, col: cell.c };
  const pin = pins.get(cell);
  if (!pin || pin.text !== text) return engineResult(text, at, source);
  if (inputsKey(pin.inputs, (ref) => source.value(ref)) === pin.inputsKey) return pinnedResult(pin);
  return { error: "#CALC!", message: `not computed here: ${pin.reason}; its inputs changed since the file was saved, so the stored value is out of date` };
}
