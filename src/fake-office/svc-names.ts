/**
 * SVC calls inside defined names, as Excel evaluates them: a formula that uses a name whose
 * definition makes an SVC call (`=Rev/1000` with Rev `=SVC.FINANCIALS(...)`) runs that call. The host
 * writes such names out in place (parenthesised) before finding the calls.
 */
import { DefinedName, holdsSvcCall, lookupName, nameFormula, parseExpression, walk } from "../formula";

/** Names nested deeper than this are left as they are. */
const MAX_DEPTH = 8;

/** `text` with every name that makes an SVC call replaced by its definition. */
export function inlineSvcNames(text: string, sheet: string, names: readonly DefinedName[]): string {
  let out = text;
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const spans: { start: number; end: number; text: string }[] = [];
    try {
      walk(parseExpression(out), (n) => {
        if (n.kind !== "name" || n.prefix?.book) return;
        const def = lookupName(names, n.name, sheet, n.prefix?.sheet);
        if (def && holdsSvcCall(`=${nameFormula(def)}`, def.sheet ?? sheet, names)) spans.push({ ...n.span, text: `(${nameFormula(def)})` });
      });
    } catch {
      return out;
    }
    if (!spans.length) return out;
    for (const s of spans.sort((a, b) => b.start - a.start)) out = out.slice(0, s.start) + s.text + out.slice(s.end);
  }
  return out;
}
