/**
 * Every SVC call a formula makes: wrapped (IFERROR, ROUND, arithmetic), nested in another function or
 * in another SVC call, several in one formula, or inside a defined name the formula uses (each name
 * once). The one test of "this formula holds an SVC call".
 */
import { Node, walk } from "./ast";
import { excelView } from "./excel-view";
import { svcCallTokensIn, svcName } from "../../api";
import type { DefinedName } from "../types";
import { lookupName, nameFormula } from "./names";
import { printNode } from "./print";
import { parseCached } from "./syntax";

export interface SvcCall {
  /** "FINANCIALS" */
  fn: string;
  /** The call alone as a formula ("=SVC.FINANCIALS(...)"), or null when the formula cannot be read. */
  text: string | null;
  /** The defined name the call is written in, when it is not in the cell's own formula. */
  name: string | null;
  /** The call is the whole formula (what the cell's function last received is its arguments). */
  top: boolean;
}

export interface CallsOf {
  calls: SvcCall[];
  /** The formula is one SVC call (nothing around it; its arguments may hold more). */
  single: boolean;
}

const readable = (text: string): Node | null => {
  try {
    return excelView(parseCached(text.trim()));
  } catch {
    return null;
  }
};

/** The call node alone, printed as a formula (a dead book prefix dropped: the call is ours). */
const callText = (n: Node & { kind: "call" }) => `=${printNode({ ...n, prefix: null })}`;

function collect(node: Node, sheet: string, names: readonly DefinedName[], via: string | null, seen: Set<string>, out: SvcCall[]): void {
  walk(node, (n) => {
    if (n.kind === "call") {
      const fn = svcName(n.name);
      if (fn) out.push({ fn, text: callText(n), name: via, top: n === node && via === null });
      return;
    }
    if (n.kind !== "name" || n.prefix?.book) return;
    const def = lookupName(names, n.name, sheet, n.prefix?.sheet);
    const key = def ? `${def.sheet ?? ""}!${def.name.toUpperCase()}` : "";
    if (!def || seen.has(key)) return;
    seen.add(key);
    const inner = readable(nameFormula(def));
    if (inner) collect(inner, def.sheet ?? sheet, names, via ?? def.name, seen, out);
  });
}

/** A quick look before parsing: SVC written in the text, or some name holds SVC (names may nest). */
function mayHold(formula: string, names: readonly DefinedName[]): boolean {
  return /svc/i.test(formula) || names.some((n) => /svc/i.test(n.formula));
}

/** The SVC calls `formula` (on `sheet`) makes, in reading order, names expanded. */
export function svcCallsOf(formula: string, sheet: string, names: readonly DefinedName[] = []): CallsOf {
  if (typeof formula !== "string" || !formula.trim().startsWith("=") || !mayHold(formula, names)) return { calls: [], single: false };
  const node = readable(formula);
  if (!node) return { calls: svcCallTokensIn(formula).map((fn) => ({ fn, text: null, name: null, top: false })), single: false };
  const calls: SvcCall[] = [];
  collect(node, sheet, names, null, new Set(), calls);
  return { calls, single: calls[0]?.top === true };
}

/** The one test: does this formula make an SVC call (directly or through a defined name)? */
export function holdsSvcCall(formula: unknown, sheet: string, names: readonly DefinedName[] = []): boolean {
  return typeof formula === "string" && svcCallsOf(formula, sheet, names).calls.length > 0;
}

/** Functions that turn an error of their (first) argument into a value: an SVC call's error there is hidden. */
const CATCHERS = new Set(["IFERROR", "IFNA", "ISERROR", "ISERR", "ISNA", "ERROR.TYPE"]);

/**
 * The functions (IFERROR, IFNA, ISERROR...) an SVC call of `formula` sits inside, so that an error it
 * gets is hidden: the cell shows a value instead. Said before any call (a refresh lists such errors).
 */
export function svcCallsHiddenBy(formula: string, sheet: string, names: readonly DefinedName[] = []): string[] {
  if (typeof formula !== "string" || !formula.trim().startsWith("=") || !mayHold(formula, names) || !/\b(IFERROR|IFNA|ISERROR|ISERR|ISNA|ERROR\.TYPE)\s*\(/i.test(formula)) return [];
  const node = readable(formula);
  if (!node) return [];
  const guarded: { arg: Node; by: string }[] = [];
  walk(node, (n) => {
    const by = n.kind === "call" ? n.name.toUpperCase().replace(/^_XLFN\./, "") : "";
    if (n.kind === "call" && CATCHERS.has(by) && n.args[0]) guarded.push({ arg: n.args[0], by });
  });
  const out = new Set<string>();
  for (const { arg, by } of guarded)
    walk(arg, (n) => {
      const def = n.kind === "name" && !n.prefix?.book ? lookupName(names, n.name, sheet, n.prefix?.sheet) : undefined;
      if ((n.kind === "call" && svcName(n.name)) || (def && holdsSvcCall(`=${nameFormula(def)}`, def.sheet ?? sheet, names))) out.add(by);
    });
  return [...out];
}
