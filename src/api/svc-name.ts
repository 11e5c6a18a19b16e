/**
 * SVC function names, in one place: "is this an SVC function" and "strip the namespace", in either
 * spelling (Excel's `SVC.FINANCIALS`, the file form `_xldudf_SVC_FINANCIALS`, any case). Everything
 * that reads a function name (the formula parser, the functions, the plan, the fake host, the
 * workbench, the CLI) asks here.
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
 * The SVC functions formula text calls, found in the text itself (string literals blanked out), in
 * order of first use: for text the parser cannot read, and for a quick look before parsing.
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
