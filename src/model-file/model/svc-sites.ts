/** Which SVC functions a stored formula calls, and whether a dead external-book prefix hides them. */
import { stripAddinBookPrefix } from "../../formula/text/file-form";
import { svcCallTokensIn } from "../../formula/text/fn-names";

export function svcCallsIn(text: string): { functions: string[]; broken: boolean } {
  const functions = svcCallTokensIn(text);
  return { functions, broken: functions.length > 0 && stripAddinBookPrefix(text).changed };
}
