/**
 * Function names as Excel means them: SVC functions in either spelling, file-form markers dropped.
 * The one place that says "this is an SVC function" and "strip the namespace".
 */

const SVC_NAME = /^(?:SVC\.|_xldudf_SVC_)([A-Za-z][A-Za-z0-9_]*)$/i;

/** "SVC.FINANCIALS" or "_xldudf_SVC_FINANCIALS" (any case) -> "FINANCIALS"; anything else -> null. */
export function svcName(fnToken: string): string | null {
  const m = SVC_NAME.exec(fnToken.trim());
  return m ? m[1].toUpperCase() : null;
}

/** A function as users may name it ("SVC.FINANCIALS", "_xldudf_SVC_FINANCIALS", "financials") -> "FINANCIALS". */
export function bareSvcName(fn: string): string {
  return svcName(fn) ?? fn.trim().toUpperCase();
}

// An SVC function-call token in formula text: a name followed by "(".
const SVC_CALL_TOKEN = /(?<![\w.])((?:_xldudf_)?SVC[._][A-Za-z][A-Za-z0-9_]*)\s*\(/gi;

/**
 * The SVC functions formula text calls, found in the text itself (string literals blanked out): for
 * text the parser cannot read, and for a quick look before parsing.
 */
export function svcCallTokensIn(text: string): string[] {
  const bare = text.replace(/"(?:[^"]|"")*"/g, '""');
  const found = new Set<string>();
  for (const m of bare.matchAll(SVC_CALL_TOKEN)) {
    const fn = svcName(m[1]);
    if (fn) found.add(fn);
  }
  return [...found];
}

/** A function name as Excel means it: upper case, without the file form's `_xlfn.` / `_xlws.` markers. */
export function plainFunctionName(name: string): string {
  return name.replace(/^(_xlfn\.|_xlws\.)+/i, "").toUpperCase();
}

export const VOLATILE_FUNCTIONS = ["TODAY", "NOW", "RAND", "RANDBETWEEN", "OFFSET", "INDIRECT"];
