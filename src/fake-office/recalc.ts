/**
 * Recalculation as Excel does it: an edit makes the edited cell and, transitively, every formula
 * that reads it (through references, spill ranges and names) dirty; dirty cells are evaluated in
 * dependency order, each once, a cell waiting while any dirty or running cell it reads is pending.
 * Nothing else is evaluated. Plain formulas evaluate synchronously; SVC formulas asynchronously
 * (resolver + custom function), their dependents waiting for them. A cycle is evaluated once in
 * reading order instead of waiting forever. Which cells and in what order is src/recalc's (the
 * model-file refresh runs on the same order); this adds the asynchronous evaluation, forced cells and
 * the waiters of `settled`.
 *
 * Manual calculation (Application.calculationMode, ExcelApi 1.8; "Calculation mode" in Excel's
 * documentation): what is asked (an edit, Range.calculate) is evaluated and every formula reading it
 * stays stale, with its old value, until a recalculation of the workbook (F9, Application.calculate).
 */
import type { Area, DependencyGraph } from "../recalc";
import { Schedule } from "../recalc";
import type { Cell } from "./model";

export interface RecalcHost {
  /** The workbook's formulas, what they read and where they spill. */
  readonly graph: DependencyGraph<Cell>;
  /** Evaluate: synchronously (undefined) or asynchronously (a promise that settles when done). */
  evaluate(cell: Cell, force: boolean): Promise<void> | void;
}

/** How often one cell may be evaluated before the queue drains (a spill feeding itself stops here). */
const MAX_EVALUATIONS_PER_PASS = 20;

export class Recalc {
  private readonly order: Schedule<Cell>;
  private readonly forced = new Set<Cell>();
  private readonly passCount = new Map<Cell, number>();
  private idle: Array<() => void> = [];
  private cellWaiters = new Map<Cell, Array<() => void>>();
  private scheduled = false;
  /** Formulas left stale by Manual calculation, waiting for F9. */
  private readonly stale = new Set<Cell>();
  calculationMode: "Automatic" | "AutomaticExceptTables" | "Manual" = "Automatic";

  constructor(private readonly host: RecalcHost) {
    this.order = new Schedule(host.graph);
  }

  pending(cell: Cell): boolean {
    return this.order.pending(cell);
  }

  busy(): boolean {
    return this.order.dirty.size > 0 || this.order.running.size > 0;
  }

  /** Make `roots` dirty (forced: their SVC calls re-run even with the same arguments) and every formula reading them. */
  mark(roots: Iterable<Cell>, force = false): void {
    const list = [...roots];
    if (force) for (const r of list) this.forced.add(r);
    this.spread(list, this.manual() ? new Set(list) : null);
    this.schedule();
  }

  /** F9 (Application.calculate): `roots` and every formula Manual calculation left stale, with their readers. */
  markWithStale(roots: Iterable<Cell>, force = false): void {
    const queue = [...roots, ...this.stale];
    this.stale.clear();
    for (const r of queue) if (force) this.forced.add(r);
    this.spread(queue, null);
    this.schedule();
  }

  private manual(): boolean {
    return this.calculationMode === "Manual";
  }

  /** Formulas reading `areas` (a display change: a value written, a spill placed or removed) become dirty, unless already pending. */
  markReaders(areas: readonly Area[]): void {
    const queue: Cell[] = [];
    for (const a of areas) for (const d of this.host.graph.readersOf(a)) if (!this.order.dirty.has(d)) queue.push(d);
    if (queue.length === 0) return;
    this.spread(queue, this.manual() ? new Set() : null);
    this.schedule();
  }

  /** Mark what `roots` reach dirty; in Manual calculation only those in `keep` (the rest stays stale). */
  private spread(roots: Cell[], keep: Set<Cell> | null): void {
    const admit = (x: Cell) => !!x.f && (this.passCount.get(x) ?? 0) < MAX_EVALUATIONS_PER_PASS;
    if (keep) for (const x of this.host.graph.reach(roots, { admit })) if (!keep.has(x)) this.stale.add(x);
    const reached = this.order.mark(keep ? roots.filter((x) => keep.has(x)) : roots, { admit: keep ? (x) => keep.has(x) && admit(x) : admit });
    for (const x of reached) this.stale.delete(x);
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
      for (let x = this.order.take(); x; x = this.order.take()) this.run(x);
      if (!this.order.stuck()) break;
      // Nothing ready, nothing running, cells still dirty: a circular reference. Excel evaluates it
      // with the values at hand; so do we, once each, in reading order.
      this.order.breakCycle();
    }
    this.checkIdle();
  }

  private run(x: Cell): void {
    const force = this.forced.delete(x);
    this.passCount.set(x, (this.passCount.get(x) ?? 0) + 1);
    let p: Promise<void> | void = undefined;
    try {
      p = this.host.evaluate(x, force);
    } catch (e) {
      setTimeout(() => {
        throw e;
      });
    }
    if (!p) return this.release(x); // an older asynchronous evaluation of the cell is superseded
    this.order.start(x);
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
    if (this.order.dirty.has(x)) this.order.running.delete(x);
    else this.release(x);
    this.pump();
  }

  private release(x: Cell): void {
    this.order.end(x);
    const cw = this.cellWaiters.get(x);
    if (cw && !this.pending(x)) {
      this.cellWaiters.delete(x);
      cw.forEach((f) => f());
    }
  }

  /** A cell was removed (cleared): forget it. */
  forget(x: Cell): void {
    this.stale.delete(x);
    this.forced.delete(x);
    this.order.forget(x);
    this.release(x);
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
