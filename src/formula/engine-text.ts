/**
 * Formula text as the engine (fast-formula-parser) reads it, printed from our syntax tree: spill
 * references spelled as the spill's range (its grammar has no `#`), defined names replaced by what
 * they refer to (sheet scope first), function names without `_xlfn.`, SVC calls as `SVC.NAME(`,
 * references without `$` (it cannot read `$1:$3`), external-book references as #REF!.
 */
import { rangeAddress } from "./address";
import { Node, walk } from "./ast";
import { lookupName, nameFormula } from "./names";
import { printNode } from "./print";
import { areaOf, plainFunctionName, svcName } from "./refs";
import { parseCached } from "./syntax";
import type { AreaRef, CellRef, DefinedName } from "./types";

export interface TextContext {
  sheet: string;
  names: () => readonly DefinedName[];
  spill: (anchor: CellRef) => AreaRef | null;
}

const MAX_NAME_DEPTH = 16;

/** True when the engine text of `node` does not depend on the workbook (no names, no spill references). */
export function isSelfContained(node: Node): boolean {
  let self = true;
  walk(node, (n) => {
    if (n.kind === "name" || (n.kind === "ref" && n.spill)) self = false;
  });
  return self;
}

function nameText(n: Extract<Node, { kind: "name" }>, ctx: TextContext, depth: number): string {
  if (n.prefix?.book || depth >= MAX_NAME_DEPTH) return "#NAME?";
  const def = lookupName(ctx.names(), n.name, ctx.sheet, n.prefix?.sheet);
  if (!def) return "#NAME?";
  try {
    const inner = parseCached(nameFormula(def));
    return `(${engineText(inner, { ...ctx, sheet: def.sheet ?? ctx.sheet }, depth + 1)})`;
  } catch {
    return "#NAME?";
  }
}

function rewriter(ctx: TextContext, depth: number) {
  return (n: Node): string | undefined => {
    switch (n.kind) {
      case "ref": {
        if (n.prefix?.book) return "#REF!";
        const area = areaOf(n, ctx.sheet);
        if (!n.spill) return rangeAddress(area);
        const spilled = ctx.spill({ sheet: area.sheet, row: area.r0, col: area.c0 });
        return spilled ? rangeAddress(spilled) : "#REF!";
      }
      case "name":
        return nameText(n, ctx, depth);
      case "call": {
        if (n.prefix) return "#NAME?";
        const svc = svcName(n.name);
        const name = svc ? `SVC.${svc}` : plainFunctionName(n.name);
        return `${name}(${n.args.map((a) => (a ? engineText(a, ctx, depth) : "")).join(",")})`;
      }
      case "unary":
        return n.op === "@" ? engineText(n.operand, ctx, depth) : undefined;
      case "bool":
        return n.value ? "TRUE" : "FALSE";
      default:
        return undefined;
    }
  };
}

/** The engine's spelling of a formula (without "="). */
export function engineText(node: Node, ctx: TextContext, depth = 0): string {
  return printNode(node, rewriter(ctx, depth));
}

/** Function names in the formula that neither library implements (SVC calls excluded: the caller's hook answers them). */
export function unsupportedIn(node: Node, supported: ReadonlySet<string>): string[] {
  const out = new Set<string>();
  walk(node, (n) => {
    if (n.kind !== "call" || svcName(n.name)) return;
    const name = plainFunctionName(n.name);
    if (!supported.has(name)) out.add(name);
  });
  return [...out];
}
