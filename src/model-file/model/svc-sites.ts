/**
 * Which SVC functions a stored formula calls (wrapped, nested, or inside a defined name it uses: the
 * formula room's one test), and whether a dead external-book prefix hides them.
 */
import { stripAddinBookPrefix } from "../../formula";
import { svcCallsOf } from "../../formula";
import type { DefinedName } from "../../formula";

/** `text`: the stored formula (file form, no "="), on `sheet`, with the workbook's names. */
export function svcCallsIn(text: string, sheet: string, names: readonly DefinedName[]): { functions: string[]; broken: boolean } {
  const functions = [...new Set(svcCallsOf(`=${text}`, sheet, names).calls.map((c) => c.fn))];
  return { functions, broken: functions.length > 0 && stripAddinBookPrefix(text).changed };
}
