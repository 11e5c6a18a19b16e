/**
 * Recalculation as Excel does it: an edit makes the edited cell and, transitively, every formula
 * that reads it (through references, spill ranges and names) dirty; dirty cells are evaluated in
 * dependency order, each once, a cell waiting while any dirty or running cell it reads is pending.
 * Nothing else is evaluated. Plain formulas evaluate synchronously; SVC formulas asynchronously
 * (resolver + custom function), their dependents waiting for them. A cycle is evaluated once in
 * reading order instead of waiting forever.
 *
 * Manual calculation (Application.calculationMode, ExcelApi 1.8; "Calculation mode" in Excel's
 * documentation): what is asked (an edit, Range.calculate) is evaluated and every formula reading it
 * stays stale, with its old value, until a recalculation of the workbook (F9, Application.calculate).
 */
import type { Area } from "./a1";
import type { Cell } from "./model";

export interface RecalcGraph {
  /** Formula cells reading any cell of `area`. */
  dependentsOf(area: Area): Iterable<Cell>;
  /** Formula cells whose own cell or placed spill lies in an area `cell` reads. */
  precedentsOf(cell: Cell): Iterable<Cell>;
  /** The cell and, for a placed spill, its whole range. */
  outputOf(cell: Cell): Area;
  /** Evaluate: synchronously (undefined) or asynchronously (a promise that settles when done). */
  evaluate(cell: Cell, force: boolean): Promise<void> | void;
}

/** How often one cell may be evaluated before the queue drains (a spill feeding itself stops here). */
const MAX_EVALUATIONS_PER_PASS = 20;

function readingOrder(a: Cell, b: Cell): number {
  return a.sheet.id - b.sheet.id || a.r - b.r || a.c - b.c;
}

export class Recalc {
  private readonly dirty = new Set<Cell>();
  private readonly forced = new Set<Cell>();
  private readonly running = new Set<Cell>();
  private readonly blockers = new Map<Cell, Set<Cell>>();
  private readonly waiting = new Map<Cell, Set<Cell>>();
  private ready: Cell[] = [];
  private readonly passCount = new Map<Cell, number>();
  private idle: Array<() => void> = [];
  private cellWaiters = new Map<Cell, Array<() => void>>();
  private scheduled = false;
  /** Formulas left stale by Manual calculation, waiting for F9. */
  private readonly stale = new Set<Cell>();
  calculationMode: "Automatic" | "AutomaticExceptTables" | "Manual" = "Automatic";

  constructor(private readonly graph: RecalcGraph) {}

  pending(cell: Cell): boolean {
    return this.dirty.has(cell) || this.running.has(cell);
  }

  busy(): boolean {
    return this.dirty.size > 0 || this.running.size > 0;
  }

  /** Make `roots` dirty (forced: their SVC calls re-run even with the same arguments) and every formula reading them. */
  mark(roots: Iterable<Cell>, force = false): void {
    const queue: Cell[] = [];
    for (const r of roots) {
      queue.push(r);
      if (force) this.forced.add(r);
    }
    this.spread(queue, new Set(), this.manual() ? new Set(queue) : null);
    this.schedule();
  }

  /** F9 (Application.calculate): `roots` and every formula Manual calculation left stale, with their readers. */
  markWithStale(roots: Iterable<Cell>, force = false): void {
    const queue = [...roots, ...this.stale];
    this.stale.clear();
    for (const r of queue) if (force) this.forced.add(r);
    this.spread(queue, new Set(), null);
    this.schedule();
  }

  private manual(): boolean {
    return this.calculationMode === "Manual";
  }

  /** Formulas reading `areas` (a display change: a value written, a spill placed or removed) become dirty, unless already pending. */
  markReaders(areas: readonly Area[]): void {
    const queue: Cell[] = [];
    for (const a of areas) for (const d of this.graph.dependentsOf(a)) if (!this.dirty.has(d)) queue.push(d);
    if (queue.length === 0) return;
    this.spread(queue, new Set(), this.manual() ? new Set() : null);
    this.schedule();
  }

  /** Mark what `queue` reaches dirty; in Manual calculation only `roots` (the rest stays stale). */
  private spread(queue: Cell[], reached: Set<Cell>, roots: Set<Cell> | null): void {
    for (let i = 0; i < queue.length; i++) {
      const x = queue[i];
      if (reached.has(x) || !x.f) continue;
      if ((this.passCount.get(x) ?? 0) >= MAX_EVALUATIONS_PER_PASS) continue;
      reached.add(x);
      for (const d of this.graph.dependentsOf(this.graph.outputOf(x))) if (!reached.has(d)) queue.push(d);
    }
    if (roots)
      for (const x of [...reached])
        if (!roots.has(x)) {
          reached.delete(x);
          this.stale.add(x);
        }
    for (const x of reached) this.stale.delete(x);
    for (const x of reached) this.dirty.add(x);
    for (const x of reached) this.block(x);
  }

  private block(x: Cell): void {
    const old = this.blockers.get(x);
    if (old) for (const p of old) this.waiting.get(p)?.delete(x);
    const by = new Set<Cell>();
    for (const p of this.graph.precedentsOf(x)) {
      if (p === x || !(this.dirty.has(p) || this.running.has(p))) continue;
      by.add(p);
      let w = this.waiting.get(p);
      if (!w) this.waiting.set(p, (w = new Set()));
      w.add(x);
    }
    this.blockers.set(x, by);
    if (by.size === 0) this.ready.push(x);
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  /** Evaluate every ready cell; break a cycle when nothing is ready and nothing runs. */
  pump(): void {
    for (;;) {
      while (this.ready.length) {
        const x = this.ready.shift() as Cell;
        if (this.dirty.has(x) && (this.blockers.get(x)?.size ?? 0) === 0) this.run(x);
      }
      if (this.dirty.size === 0 || this.running.size > 0) break;
      // Nothing ready, nothing running, cells still dirty: a circular reference. Excel evaluates it
      // with the values at hand; so do we, once each, in reading order.
      for (const x of [...this.dirty].sort(readingOrder)) {
        this.blockers.get(x)?.clear();
        this.ready.push(x);
      }
    }
    this.checkIdle();
  }

  private run(x: Cell): void {
    this.dirty.delete(x);
    this.blockers.delete(x);
    const force = this.forced.delete(x);
    this.passCount.set(x, (this.passCount.get(x) ?? 0) + 1);
    let p: Promise<void> | void = undefined;
    try {
      p = this.graph.evaluate(x, force);
    } catch (e) {
      setTimeout(() => {
        throw e;
      });
    }
    if (!p) {
      this.running.delete(x); // an older asynchronous evaluation of the cell is superseded
      this.release(x);
      return;
    }
    this.running.add(x);
    const gen = x.f?.gen;
    p.then(
      () => this.finish(x, gen),
      (e) => {
        this.finish(x, gen);
        setTimeout(() => {
          throw e;
        });
      }
    );
  }

  private finish(x: Cell, gen: number | undefined): void {
    if (x.f && x.f.gen !== gen) return; // superseded by a newer evaluation of the same cell
    this.running.delete(x);
    if (!this.dirty.has(x)) this.release(x);
    this.pump();
  }

  private release(x: Cell): void {
    const w = this.waiting.get(x);
    this.waiting.delete(x);
    if (w)
      for (const d of w) {
        const b = this.blockers.get(d);
        b?.delete(x);
        if (b && b.size === 0 && this.dirty.has(d)) this.ready.push(d);
      }
    const cw = this.cellWaiters.get(x);
    if (cw && !this.pending(x)) {
      this.cellWaiters.delete(x);
      cw.forEach((f) => f());
    }
  }

  /** A cell was removed (cleared): forget it. */
  forget(x: Cell): void {
    this.stale.delete(x);
    this.dirty.delete(x);
    this.forced.delete(x);
    this.running.delete(x);
    this.release(x);
    this.blockers.delete(x);
    this.schedule();
  }

  private checkIdle(): void {
    if (this.busy()) return;
    this.passCount.clear();
    const idle = this.idle;
    this.idle = [];
    idle.forEach((f) => f());
  }

  /** Resolves when nothing is dirty or running. */
  settled(): Promise<void> {
    if (!this.busy() && !this.scheduled) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  /** Resolves when `cell` is neither dirty nor running. */
  cellSettled(cell: Cell): Promise<void> {
    if (!this.pending(cell)) return Promise.resolve();
    return new Promise((resolve) => {
      const list = this.cellWaiters.get(cell) ?? [];
      list.push(resolve);
      this.cellWaiters.set(cell, list);
    });
  }
}
