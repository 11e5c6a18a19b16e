/**
 * A formula as typed ("=SVC.FINANCIALS(INDEX($A$2#,2,1),"revenue",5)") to the text an .xlsx stores:
 * no "=", add-in calls as `_xldudf_SVC_X(`, a spill reference `A2#` as `_xlfn.ANCHORARRAY(A2)`, `@x` as
 * `_xlfn.SINGLE(x)`, and functions newer than Excel 2007 with their `_xlfn.` prefix (as Excel
 * saves them, so older readers see a name they do not know instead of a wrong function).
 */
import { Node, parseCached, printNode, toFileForm } from "../../formula";

/** Functions Excel stores with `_xlfn.` (the ones a model is likely to use; others are written as typed). */
const FUTURE = new Set([
  "XLOOKUP", "XMATCH", "FILTER", "SORT", "SORTBY", "UNIQUE", "SEQUENCE", "RANDARRAY", "LET", "LAMBDA",
  "IFS", "SWITCH", "MAXIFS", "MINIFS", "CONCAT", "TEXTJOIN", "IFNA", "DAYS", "ISOWEEKNUM",
  "STDEV.S", "STDEV.P", "VAR.S", "VAR.P", "PERCENTILE.INC", "PERCENTILE.EXC", "QUARTILE.INC", "QUARTILE.EXC",
  "RANK.EQ", "RANK.AVG", "MODE.SNGL", "CEILING.MATH", "FLOOR.MATH", "AGGREGATE", "FORECAST.LINEAR",
  "TEXTBEFORE", "TEXTAFTER", "TEXTSPLIT", "VSTACK", "HSTACK", "TAKE", "DROP", "CHOOSECOLS", "CHOOSEROWS", "TOCOL", "TOROW",
]);
/** Of those, the ones Excel writes with a second `_xlws.` prefix. */
const WORKSHEET_ONLY = new Set(["FILTER", "SORT"]);

function rewrite(n: Node): string | undefined {
  if (n.kind === "ref" && n.spill) return `_xlfn.ANCHORARRAY(${printNode({ ...n, spill: false }, rewrite)})`;
  if (n.kind === "unary" && n.op === "@") return `_xlfn.SINGLE(${printNode(n.operand, rewrite)})`;
  if (n.kind === "call" && !n.prefix && FUTURE.has(n.name.toUpperCase())) {
    const name = n.name.toUpperCase();
    const args = n.args.map((a) => (a ? printNode(a, rewrite) : "")).join(",");
    return `_xlfn.${WORKSHEET_ONLY.has(name) ? "_xlws." : ""}${name}(${args})`;
  }
  return undefined;
}

/** The stored text of a typed formula (throws FormulaSyntaxError when it does not parse). */
export function fileFormula(typed: string): string {
  const body = typed.trim().replace(/^=/, "");
  return toFileForm(printNode(parseCached(body), rewrite));
}
