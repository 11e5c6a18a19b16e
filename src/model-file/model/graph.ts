/**
 * Which formulas a refresh must compute, in what order: every SVC formula, and every formula that
 * reads (directly or through others, across sheets, names expanded) a cell an SVC result may write.
 * A spilling formula may grow into empty cells right of and below its anchor, so a reader of such a
 * cell counts as its dependent too (ordering errs on the safe side; refresh.ts recomputes a plain
 * formula only if what it reads really changed).
 */
import { a1 } from "../parts/a1";
import { Area, DependencyGraph, Rect } from "../../recalc";
import { Model, siteAddress } from "./model";
import { AreaRef } from "../../formula";
import { MAX_COL, MAX_ROW, WorkingCopy } from "./working";
import { referencesOf } from "../../formula";
import { roughReferencesOf } from "../../formula";

export interface FormulaNode {
  id: number;
  sheet: string;
  /** The sheet's position in the workbook (reading order across sheets). */
  sheetIndex: number;
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
  /** Formulas to compute (SVC formulas and their dependents), in reading order. */
  dirty: FormulaNode[];
  /** The workbook's formulas, what they read and where they spill (src/recalc, as the fake host keeps it). */
  formulas: DependencyGraph<FormulaNode>;
  /** Readers of the empty cells a dynamic array may grow into (beyond the readers of its cell and spill). */
  grows(n: FormulaNode): FormulaNode[];
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
  model.sheets.forEach((s, sheetIndex) => {
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
      out.push({ id: out.length, sheet: s.name, sheetIndex, row: c.row, col: c.col, text: f.text, svc: isSvc(siteAddress(s.name, a1(c.row, c.col)), f.text), dynamic: f.dynamic, reads, unreadable });
    }
  });
  return out;
}

/** Whether a region holds at least one cell a spill could grow into (empty now). */
function hasEmptyCell(w: WorkingCopy, sheet: string, b: Rect): boolean {
  if ((b.r1 - b.r0 + 1) * (b.c1 - b.c0 + 1) > 10_000) return true;
  for (let r = b.r0; r <= b.r1; r++) for (let c = b.c0; c <= b.c1; c++) if (!w.occupied(sheet, r, c)) return true;
  return false;
}

/**
 * A spilling formula may grow into empty cells right of and below its anchor: readers of such a
 * cell count as its dependents too (ordering errs on the safe side).
 */
function growthReaders(n: FormulaNode, w: WorkingCopy, g: DependencyGraph<FormulaNode>): FormulaNode[] {
  if (!n.dynamic) return [];
  const own = g.dependentsOf(n);
  const out = new Set<FormulaNode>();
  const quadrant: Area = { sheet: n.sheet, r0: n.row, c0: n.col, r1: MAX_ROW, c1: MAX_COL };
  for (const e of g.readsMeeting(quadrant)) {
    if (e.item === n || own.has(e.item) || out.has(e.item)) continue;
    const cut: Rect = { r0: Math.max(e.area.r0, n.row), c0: Math.max(e.area.c0, n.col), r1: e.area.r1, c1: e.area.c1 };
    if (hasEmptyCell(w, n.sheet, cut)) out.add(e.item);
  }
  return [...out];
}

const readingOrder = (a: FormulaNode, b: FormulaNode) => a.sheetIndex - b.sheetIndex || a.row - b.row || a.col - b.col;

export function buildGraph(model: Model, w: WorkingCopy, isSvc: SvcTest = siteTest(model)): Graph {
  const nodes = nodesOf(model, isSvc);
  const formulas = new DependencyGraph<FormulaNode>(readingOrder);
  for (const n of nodes) {
    formulas.set(n, { sheet: n.sheet, r0: n.row, c0: n.col, r1: n.row, c1: n.col }, n.reads);
    formulas.setSpill(n, w.spill(n));
  }
  const grows = new Map<FormulaNode, FormulaNode[]>();
  const growth = (n: FormulaNode) => grows.get(n) ?? (grows.set(n, growthReaders(n, w, formulas)), grows.get(n) ?? []);
  const dirty = formulas.reach(nodes.filter((n) => n.svc), { more: growth });
  return { dirty, formulas, grows: growth };
}
