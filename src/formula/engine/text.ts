/**
 * Formula text as the engine (fast-formula-parser) reads it, printed from our syntax tree: spill
 * references spelled as the spill's range (its grammar has no `#`), defined names replaced by what
 * they refer to (sheet scope first), function names without `_xlfn.`, SVC calls as `SVC.NAME(`,
 * references without `$` (it cannot read `$1:$3`), external-book references as #REF!.
 */
import { rangeAddress } from "../text/address";
import { Node, NodeOf, walk } from "../text/ast";
import { excelView } from "../text/excel-view";
import { plainFunctionName, svcName } from "../text/fn-names";
import { lookupName, nameFormula } from "../text/names";
import { printNode } from "../text/print";
import { areaOf } from "../text/refs";
import { parseCached } from "../text/syntax";
import type { AreaRef, CellRef, DefinedName } from "../types";

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
    const inner = excelView(parseCached(nameFormula(def)));
    return `(${engineText(inner, { ...ctx, sheet: def.sheet ?? ctx.sheet }, depth + 1)})`;
  } catch {
    return "#NAME?";
  }
}

/**
 * XLOOKUP (neither library has it) in its common form — 3 or 4 arguments, the lookup and return
 * arrays written as references — spelled with the libraries' MATCH and INDEX: an exact match, the
 * matching row (or column) of the return array, `if_not_found` when nothing matches.
 */
export function xlookupRewritable(n: NodeOf<"call">): boolean {
  const [, look, ret] = n.args;
  const plainRef = (a: Node | null) => a?.kind === "ref" && !a.prefix?.book;
  return plainFunctionName(n.name) === "XLOOKUP" && (n.args.length === 3 || n.args.length === 4) && plainRef(look) && plainRef(ret);
}

function xlookupText(n: NodeOf<"call">, ctx: TextContext, depth: number): string {
  const [value, look, ret, notFound] = n.args.map((a) => (a ? engineText(a, ctx, depth) : '""'));
  const extent = (a: Node | null) => {
    if (a?.kind !== "ref") return null;
    const area = areaOf(a, ctx.sheet);
    return a.spill ? ctx.spill({ sheet: area.sheet, row: area.r0, col: area.c0 }) : area;
  };
  const l = extent(n.args[1]), r = extent(n.args[2]);
  if (!l || !r) return "#REF!";
  const match = `MATCH(${value},${look},0)`;
  const across = l.r0 === l.r1 && l.c0 !== l.c1;
  const index = across
    ? r.r0 === r.r1 ? `INDEX(${ret},1,${match})` : `INDEX(${ret},0,${match})`
    : r.c0 === r.c1 ? `INDEX(${ret},${match})` : `INDEX(${ret},${match},0)`;
  return n.args.length === 4 ? `IF(ISNA(${match}),${notFound},${index})` : index;
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
        if (xlookupRewritable(n)) return xlookupText(n, ctx, depth);
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
    if (n.kind !== "call" || svcName(n.name) || xlookupRewritable(n)) return;
    const name = plainFunctionName(n.name);
    if (!supported.has(name)) out.add(name);
  });
  return [...out];
}
