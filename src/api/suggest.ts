/**
 * Suggestions for an unknown key: the words analysts use first (src/api/vocabulary.ts: what an
 * analyst types for a line the API names differently), then edit distance. When the statement is known, only its keys are offered.
 */
import { distance } from "fastest-levenshtein";
import { nearTerms, termKey, termKeys } from "./vocabulary";

/**
 * Up to `n` keys from `known` for an unknown `key`: its aliases (in alias order) that are known, then
 * the closest keys by edit distance (keys containing or starting with what was typed rank higher).
 */
export function suggest(key: string, known: readonly string[], n = 3): string[] {
  const k = termKey(key);
  const knownSet = new Set(known);
  const out: string[] = [];
  for (const a of [...termKeys(key), ...nearTerms(key).flatMap(termKeys)]) if (knownSet.has(a) && !out.includes(a)) out.push(a);
  // keys the typed text is a word of (eps -> eps_basic, eps_diluted) come before mere spelling neighbours
  const ranked = [...known]
    .filter((c) => !out.includes(c))
    .map((c) => {
      const lc = c.toLowerCase();
      const words = lc.split("_");
      const bonus = words.includes(k) ? 5 : lc.startsWith(k) || lc.includes(k) ? 2 : 0;
      return { c, d: distance(k, lc) - bonus };
    })
    .sort((a, b) => a.d - b.d || a.c.localeCompare(b.c));
  for (const r of ranked) {
    if (out.length >= n) break;
    out.push(r.c);
  }
  return out.slice(0, n);
}
