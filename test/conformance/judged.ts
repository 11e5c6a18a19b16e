/**
 * Which formulas of a corpus workbook are judged, and at what tolerance: one rule for our runner
 * (run.ts) and the optional IronCalc measurement (scripts/conformance/ironcalc-measure.js), so
 * both count exactly the same formulas.
 */
import { cellAddress } from "../../src/formula/text/address";
import { walk } from "../../src/formula/text/ast";
import { plainFunctionName } from "../../src/formula/text/fn-names";
import { svcName } from "../../src/api/svc-name";
import { parseCached } from "../../src/formula/text/syntax";
import { volatilityOf } from "../../src/formula/engine/catalogue/volatile";
import type { CorpusFile } from "./corpus";
import type { CorpusBook, CorpusFormula } from "./workbook";

/** IronCalc's own rule for its corpus: relative 5e-8 unless METADATA!A1 says otherwise. */
const IRONCALC_TOLERANCE = 5e-8;

/** The stored value of a formula reading the clock or drawing a random number is the moment Excel last calculated. */
const unrepeatable = (fn: string) => ["clock", "random"].includes(volatilityOf(fn) ?? "");

export function functionsOf(text: string): string[] {
  const out = new Set<string>();
  try {
    walk(parseCached(text), (n) => {
      if (n.kind === "call" && !svcName(n.name)) out.add(plainFunctionName(n.name));
    });
  } catch {
    out.add("(unreadable)");
  }
  return [...out];
}

/** The relative tolerance numbers are compared at (null: 15 significant digits). */
export function toleranceOf(file: CorpusFile, book: CorpusBook): number | null {
  return file.group === "ironcalc" ? (book.tolerance ?? IRONCALC_TOLERANCE) : null;
}

/**
 * The formulas judged, and how many are not: no stored value (never calculated), excluded by the
 * manifest, IronCalc's METADATA sheet, or volatile (the stored value is the moment Excel last calculated).
 */
export function judgedFormulas(file: CorpusFile, book: CorpusBook): { judged: CorpusFormula[]; skipped: number } {
  const judged: CorpusFormula[] = [];
  let skipped = 0;
  for (const f of book.formulas) {
    const excluded = file.exclude.has(`${f.sheet}!${cellAddress("", f.row, f.col)}`.toUpperCase());
    if (f.expected === null || excluded || f.sheet.toUpperCase() === "METADATA" || functionsOf(f.text).some(unrepeatable)) skipped++;
    else judged.push(f);
  }
  return { judged, skipped };
}
