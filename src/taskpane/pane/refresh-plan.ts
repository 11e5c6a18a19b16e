/**
 * From the SVC formulas of a range to the requests a refresh makes (pure): each formula is read
 * with the shared parser (src/formula/parse.ts) and mapped with the functions' own mapping
 * (contract 4, requestsFor). Formulas the pane cannot read on its own (arguments that are cell
 * references or nested calls) are listed apart: they are neither priced nor refreshed.
 */
import { isSvcError } from "../../api/errors";
import { parseFormula } from "../../formula/parse";
import type { FormulaCell } from "../../office/workbook";
import { PlanRequest } from "./types";

export interface PricedCell {
  address: string;
  formula: string;
  /** Index of this cell's first request in `requests`, and how many it makes. */
  first: number;
  count: number;
}

export interface RefreshSet {
  cells: PricedCell[];
  requests: PlanRequest[];
  /** Formulas left out, with the reason. */
  skipped: { address: string; reason: string }[];
}

export function refreshSet(formulas: readonly FormulaCell[], requestsFor: (fn: string, args: readonly unknown[]) => PlanRequest[]): RefreshSet {
  const out: RefreshSet = { cells: [], requests: [], skipped: [] };
  for (const f of formulas) {
    let reqs: PlanRequest[];
    try {
      const p = parseFormula(f.formula);
      reqs = requestsFor(p.fn, p.args);
    } catch (e) {
      const reason = isSvcError(e) ? e.detail : /position/.test(String((e as Error)?.message)) ? "its arguments refer to cells or other formulas" : String((e as Error)?.message ?? e);
      out.skipped.push({ address: f.address, reason });
      continue;
    }
    out.cells.push({ address: f.address, formula: f.formula, first: out.requests.length, count: reqs.length });
    out.requests.push(...reqs);
  }
  return out;
}

/** The cells whose requests the plan found invalid (they will show their error, costing nothing). */
export function invalidCells(set: RefreshSet, invalid: readonly { index: number; message: string }[]): { address: string; message: string }[] {
  const out: { address: string; message: string }[] = [];
  for (const inv of invalid) {
    const c = set.cells.find((x) => inv.index >= x.first && inv.index < x.first + x.count);
    if (c && !out.some((o) => o.address === c.address)) out.push({ address: c.address, message: inv.message });
  }
  return out;
}
