/**
 * The recalculation order over a dependency graph: a change makes formulas dirty (the graph's
 * reach); a dirty formula waits while any formula it reads is dirty or running; formulas become
 * ready first in reading order, then as what they wait for finishes. The caller evaluates what is
 * ready (at once, or asynchronously between `start` and `end`). When formulas are dirty and none is
 * ready or running, they read each other: a circular reference, which the caller settles.
 */
import { DependencyGraph, Reach } from "./graph";

export class Schedule<T> {
  readonly dirty = new Set<T>();
  readonly running = new Set<T>();
  private readonly blockers = new Map<T, Set<T>>();
  private readonly waiting = new Map<T, Set<T>>();
  /** Formulas ready from `head` on (an index, not shift(): a load of 100,000 formulas queues them all). */
  private ready: T[] = [];
  private head = 0;
  /** Precedents beyond the graph's, from `more` of the marks so far (a spill that may grow). */
  private readonly extra = new Map<T, Set<T>>();

  constructor(private readonly graph: DependencyGraph<T>) {}

  pending(x: T): boolean {
    return this.dirty.has(x) || this.running.has(x);
  }

  /** `roots` and every formula reading them become dirty; returns them in reading order. */
  mark(roots: Iterable<T>, how?: Reach<T>): T[] {
    const reached = this.graph.reach(roots, how);
    if (how?.more)
      for (const x of reached)
        for (const d of how.more(x)) {
          let e = this.extra.get(d);
          if (!e) this.extra.set(d, (e = new Set()));
          e.add(x);
        }
    for (const x of reached) this.dirty.add(x);
    for (const x of reached) this.block(x);
    return reached;
  }

  private block(x: T): void {
    const old = this.blockers.get(x);
    if (old) for (const p of old) this.waiting.get(p)?.delete(x);
    const by = new Set<T>();
    const extra = this.extra.get(x);
    for (const p of extra ? [...this.graph.precedentsOf(x), ...extra] : this.graph.precedentsOf(x)) {
      if (p === x || !this.pending(p)) continue;
      by.add(p);
      let w = this.waiting.get(p);
      if (!w) this.waiting.set(p, (w = new Set()));
      w.add(x);
    }
    this.blockers.set(x, by);
    if (by.size === 0) this.ready.push(x);
  }

  /** The next formula to evaluate (it leaves the dirty set), or undefined when none is ready. */
  take(): T | undefined {
    if (this.head > 1024 && this.head * 2 > this.ready.length) {
      this.ready = this.ready.slice(this.head);
      this.head = 0;
    }
    while (this.head < this.ready.length) {
      const x = this.ready[this.head++];
      if (!this.dirty.has(x) || (this.blockers.get(x)?.size ?? 0) > 0) continue;
      this.dirty.delete(x);
      this.blockers.delete(x);
      return x;
    }
    return undefined;
  }

  /** Dirty formulas, none ready and none running: they wait on each other. */
  stuck(): boolean {
    return this.dirty.size > 0 && this.running.size === 0 && !this.ready.slice(this.head).some((x) => this.dirty.has(x) && (this.blockers.get(x)?.size ?? 0) === 0);
  }

  /** Settle a circular reference as Excel does: every dirty formula once, in reading order. */
  breakCycle(): void {
    for (const x of [...this.dirty].sort(this.graph.readingOrder)) {
      this.blockers.get(x)?.clear();
      this.ready.push(x);
    }
  }

  /** An asynchronous evaluation of `x` began. */
  start(x: T): void {
    this.running.add(x);
  }

  /** `x` has its value: formulas waiting only for it are ready. */
  end(x: T): void {
    this.running.delete(x);
    const w = this.waiting.get(x);
    this.waiting.delete(x);
    if (w)
      for (const d of w) {
        const b = this.blockers.get(d);
        b?.delete(x);
        if (b && b.size === 0 && this.dirty.has(d)) this.ready.push(d);
      }
  }

  /** `x` is no longer a formula. */
  forget(x: T): void {
    this.dirty.delete(x);
    this.running.delete(x);
    this.end(x);
    this.blockers.delete(x);
  }
}
