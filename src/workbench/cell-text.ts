/**
 * What a workbench cell shows (readable by default): the value as Excel shows it with data
 * types on (src/shape/readable.ts), and for #NAME? the function it probably meant.
 * The workbench turns data types on unless the page is opened with `?datatypes=0`.
 */
import { svcCallTokensIn } from "../api";
import { SVC_FUNCTION_NAMES, unknownFunctionMessage } from "../functions";

/** The fake host's page with data types on (current Excel), or off with `?datatypes=0` (Excel before CustomFunctionsRuntime 1.4). */
export function bookUrl(search: string): string {
  return new URLSearchParams(search).get("datatypes") === "0" ? "/taskpane.html" : "/taskpane.html?datatypes=1";
}

/** An error's message; a #NAME? from a misspelt SVC function says which one was meant. */
export function errorMessage(error: string, message: string | null | undefined, formula: unknown): string {
  const unknown = error === "#NAME?" && typeof formula === "string" ? svcCallTokensIn(formula).find((fn) => !SVC_FUNCTION_NAMES.includes(fn)) : undefined;
  return unknown ? unknownFunctionMessage(unknown) : message ?? "";
}
