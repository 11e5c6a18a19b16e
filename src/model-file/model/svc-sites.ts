/** Which SVC functions a stored formula calls, and whether a dead external-book prefix hides them. */
import { stripAddinBookPrefix } from "../../formula/text/file-form";
import { svcName } from "../../formula/text/refs";

// A function-call token: a name followed by "(" (string literals are blanked out first).
const CALL = /(?<![\w.])((?:_xldudf_)?SVC[._][A-Za-z][A-Za-z0-9_]*)\s*\(/gi;

export function svcCallsIn(text: string): { functions: string[]; broken: boolean } {
  const bare = text.replace(/"(?:[^"]|"")*"/g, '""');
  const functions = new Set<string>();
  for (const m of bare.matchAll(CALL)) {
    const fn = svcName(m[1]);
    if (fn) functions.add(fn);
  }
  return { functions: [...functions], broken: functions.size > 0 && stripAddinBookPrefix(text).changed };
}
