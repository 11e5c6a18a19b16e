/**
 * Files spell two operators as functions: `A2#` is stored `_xlfn.ANCHORARRAY(A2)` and `@x` is
 * `_xlfn.SINGLE(x)`. The tree as Excel means it (for evaluating and for finding what a formula
 * reads); printing and shifting keep the text as written, so they use the tree as parsed.
 */
import { Node } from "./ast";
import { plainFunctionName } from "./fn-names";

const viewCache = new WeakMap<Node, Node>();

/** `node` with `parts` in place of its own, or `node` itself when none changed (most formulas: no copy). */
function withParts<N extends Node>(node: N, parts: Partial<N>): N {
  for (const k of Object.keys(parts) as (keyof N)[]) {
    const now = parts[k], was = node[k];
    const same = Array.isArray(now) && Array.isArray(was) ? now.length === was.length && now.every((x, i) => x === was[i]) : now === was;
    if (!same) return { ...node, ...parts };
  }
  return node;
}

function rewrite(node: Node): Node {
  switch (node.kind) {
    case "call": {
      const name = plainFunctionName(node.name);
      const [only] = node.args;
      if (name === "ANCHORARRAY" && node.args.length === 1 && only?.kind === "ref" && !only.to && !only.spill) return { ...only, spill: true, span: node.span };
      if (name === "SINGLE" && node.args.length === 1 && only) return { kind: "unary", op: "@", operand: rewrite(only), span: node.span };
      return withParts(node, { args: node.args.map((a) => (a ? rewrite(a) : null)), ...(node.callee ? { callee: rewrite(node.callee) } : {}) });
    }
    case "unary":
    case "percent":
      return withParts(node, { operand: rewrite(node.operand) });
    case "binary":
    case "range":
      return withParts(node, { left: rewrite(node.left), right: rewrite(node.right) });
    case "union":
      return withParts(node, { items: node.items.map(rewrite) });
    default:
      return node;
  }
}

/** The tree with file-form operators read as operators (memoised per tree; a tree without them is itself). */
export function excelView(node: Node): Node {
  let v = viewCache.get(node);
  if (!v) {
    v = rewrite(node);
    viewCache.set(node, v);
  }
  return v;
}
