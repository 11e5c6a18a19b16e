/**
 * The one pricing rule: a refresh spends one call per distinct identity of its requests (the engine
 * says which requests share an identity, a cached answer, or are invalid); the cells whose requests
 * the engine rejects are invalid (no call), each said once.
 */
import type { Note, Price, Pricer, RefreshPlanOf } from "./types";

/** The cell and message of each request the engine found invalid (a cell with two is said once). */
function invalidCells(plan: RefreshPlanOf, invalid: readonly { index: number; message: string }[]): Note[] {
  const out: Note[] = [];
  for (const inv of invalid) {
    const cell = plan.cells.find((c) => c.calls.some((x) => inv.index >= x.first && inv.index < x.first + x.count));
    if (cell && !out.some((o) => o.address === cell.address && o.message === inv.message)) out.push({ address: cell.address, message: inv.message });
  }
  return out;
}

/** What refreshing the plan's cells spends now, by the engine's one rule. */
export async function pricePlan(plan: RefreshPlanOf, price: Pricer): Promise<Price> {
  const priced = await price(plan.requests);
  const engineInvalid = invalidCells(plan, priced.invalid).filter((n) => !plan.invalid.some((p) => p.address === n.address && p.message === n.message));
  return { calls: priced.calls, requests: priced.requests, invalid: [...plan.invalid, ...engineInvalid] };
}
