/**
 * Which formulas a refresh must compute, in what order: every SVC formula, and every formula that
 * reads (directly or through others, across sheets, names expanded) a cell an SVC result may write.
 * A spilling formula may grow into empty cells right of and below its anchor, so a reader of such a
 * cell counts as its dependent too (ordering errs on the safe side; refresh.ts recomputes a plain
 * formula only if what it reads really changed).
 */
import { a1, Box } from "../parts/a1";
import { BoxIndex } from "./box-index";
import { Model, siteAddress } from "./model";
import { AreaRef } from "../types";
import { MAX_COL, MAX_ROW, WorkingCopy } from "./working";
import { referencesOf } from "../../formula/text/refs";
import { roughReferencesOf } from "../../formula/text/rough-refs";

export interface FormulaNode {
  id: number;
  sheet: string;
  row: number;
  col: number;
  text: string;
  svc: boolean;
  /** Marked as a dynamic array: its result may grow or shrink. */
  dynamic: boolean;
  reads: AreaRef[];
  /** The text could not be read: it cannot be computed here (its reads are what its tokens may refer to). */
  unreadable: boolean;
}

export interface Graph {
  /** Formulas to compute (SVC formulas and their dependents). */
  dirty: FormulaNode[];
  /** Dependents of a node (edges only among dirty nodes). */
  next: Map<FormulaNode, FormulaNode[]>;
  /** How many dirty nodes each dirty node waits for. */
  waits: Map<FormulaNode, number>;
}

/** Whether the formula at "Sheet!A1" makes an SVC call (default: the model's SVC sites). */
export type SvcTest = (address: string, text: string) => boolean;


/** The model's SVC sites (read once by readModel) as a test. */
function siteTest(model: Model): SvcTest {
  const sites = new Set(model.sites.map((s) => s.address));
  return (address) => sites.has(address);
}

function nodesOf(model: Model, isSvc: SvcTest): FormulaNode[] {
  const out: FormulaNode[] = [];
  for (const s of model.sheets)
    for (const c of s.cells.values()) {
      const f = c.formula;
      if (!f?.text || f.kind === "dataTable") continue;
      let reads: AreaRef[] = [];
      let unreadable = false;
      const at = { sheet: s.name, row: c.row, col: c.col };
      try {
        reads = referencesOf(f.text, at, model.names, model.tables);
      } catch {
        // never dropped: what its tokens may refer to (or every cell) makes it a dependent, listed stale
        unreadable = true;
        reads = roughReferencesOf(f.text, at, model.names, model.tables) ?? model.sheets.map((x) => ({ sheet: x.name, r0: 0, c0: 0, r1: MAX_ROW, c1: MAX_COL }));
      }
      out.push({ id: out.length, sheet: s.name, row: c.row, col: c.col, text: f.text, svc: isSvc(siteAddress(s.name, a1(c.row, c.col)), f.text), dynamic: f.dynamic, reads, unreadable });
    }
  return out;
}

/** Whether a region holds at least one cell a spill could grow into (empty now). */
function hasEmptyCell(w: WorkingCopy, sheet: string, b: Box): boolean {
  if ((b.r1 - b.r0 + 1) * (b.c1 - b.c0 + 1) > 10_000) return true;
  for (let r = b.r0; r <= b.r1; r++) for (let c = b.c0; c <= b.c1; c++) if (!w.occupied(sheet, r, c)) return true;
  return false;
}

/** The formulas that read what `n` writes (its cell and spill, and the empty cells it may grow into). */
function readersOf(n: FormulaNode, w: WorkingCopy, readers: BoxIndex<{ node: FormulaNode; box: Box }>): FormulaNode[] {
  const own = w.spill(n) ?? { r0: n.row, c0: n.col, r1: n.row, c1: n.col };
  const out = new Set(readers.query(n.sheet, own).map((e) => e.node));
  if (n.dynamic) {
    const quadrant: Box = { r0: n.row, c0: n.col, r1: MAX_ROW, c1: MAX_COL };
    for (const e of readers.query(n.sheet, quadrant)) {
      if (out.has(e.node)) continue;
      const cut: Box = { r0: Math.max(e.box.r0, n.row), c0: Math.max(e.box.c0, n.col), r1: e.box.r1, c1: e.box.c1 };
      if (hasEmptyCell(w, n.sheet, cut)) out.add(e.node);
    }
  }
  out.delete(n);
  return [...out];
}

export function buildGraph(model: Model, w: WorkingCopy, isSvc: SvcTest = siteTest(model)): Graph {
  const nodes = nodesOf(model, isSvc);
  const readers = new BoxIndex<{ node: FormulaNode; box: Box }>();
  for (const n of nodes) for (const r of n.reads) readers.add(r.sheet, r, { node: n, box: r });
  const dirty = new Set(nodes.filter((n) => n.svc));
  const next = new Map<FormulaNode, FormulaNode[]>();
  const queue = [...dirty];
  while (queue.length > 0) {
    const n = queue.shift() as FormulaNode;
    const deps = readersOf(n, w, readers);
    next.set(n, deps);
    for (const d of deps) if (!dirty.has(d)) dirty.add(d), queue.push(d);
  }
  const waits = new Map<FormulaNode, number>([...dirty].map((n) => [n, 0]));
  for (const deps of next.values()) for (const d of deps) waits.set(d, (waits.get(d) ?? 0) + 1);
  return { dirty: [...dirty], next, waits };
}

/** Whether any of a formula's reads overlaps a changed region. */
export function readsChanged(n: FormulaNode, changed: BoxIndex<true>): boolean {
  return n.reads.some((r) => changed.query(r.sheet, r).length > 0);
}

