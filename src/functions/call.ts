/**
 * Call an SVC function by name the way Excel does: the arguments the user typed, padded with null
 * for omitted ones, then the invocation object last. Shared by the CLI, the workbench and tests.
 */
import { invalidArgument } from "../api/errors";
import { cellErrorFor } from "./cell-host";
import { FUNCTIONS } from "./functions";
import { CellInvocation } from "./invoke";

export function isFunctionName(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(FUNCTIONS, name.toUpperCase());
}

export async function callFunction(name: string, args: readonly unknown[], invocation: CellInvocation = {}): Promise<unknown[][]> {
  const fn = FUNCTIONS[name.toUpperCase()];
  if (!fn) throw new Error(`unknown function SVC.${name}`);
  const max = fn.length - 1;
  if (args.length > max) throw cellErrorFor(invalidArgument("arguments", `SVC.${name.toUpperCase()} takes at most ${max} arguments; got ${args.length}`));
  const padded = [...args];
  while (padded.length < max) padded.push(null);
  return fn(...padded, invocation);
}
