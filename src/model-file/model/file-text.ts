/**
 * Formula text as a file stores it, spelled for the engine: Excel writes a spill reference `B3#`
 * as `_xlfn.ANCHORARRAY(B3)` and an explicit implicit intersection `@x` as `_xlfn.SINGLE(x)`.
 * Everything else is left as written (the engine reads the file form of function names).
 */
import { Node, parseCached, printNode } from "../../formula";

const MARKERS = /_xlfn\.(ANCHORARRAY|SINGLE)\s*\(/i;

function rewrite(n: Node): string | undefined {
  if (n.kind !== "call" || n.args.length !== 1 || !n.args[0]) return undefined;
  const name = n.name.toUpperCase();
  const arg = n.args[0];
  if (name === "_XLFN.ANCHORARRAY" && arg.kind === "ref" && !arg.spill) return printNode({ ...arg, spill: true }, rewrite);
  if (name === "_XLFN.SINGLE") return "@" + printNode(arg, rewrite);
  return undefined;
}

export function engineSpelling(text: string): string {
  return MARKERS.test(text) ? printNode(parseCached(text), rewrite) : text;
}
