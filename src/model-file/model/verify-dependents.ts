/**
 * Every dependent of the SVC formulas verified before any call (what `check` reports): a dependent
 * is stale when its own recomputation does not give Excel's stored value, or when it reads (directly
 * or through others) one that is: a refresh would keep all of them as stored.
 */
import { a1 } from "../parts/a1";
import { buildGraph, FormulaNode } from "./graph";
import { Model, siteAddress } from "./model";
import { Verifier } from "./verify";
import { WorkingCopy } from "./working";

export interface StaleDependent {
  sheet: string;
  cell: string;
  /** As stored in the file (no "="). */
  formula: string;
  reason: string;
}

export interface DependentsVerdict {
  /** Plain formulas that read SVC results, directly or through others. */
  total: number;
  verified: number;
  stale: StaleDependent[];
}

const address = (n: FormulaNode) => siteAddress(n.sheet, a1(n.row, n.col));

export function verifyDependents(model: Model, now?: () => Date): DependentsVerdict {
  const graph = buildGraph(model, new WorkingCopy(model));
  const verifier = new Verifier(model, now);
  const plain = graph.dirty.filter((n) => !n.svc);
  const reasons = new Map<FormulaNode, string>();
  const queue: FormulaNode[] = [];
  for (const n of plain) {
    const why = verifier.check(n);
    if (why) reasons.set(n, why), queue.push(n);
  }
  // everything reading an untrusted formula keeps its stored value too
  for (let i = 0; i < queue.length; i++)
    for (const d of [...graph.formulas.dependentsOf(queue[i]), ...graph.grows(queue[i])]) {
      if (d.svc || reasons.has(d)) continue;
      reasons.set(d, `reads ${address(queue[i])}, which is not verified`);
      queue.push(d);
    }
  const order = new Map(model.sheets.map((s, i) => [s.name, i]));
  const stale = [...reasons]
    .sort(([a], [b]) => (order.get(a.sheet) ?? 0) - (order.get(b.sheet) ?? 0) || a.row - b.row || a.col - b.col)
    .map(([n, reason]) => ({ sheet: n.sheet, cell: a1(n.row, n.col), formula: n.text, reason }));
  return { total: plain.length, verified: plain.length - stale.length, stale };
}

/** "412 of 430 dependents verified; 18 stale" */
export function dependentsLine(v: DependentsVerdict): string {
  return `${v.verified} of ${v.total} dependents verified${v.stale.length > 0 ? `; ${v.stale.length} stale` : ""}`;
}
