/**
 * What a refresh would actually recompute in a corpus workbook after its inputs change: a formula is
 * recomputed when the engine gives Excel's value for it (MATCH) and every formula it reads, directly
 * or through others, is recomputed too; a formula UNSUPPORTED or WRONG stays stale and stales all
 * that read it. The share of formulas recomputed measures the engine by whole models, not formulas.
 */
import { referencesOf } from "../../src/formula/text/refs";
import { roughReferencesOf } from "../../src/formula/text/rough-refs";
import type { AreaRef } from "../../src/formula/types";
import { AreaIndex } from "../../src/recalc";
import type { Verdict } from "./run";
import type { CorpusBook, CorpusFormula } from "./workbook";

export interface RecomputeShare {
  /** Judged formulas. */
  total: number;
  /** Of those, recomputed with Excel's value (themselves MATCH, and all they read). */
  recomputed: number;
}

function readsOf(f: CorpusFormula, book: CorpusBook): AreaRef[] {
  const names = book.source.names(), tables = book.source.tables?.() ?? [];
  try {
    return referencesOf(f.text, f, names, tables);
  } catch {
    return roughReferencesOf(f.text, f, names, tables) ?? book.sheets.map((sheet) => ({ sheet, r0: 0, c0: 0, r1: 1_048_575, c1: 16_383 }));
  }
}

const areaOf = (f: CorpusFormula) => {
  const rows = Array.isArray(f.expected) ? f.expected.length : 1, cols = Array.isArray(f.expected) ? (f.expected[0]?.length ?? 1) : 1;
  return { sheet: f.sheet, r0: f.row, c0: f.col, r1: f.row + rows - 1, c1: f.col + cols - 1 };
};

/** `verdicts`: the judged formulas' verdicts (formulas not judged neither count nor stale others). */
export function recomputeShare(book: CorpusBook, verdicts: Map<CorpusFormula, Verdict>): RecomputeShare {
  const reads = new Map(book.formulas.map((f) => [f, readsOf(f, book)]));
  const stale = new Set<CorpusFormula>();
  const staleCells = new AreaIndex<true>();
  const markStale = (f: CorpusFormula) => (stale.add(f), staleCells.add(true, areaOf(f)));
  for (const [f, v] of verdicts) if (v !== "MATCH") markStale(f);
  // passes in reading order until nothing more goes stale (chains mostly run down and right: few passes)
  const order = [...book.formulas].sort((a, b) => a.sheet.localeCompare(b.sheet) || a.row - b.row || a.col - b.col);
  for (let changed = true; changed; ) {
    changed = false;
    for (const f of order) {
      if (stale.has(f)) continue;
      if ((reads.get(f) ?? []).some((r) => staleCells.first(r) !== undefined)) markStale(f), (changed = true);
    }
  }
  let recomputed = 0;
  for (const f of verdicts.keys()) if (!stale.has(f)) recomputed++;
  return { total: verdicts.size, recomputed };
}
