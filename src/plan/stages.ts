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

/** A read or a result of more cells than this is matched area against area rather than cell by cell. */
const CELLS_BY_INDEX = 4_096;

const cellCount = (a: AreaRef) => (a.r1 - a.r0 + 1) * (a.c1 - a.c0 + 1);

function push<K>(m: Map<K, number[]>, k: K, i: number): void {
  const list = m.get(k);
  if (list) list.push(i);
  else m.set(k, [i]);
}

/** Results indexed by sheet and cell (a large model is not n², nor n × its columns); large ones kept by sheet. */
function resultIndex(cells: readonly StagedCell[]) {
  const byCell = new Map<string, Map<number, number[]>>();
  const bySheet = new Map<string, number[]>();
  const large = new Map<string, number[]>();
  cells.forEach((c, i) => {
    const sheet = c.result.sheet.toUpperCase();
    push(bySheet, sheet, i);
    if (cellCount(c.result) > CELLS_BY_INDEX) return push(large, sheet, i);
    let m = byCell.get(sheet);
    if (!m) byCell.set(sheet, (m = new Map()));
    for (let r = c.result.r0; r <= c.result.r1; r++) for (let k = c.result.c0; k <= c.result.c1; k++) push(m, r * 16_384 + k, i);
  });
  return { byCell, bySheet, large };
}

/** For each cell, the indexes of the other cells whose result it reads. */
function upstreamOf(cells: readonly StagedCell[]): number[][] {
  const { byCell, bySheet, large } = resultIndex(cells);
  return cells.map((c, i) => {
    const up = new Set<number>();
    for (const read of c.reads) {
      const sheet = read.sheet.toUpperCase();
      const meets = (j: number) => j !== i && areasOverlap(read, cells[j].result) && up.add(j);
      if (cellCount(read) > CELLS_BY_INDEX) {
        (bySheet.get(sheet) ?? []).forEach(meets);
        continue;
      }
      (large.get(sheet) ?? []).forEach(meets);
      const m = byCell.get(sheet);
      if (m) for (let r = read.r0; r <= read.r1; r++) for (let k = read.c0; k <= read.c1; k++) for (const j of m.get(r * 16_384 + k) ?? []) if (j !== i) up.add(j);
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
