/** Function names as Excel means them: SVC functions in either spelling, file-form markers dropped. */

/** "SVC.FINANCIALS" or "_xldudf_SVC_FINANCIALS" (any case) -> "FINANCIALS"; anything else -> null. */
export function svcName(fnToken: string): string | null {
  const m = /^(?:SVC\.|_xldudf_SVC_)([A-Za-z][A-Za-z0-9_]*)$/i.exec(fnToken.trim());
  return m ? m[1].toUpperCase() : null;
}

/** A function name as Excel means it: upper case, without the file form's `_xlfn.` / `_xlws.` markers. */
export function plainFunctionName(name: string): string {
  return name.replace(/^(_xlfn\.|_xlws\.)+/i, "").toUpperCase();
}

export const VOLATILE_FUNCTIONS = ["TODAY", "NOW", "RAND", "RANDBETWEEN", "OFFSET", "INDIRECT"];
