/** Defined names: Excel's lookup rules (case-insensitive; a sheet-scoped name wins on its own sheet). */
import { sameSheet } from "../../recalc";
import type { DefinedName } from "../types";

/**
 * The name `name` as seen from a formula on `sheet`. With an explicit sheet prefix (`Inputs!rate`)
 * only that sheet's scope counts.
 */
export function lookupName(names: readonly DefinedName[], name: string, sheet: string, prefixSheet?: string | null): DefinedName | null {
  const upper = name.toUpperCase();
  const matches = names.filter((n) => n.name.toUpperCase() === upper);
  if (prefixSheet) return matches.find((n) => n.sheet !== null && sameSheet(n.sheet, prefixSheet)) ?? null;
  return matches.find((n) => n.sheet !== null && sameSheet(n.sheet, sheet)) ?? matches.find((n) => n.sheet === null) ?? null;
}

/** Name formulas are stored with or without "=": the text to parse. */
export const nameFormula = (n: DefinedName): string => n.formula.replace(/^\s*=/, "");
