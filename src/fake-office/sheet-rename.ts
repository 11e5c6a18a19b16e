/**
 * Formula text after a sheet is renamed, as Excel rewrites it: every reference, name or spill
 * reference qualified with the old sheet name gets the new one (quoted when it needs quotes);
 * text inside strings and everything else keeps its characters.
 */
import { Node, parseCached, walk } from "../formula";
import { quoteSheet } from "./a1";

function prefixOf(n: Node): { sheet: string | null; book: string | null } | null {
  if (n.kind === "ref" || n.kind === "name" || n.kind === "error") return n.prefix;
  return null;
}

/** The formula body (no "=") with `from`'s references renamed to `to`; unreadable text is returned as it was. */
export function renameSheetIn(body: string, from: string, to: string): string {
  let tree: Node;
  try {
    tree = parseCached(body);
  } catch {
    return body;
  }
  const hits: Node[] = [];
  walk(tree, (n) => {
    const p = prefixOf(n);
    if (p && !p.book && p.sheet?.toUpperCase() === from.toUpperCase()) hits.push(n);
  });
  let out = body;
  for (const n of hits.sort((a, b) => b.span.start - a.span.start)) {
    const written = body.slice(n.span.start, n.span.end);
    const bang = written.startsWith("'") ? written.indexOf("'!") + 1 : written.indexOf("!");
    if (bang <= 0) continue;
    out = out.slice(0, n.span.start) + quoteSheet(to) + written.slice(bang) + out.slice(n.span.end);
  }
  return out;
}
