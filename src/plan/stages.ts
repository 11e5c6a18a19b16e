/**
 * The order a refresh runs in (pure): a formula that reads another SVC formula's result (a PEERS
 * spill feeding `=SVC.FINANCIALS(INDEX(A2#,2,1),...)`) runs after it, so it is priced again and
 * refreshed from the new value. Stage 0 reads no other result of the set; stage k reads stage k-1.
 * A cycle (Excel would refuse it) lands in the last stage.
 */
import { AreaRef, parseRange } from "../formula";
import { areasOverlap } from "../recalc";

export interface StagedCell {
  address: string;
  /** The areas its arguments read (the resolver's `reads`). */
  reads: readonly AreaRef[];
  /** The cells its own result covers (its anchor, and the spill when its size is known). */
  result: AreaRef;
}

/** The cells a result at `address` covers: `rows` × `cols` from its anchor (1 × 1 when unknown). */
export function resultArea(address: string, rows?: number, cols?: number): AreaRef {
  const a = parseRange(address);
  return { ...a, r1: a.r0 + Math.max(1, rows ?? 1) - 1, c1: a.c0 + Math.max(1, cols ?? 1) - 1 };
}

/** A read taller than this is matched against every result of its sheet rather than row by row. */
const ROWS_BY_INDEX = 4_096;

/** For each cell, the indexes of the other cells whose result it reads (results indexed by sheet and row: a large model is not n²). */
function upstreamOf(cells: readonly StagedCell[]): number[][] {
  const bySheet = new Map<string, number[]>();
  const byRow = new Map<string, number[]>();
  const push = (m: Map<string, number[]>, k: string, i: number) => {
    const list = m.get(k);
    if (list) list.push(i);
    else m.set(k, [i]);
  };
  cells.forEach((c, i) => {
    const sheet = c.result.sheet.toUpperCase();
    push(bySheet, sheet, i);
    for (let r = c.result.r0; r <= c.result.r1; r++) push(byRow, `${sheet}|${r}`, i);
  });
  return cells.map((c, i) => {
    const up = new Set<number>();
    for (const read of c.reads) {
      const sheet = read.sheet.toUpperCase();
      const near = read.r1 - read.r0 < ROWS_BY_INDEX ? Array.from({ length: read.r1 - read.r0 + 1 }, (_, k) => byRow.get(`${sheet}|${read.r0 + k}`) ?? []).flat() : (bySheet.get(sheet) ?? []);
      for (const j of near) if (j !== i && areasOverlap(read, cells[j].result)) up.add(j);
    }
    return [...up];
  });
}

/** Stage numbers (0 = reads no other result of the set), longest chain first. */
export function stagesOf(cells: readonly StagedCell[]): number[] {
  const up = upstreamOf(cells);
  const stage = cells.map(() => -1);
  let placed = 0;
  for (let level = 0; placed < cells.length; level++) {
    const now = cells
      .map((_, i) => i)
      .filter((i) => stage[i] < 0 && up[i].every((j) => stage[j] >= 0 && stage[j] < level));
    if (now.length === 0) {
      // a cycle: whatever is left runs last
      for (let i = 0; i < cells.length; i++) if (stage[i] < 0) stage[i] = level;
      break;
    }
    for (const i of now) stage[i] = level;
    placed += now.length;
  }
  return stage;
}
