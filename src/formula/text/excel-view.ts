/**
 * Files spell two operators as functions: `A2#` is stored `_xlfn.ANCHORARRAY(A2)` and `@x` is
 * `_xlfn.SINGLE(x)`. The tree as Excel means it (for evaluating and for finding what a formula
 * reads); printing and shifting keep the text as written, so they use the tree as parsed.
 */
import { Node } from "./ast";
import { plainFunctionName } from "./fn-names";

const viewCache = new WeakMap<Node, Node>();

function rewrite(node: Node): Node {
  switch (node.kind) {
    case "call": {
      const name = plainFunctionName(node.name);
      const [only] = node.args;
      if (name === "ANCHORARRAY" && node.args.length === 1 && only?.kind === "ref" && !only.to && !only.spill) return { ...only, spill: true, span: node.span };
      if (name === "SINGLE" && node.args.length === 1 && only) return { kind: "unary", op: "@", operand: excelView(only), span: node.span };
      return { ...node, args: node.args.map((a) => (a ? excelView(a) : null)), ...(node.callee ? { callee: excelView(node.callee) } : {}) };
    }
    case "unary":
    case "percent":
      return { ...node, operand: excelView(node.operand) };
    case "binary":
    case "range":
      return { ...node, left: excelView(node.left), right: excelView(node.right) };
    case "union":
      return { ...node, items: node.items.map(excelView) };
    default:
      return node;
  }
}

/** The tree with file-form operators read as operators (memoised per tree). */
export function excelView(node: Node): Node {
  let v = viewCache.get(node);
  if (!v) {
    v = rewrite(node);
    viewCache.set(node, v);
  }
  return v;
}
