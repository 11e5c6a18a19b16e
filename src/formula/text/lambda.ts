/**
 * The LAMBDA helpers Excel 2510+ calls functions from, as far as SVC calls need them: MAP(reference,
 * LAMBDA(x, body)) runs the body once per cell, BYROW(reference, LAMBDA(row, body)) once per row. A
 * run is the body with its parameter written in: a value (the fake host, computing it) or the cell or
 * row it stands for (a plan, reading those cells through the resolver like any argument).
 */
import { cellAddress, rangeAddress } from "./address";
import { Node, NodeOf, walk } from "./ast";
import { plainFunctionName } from "./fn-names";
import { areaOf } from "./refs";
import { parseExpression } from "./syntax";
import type { AreaRef } from "../types";

export interface LambdaHelper {
  helper: "MAP" | "BYROW";
  /** The reference it runs over (a spill reference's extent is the host's to read). */
  ref: NodeOf<"ref">;
  /** The body as a formula with the parameter written as `value` (a literal or a reference). */
  bind(value: string): string;
}

/** MAP or BYROW of a reference and a one-parameter LAMBDA, or null when the formula is anything else. */
export function lambdaHelperIn(formula: string): LambdaHelper | null {
  const text = formula.replace(/^\s*=/, "");
  let node: Node;
  try {
    node = parseExpression(text);
  } catch {
    return null;
  }
  if (node.kind !== "call" || node.args.length !== 2) return null;
  const helper = plainFunctionName(node.name);
  const [ref, fn] = node.args;
  if ((helper !== "MAP" && helper !== "BYROW") || ref?.kind !== "ref" || fn?.kind !== "call" || plainFunctionName(fn.name) !== "LAMBDA" || fn.args.length !== 2) return null;
  const [param, body] = fn.args;
  if (param?.kind !== "name" || !body) return null;
  const name = param.name.replace(/^_xlpm\./i, "").toUpperCase();
  const uses: { start: number; end: number }[] = [];
  walk(body, (n) => {
    if (n.kind === "name" && !n.prefix && n.name.replace(/^_xlpm\./i, "").toUpperCase() === name) uses.push(n.span);
  });
  uses.sort((a, b) => b.start - a.start);
  const bind = (value: string) => {
    let out = text.slice(body.span.start, body.span.end);
    for (const u of uses) out = out.slice(0, u.start - body.span.start) + value + out.slice(u.end - body.span.start);
    return `=${out}`;
  };
  return { helper, ref, bind };
}

/** The area a helper runs over: the reference as written (a spill reference: `extent`, else null). */
export function lambdaArea(h: LambdaHelper, sheet: string, extent?: (anchor: AreaRef) => AreaRef | null): AreaRef | null {
  const area = areaOf(h.ref, sheet);
  return h.ref.spill ? extent?.(area) ?? null : area;
}

/** Each run's body with the parameter as the cell (MAP) or row (BYROW) it stands for, row by row. */
export function lambdaRunsByReference(h: LambdaHelper, area: AreaRef, sheet: string): string[] {
  const at = (r: number, c: number) => cellAddress(area.sheet === sheet ? "" : area.sheet, r, c);
  const out: string[] = [];
  for (let r = area.r0; r <= area.r1; r++) {
    if (h.helper === "BYROW") out.push(h.bind(rangeAddress({ ...area, sheet: area.sheet === sheet ? "" : area.sheet, r0: r, r1: r })));
    else for (let c = area.c0; c <= area.c1; c++) out.push(h.bind(at(r, c)));
  }
  return out;
}
