/**
 * The dependency graph of a workbook's formulas: where each formula stands, what it reads, and
 * where its result spills, each kept in an area index. "Which formulas does a change reach" is
 * answered here once, for the model-file refresh and the fake host alike: the formulas reading what
 * changed, and transitively those reading them, through cells, ranges and spilled results.
 */
import { Area } from "./area";
import { AreaIndex, Hit } from "./area-index";

export interface Reach<T> {
  /** Whether a formula takes part (the fake host skips one already evaluated too often in a pass). */
  admit?: (x: T) => boolean;
  /** Further dependents of a formula beyond those reading its cells (a spill that may grow). */
  more?: (x: T) => Iterable<T>;
}

export class DependencyGraph<T> {
  private readonly reads = new AreaIndex<T>();
  private readonly cells = new AreaIndex<T>();
  private readonly spills = new AreaIndex<T>();
  private readonly own = new Map<T, Area>();
  private readonly spilled = new Map<T, Area>();
  private readonly volatile = new Set<T>();

  /** `readingOrder` breaks ties among formulas ready at once: sheet, then row, then column. */
  constructor(readonly readingOrder: (a: T, b: T) => number) {}

  /**
   * A formula at `cell` reading `reads` (again, after an edit: its earlier reads are forgotten);
   * `volatile`: it calls TODAY, NOW, RAND... and recalculates whenever anything does.
   */
  set(item: T, cell: Area, reads: readonly Area[], volatile = false): void {
    this.reads.remove(item);
    if (volatile) this.volatile.add(item);
    else this.volatile.delete(item);
    for (const a of reads) this.reads.add(item, a);
    if (!this.own.has(item)) this.cells.add(item, cell);
    this.own.set(item, cell);
  }

  /** The formula is gone (cleared, or no longer a formula). */
  remove(item: T): void {
    this.reads.remove(item);
    this.cells.remove(item);
    this.spills.remove(item);
    this.own.delete(item);
    this.spilled.delete(item);
    this.volatile.delete(item);
  }

  /** The volatile formulas: recalculated on every edit and every recalculation. */
  volatileFormulas(): ReadonlySet<T> {
    return this.volatile;
  }

  /** Where the formula's result spills now (the anchor included), or null when it fills its cell only. */
  setSpill(item: T, area: Area | null): void {
    this.spills.remove(item);
    this.spilled.delete(item);
    if (!area) return;
    this.spills.add(item, area);
    this.spilled.set(item, area);
  }

  readsOf(item: T): Area[] {
    return this.reads.areasOf(item);
  }

  /** What the formula writes: its spill, else its cell. */
  outputOf(item: T): Area | undefined {
    return this.spilled.get(item) ?? this.own.get(item);
  }

  /** Formulas standing in `area` (their own cells, not their spills). */
  formulasIn(area: Area): Set<T> {
    return this.cells.query(area);
  }

  /** Formulas reading any cell of `area`. */
  readersOf(area: Area): Set<T> {
    return this.reads.query(area);
  }

  /** Each read meeting `area`, with its formula. */
  readsMeeting(area: Area): Hit<T>[] {
    return this.reads.hits(area);
  }

  /** Formulas whose cell or spill lies in an area `item` reads. */
  precedentsOf(item: T): Set<T> {
    const out = new Set<T>();
    for (const a of this.reads.areasOf(item)) {
      this.cells.query(a).forEach((x) => out.add(x));
      this.spills.query(a).forEach((x) => out.add(x));
    }
    return out;
  }

  /** Formulas reading what `item` writes (itself excluded). */
  dependentsOf(item: T): Set<T> {
    const out = this.own.has(item) ? this.readersOf(this.outputOf(item) as Area) : new Set<T>();
    out.delete(item);
    return out;
  }

  /** `roots` and every formula reading them, transitively: each once, in reading order. */
  reach(roots: Iterable<T>, how: Reach<T> = {}): T[] {
    const reached = new Set<T>();
    const queue = [...roots];
    for (let i = 0; i < queue.length; i++) {
      const x = queue[i];
      if (reached.has(x) || (how.admit && !how.admit(x))) continue;
      reached.add(x);
      for (const d of this.dependentsOf(x)) if (!reached.has(d)) queue.push(d);
      if (how.more) for (const d of how.more(x)) if (!reached.has(d)) queue.push(d);
    }
    return [...reached].sort(this.readingOrder);
  }
}
