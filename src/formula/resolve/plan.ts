/**
 * The first step of resolving: read each SVC formula and sort its arguments by what they need —
 * nothing (literals, the fast path), cells (references, the fast path), names, the engine, or a run.
 */
import { parseCell } from "../text/address";
import { Node, NodeOf, walk } from "../text/ast";
import { excelView } from "../text/excel-view";
import { svcName } from "../../api";
import { literalOf } from "../text/parse";
import { printNode } from "../text/print";
import { volatileFunctionsIn } from "../engine/catalogue/volatile";
import type { FormulaSite, ParamInfo } from "./types";
import { parseCached } from "../text/syntax";
import type { ArgValue, CellRef } from "../types";

export type ArgPlan =
  | { kind: "value"; value: ArgValue }
  /** A reference (spill references included): read, never evaluated. */
  | { kind: "ref"; node: NodeOf<"ref"> }
  | { kind: "name"; node: NodeOf<"name"> }
  /** Anything else the engine evaluates (UPPER(A1), A1&"x", INDEX(A2#,2,1), -A1 ...). */
  | { kind: "expr"; node: Node }
  /** An error value written in the argument (#REF! after a deletion). */
  | { kind: "error"; code: string }
  /** Only running the formula tells the value. */
  | { kind: "run"; reason: string };

export interface Arg {
  plan: ArgPlan;
  /** "ticker", or "argument 2" when the caller did not say. */
  name: string;
  optional: boolean;
  /** The argument as written, without "$" (for messages). */
  readonly text: string;
}

export interface SitePlan {
  at: CellRef;
  fn: string;
  args: Arg[];
  volatile: string[];
}

/** What a formula's text alone says (shared by every site with the same text). */
interface TextPlan {
  fn: string;
  nodes: (Node | null)[];
  plans: ArgPlan[];
  volatile: string[];
}

/** The first nested SVC call in a node, as written. */
function nestedSvc(node: Node): string | null {
  let found: string | null = null;
  walk(node, (n) => {
    if (!found && n.kind === "call" && svcName(n.name)) found = `SVC.${svcName(n.name)}`;
  });
  return found;
}

function refersToOtherBook(node: Node): boolean {
  let found = false;
  walk(node, (n) => {
    if ((n.kind === "ref" || n.kind === "name" || n.kind === "call") && n.prefix?.book) found = true;
  });
  return found;
}

function planArg(node: Node | null, label: string): ArgPlan {
  const literal = literalOf(node);
  if (literal !== undefined || node === null) return { kind: "value", value: literal ?? null };
  const svc = nestedSvc(node);
  if (svc) return { kind: "run", reason: `${label}: ${svc} inside the argument gives its value only when it runs` };
  if (refersToOtherBook(node)) return { kind: "run", reason: `${label}: it refers to another workbook, which only Excel can read` };
  if (node.kind === "error") return { kind: "error", code: node.code };
  if (node.kind === "ref") return { kind: "ref", node };
  if (node.kind === "name") return { kind: "name", node };
  return { kind: "expr", node };
}

const writtenText = (node: Node | null) => (node ? printNode(node).replace(/\$/g, "") : "");

/** The top-level SVC call of a formula, or null when the formula is anything else. */
function topCall(formula: string): NodeOf<"call"> | null {
  let node: Node;
  try {
    node = parseCached(formula.trim());
  } catch {
    return null;
  }
  return node.kind === "call" && !node.prefix && svcName(node.name) ? (excelView(node) as NodeOf<"call">) : null;
}

const LIMIT = 20_000;
const textPlanCache = new Map<string, TextPlan | null>();

function planText(formula: string): TextPlan | null {
  const cached = textPlanCache.get(formula);
  if (cached !== undefined) return cached;
  const call = topCall(formula);
  const fn = call && svcName(call.name);
  let out: TextPlan | null = null;
  if (call && fn) {
    const nodes = [...call.args];
    // Trailing empty arguments are the same as omitted ones.
    while (nodes.length && nodes[nodes.length - 1] === null) nodes.pop();
    // labels in "run" reasons name the argument; filled in per site below
    out = { fn, nodes, plans: nodes.map((n) => planArg(n, "\u0000")), volatile: volatileFunctionsIn(formula) };
  }
  if (textPlanCache.size >= LIMIT) textPlanCache.clear();
  textPlanCache.set(formula, out);
  return out;
}

export function planSite(site: FormulaSite, params?: (fn: string) => readonly ParamInfo[]): SitePlan | null {
  const t = planText(site.formula);
  if (!t) return null;
  let at: CellRef;
  try {
    at = parseCell(site.address);
  } catch {
    return null;
  }
  const info = params?.(t.fn) ?? [];
  const args = t.nodes.map((node, i): Arg => {
    const name = info[i]?.name ?? `argument ${i + 1}`;
    const p = t.plans[i];
    const plan = p.kind === "run" ? { kind: "run" as const, reason: p.reason.replace("\u0000", name) } : p;
    let text: string | undefined;
    return {
      name,
      optional: info[i]?.optional ?? false,
      plan,
      get text() {
        return (text ??= writtenText(node));
      },
    };
  });
  return { at, fn: t.fn, args, volatile: t.volatile };
}
