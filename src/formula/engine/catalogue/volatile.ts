/** Volatile functions, as the catalogue marks them: Excel recomputes a formula calling one on every recalculation. */
import { walk } from "../../text/ast";
import { plainFunctionName } from "../../text/fn-names";
import { parseCached } from "../../text/syntax";
import type { Volatility } from "../fns/types";
import { entryOf } from ".";

/** Why Excel recomputes `name` on every recalculation (any spelling: `_xlfn.`, lower case), or undefined when it does not. */
export const volatilityOf = (name: string): Volatility | undefined => entryOf(plainFunctionName(name)).rules.volatile;

/** The volatile functions a formula calls anywhere (upper case, first use first). */
export function volatileFunctionsIn(text: string): string[] {
  const found = new Set<string>();
  let names: string[] = [];
  try {
    walk(parseCached(text.trim()), (n) => {
      if (n.kind === "call") names.push(n.name);
    });
  } catch {
    // unreadable text: look for the calls outside quoted strings
    names = [...text.replace(/"(?:[^"]|"")*"/g, '""').matchAll(/([A-Za-z_][A-Za-z0-9_.]*)\s*\(/g)].map((m) => m[1]);
  }
  for (const n of names) if (volatilityOf(n)) found.add(plainFunctionName(n));
  return [...found];
}
