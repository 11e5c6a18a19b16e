/** What a command reports per SVC cell: sheet, cell, formula as typed, error or null. */
import { fromFileForm } from "../formula";
import { engineSpelling } from "./model/file-text";
import { SvcSite } from "./model/model";

export interface CellError {
  code: string;
  message: string;
}

export interface CellReport {
  sheet: string;
  cell: string;
  /** As the user typed it ("=SVC.FINANCIALS(...)"). */
  formula: string;
  error: CellError | null;
  /** An SVC call of the formula failed but the formula shows a value (IFERROR, ISERROR...): the error it hides. */
  hidden?: CellError;
  note?: string;
}

export interface StaleReport {
  sheet: string;
  cell: string;
  formula: string;
  reason: string;
}

export interface RefreshReport {
  cells: CellReport[];
  /** Plain formulas whose stored value was recomputed because what they read changed. */
  recomputed: { sheet: string; cell: string }[];
  /** Formulas whose stored value may be out of date: the engine could not compute them. */
  stale: StaleReport[];
}

/** File form to the form people type: `=SVC.X(...)`, spill references as `A2#`, `@` for implicit intersection. */
export function displayFormula(text: string): string {
  return "=" + fromFileForm(engineSpelling(text));
}

export function reportFor(site: SvcSite): CellReport {
  return { sheet: site.sheet, cell: site.address.slice(site.address.lastIndexOf("!") + 1), formula: displayFormula(site.formula), error: null };
}
