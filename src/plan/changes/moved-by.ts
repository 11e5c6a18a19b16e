/**
 * Which SVC results moved a dependent: through what each formula reads, transitively (a dependent
 * of a dependent), back to the SVC results that changed — their range before and after the refresh,
 * so a spill that grew or moved still counts.
 */
import { areasOverlap } from "../../recalc";
import type { FormulaRun, Grid, SvcCellRun } from "./types";
import { addressOf } from "./svc-cell";

interface Region {
  sheet: string;
  r0: number;
  c0: number;
  r1: number;
  c1: number;
  label: string;
}

const extent = (g: Grid) => ({ rows: Math.max(1, g.length), cols: Math.max(1, ...g.map((r) => r.length)) });

function regionOf(run: SvcCellRun): Region {
  const a = extent(run.old);
  const b = extent(run.new);
  return { sheet: run.sheet, r0: run.row, c0: run.col, r1: run.row + Math.max(a.rows, b.rows) - 1, c1: run.col + Math.max(a.cols, b.cols) - 1, label: addressOf(run.sheet, run.row, run.col) };
}

/** For each changed dependent, the SVC results (addresses, in reading order) that moved it. */
export function movedBy(changedSvc: readonly SvcCellRun[], changed: readonly FormulaRun[]): Map<FormulaRun, string[]> {
  const svc = changedSvc.map(regionOf);
  const cells = changed.map((f) => ({ f, region: { sheet: f.sheet, r0: f.row, c0: f.col, r1: f.row, c1: f.col, label: "" } }));
  const memo = new Map<FormulaRun, Set<string>>();
  const visit = (f: FormulaRun, path: Set<FormulaRun>): Set<string> => {
    const known = memo.get(f);
    if (known) return known;
    const out = new Set<string>();
    path.add(f);
    for (const r of f.reads) {
      for (const s of svc) if (areasOverlap(r, s)) out.add(s.label);
      for (const c of cells) if (c.f !== f && !path.has(c.f) && areasOverlap(r, c.region)) for (const l of visit(c.f, path)) out.add(l);
    }
    path.delete(f);
    memo.set(f, out);
    return out;
  };
  const order = new Map(svc.map((s, i) => [s.label, i]));
  return new Map(changed.map((f) => [f, [...visit(f, new Set())].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0))]));
}
