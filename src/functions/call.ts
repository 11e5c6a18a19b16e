/**
 * Call an SVC function by name the way Excel does: the arguments the user typed, padded with null
 * for omitted ones, then the invocation object last. Shared by the CLI, the workbench and tests.
 * `computeFunction` is the typed path (a grid, or the SvcError with its kind); `callFunction` is
 * Excel's edge (a failure thrown as the cell error Excel shows).
 */
import { SvcError, asSvcError, invalidArgument } from "../api/errors";
import { bareSvcName } from "../api/svc-name";
import { cellErrorFor } from "../office/cell-error";
import { FUNCTIONS } from "./functions";
import { CellInvocation } from "./invoke";
import { unknownFunctionMessage } from "./names";

/** A cell computed: its grid (host cells; a missing value with na=na is `{error: "#N/A"}`), or why not. */
export type CellOutcome = { grid: unknown[][] } | { error: SvcError };

export function isFunctionName(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(FUNCTIONS, name.toUpperCase());
}

/** Number of arguments a user may type (the invocation excluded). */
export function arity(name: string): number {
  return FUNCTIONS[name.toUpperCase()].length - 1;
}

/** The function and its padded arguments, or the SvcError a cell shows for the name or the count. */
function prepared(name: string, args: readonly unknown[]): { fn: (...a: unknown[]) => Promise<unknown[][]>; padded: unknown[] } | SvcError {
  const bare = bareSvcName(name);
  if (!isFunctionName(bare)) return new SvcError("unknown_function", unknownFunctionMessage(bare));
  const fn = FUNCTIONS[bare] as (...a: unknown[]) => Promise<unknown[][]>;
  const max = fn.length - 1;
  if (args.length > max) return invalidArgument("arguments", `SVC.${bare} takes at most ${max} arguments; got ${args.length}`);
  const padded = [...args];
  while (padded.length < max) padded.push(null);
  return { fn, padded };
}

/** Excel's edge: the grid, or the cell error thrown. */
export async function callFunction(name: string, args: readonly unknown[], invocation: CellInvocation = {}): Promise<unknown[][]> {
  const p = prepared(name, args);
  if (p instanceof SvcError) throw cellErrorFor(p);
  return p.fn(...p.padded, invocation);
}

/** The typed path (the CLI, model files): never an Excel error object, always settles. */
export async function computeFunction(name: string, args: readonly unknown[], invocation: CellInvocation = {}): Promise<CellOutcome> {
  const p = prepared(name, args);
  if (p instanceof SvcError) return { error: p };
  try {
    invocation.typed = true;
    return { grid: await p.fn(...p.padded, invocation) };
  } catch (e) {
    return { error: asSvcError(e) };
  }
}
