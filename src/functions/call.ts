/**
 * Call an SVC function by name the way Excel does: the arguments the user typed, padded with null
 * for omitted ones, and the invocation, with the runtime the caller's composition root built.
 * `computeCell` is the typed path (a grid, or the SvcError with its kind, and the cell's record);
 * `callFunction` is Excel's edge (a failure thrown as the cell error Excel shows; the record kept in
 * the runtime's SourceBook for the pane). Shared by the page, the CLI, the workbench and tests.
 */
import { argsOf } from "../api";
import { SvcError, asSvcError, invalidArgument } from "../api";
import { bareSvcName } from "../api";
import { cellErrorFor } from "./cell-host";
import { CELLS } from "./cells";
import { CellInvocation, runCell } from "./invoke";
import { unknownFunctionMessage } from "./names";
import type { CellRuntime } from "./runtime";
import type { CellSource } from "./sources";

/**
 * A cell computed: its grid (host cells; a missing value with na=na is `{error: "#N/A"}`), or why
 * not; and its record (link, notices, FINANCIALS provenance) when a request was made.
 */
export type CellOutcome = ({ grid: unknown[][] } | { error: SvcError }) & { source: CellSource | null };

export function isFunctionName(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(CELLS, name.toUpperCase());
}

/** The function's name and padded arguments, or the SvcError a cell shows for the name or the count. */
function prepared(name: string, args: readonly unknown[]): { fn: string; padded: unknown[] } | SvcError {
  const bare = bareSvcName(name);
  if (!isFunctionName(bare)) return new SvcError("unknown_function", unknownFunctionMessage(bare));
  const fn = bare.toUpperCase();
  const max = argsOf(fn).length;
  if (args.length > max) return invalidArgument("arguments", `SVC.${fn} takes at most ${max} arguments; got ${args.length}`);
  const padded = [...args];
  while (padded.length < max) padded.push(null);
  return { fn, padded };
}

/** Excel's edge: the grid, or the cell error thrown; the record goes to the runtime's SourceBook. */
export async function callFunction(rt: CellRuntime, name: string, args: readonly unknown[], invocation: CellInvocation = {}): Promise<unknown[][]> {
  const p = prepared(name, args);
  if (p instanceof SvcError) throw cellErrorFor(rt.host, p);
  const run = await runCell(rt, p.fn, p.padded, invocation, (ctx, a) => CELLS[p.fn](ctx, a));
  if (run.source) rt.sources?.record(run.source);
  if ("error" in run) throw invocation.typed ? asSvcError(run.error) : cellErrorFor(rt.host, run.error);
  return run.grid;
}

/** The typed path (the CLI, model files): never an Excel error object, always settles. */
export async function computeCell(rt: CellRuntime, name: string, args: readonly unknown[], invocation: CellInvocation = {}): Promise<CellOutcome> {
  const p = prepared(name, args);
  if (p instanceof SvcError) return { error: p, source: null };
  invocation.typed = true;
  const run = await runCell(rt, p.fn, p.padded, invocation, (ctx, a) => CELLS[p.fn](ctx, a));
  if (run.source) rt.sources?.record(run.source);
  return "error" in run ? { error: asSvcError(run.error), source: run.source } : run;
}
