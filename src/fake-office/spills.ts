/**
 * Where results spill, kept incrementally: a grid result claims the cells right and below its
 * anchor unless one of them holds something (a typed value, a formula, another spill) or the range
 * runs off the sheet; then the anchor shows #SPILL! and waits. When cells are freed (cleared, a
 * spill retracts), waiting anchors whose range is now free spill. Each change reports the cells
 * whose display changed, so the host redraws and recalculates their readers only.
 * An Excel table's cells refuse a spill ("Spilled range in table": dynamic arrays are not supported
 * in Excel tables, so a multi-cell result in or into a table shows #SPILL!).
 */
import { Area, AreaIndex, DependencyGraph, areasOverlap } from "../recalc";
import { MAX_COLS, MAX_ROWS } from "./a1";
import { Cell, Sheet, areaOfCell, keyOf } from "./model";
import type { GridCell } from "./values";
import type { ExcelTable } from "../formula";

export class Spills {
  /** Anchors showing #SPILL!, by the range they want. */
  private readonly waiting = new AreaIndex<Cell>();

  /** `graph` keeps each placed spill (its readers and precedents follow it). */
  constructor(
    private readonly graph: DependencyGraph<Cell>,
    private readonly changed: (areas: Area[]) => void,
    private readonly tables: () => readonly ExcelTable[] = () => []
  ) {}

  /** The grid a result spills, or null for a single value. */
  static gridOf(value: unknown): GridCell[][] | null {
    if (!Array.isArray(value)) return null;
    const g = value as GridCell[][];
    return g.length === 1 && g[0].length === 1 ? null : g;
  }

  private free(sheet: Sheet, area: Area, anchor: Cell): boolean {
    if (this.tables().some((t) => areasOverlap(t, { ...area, sheet: sheet.name }))) return false;
    for (let r = area.r0; r <= area.r1; r++)
      for (let c = area.c0; c <= area.c1; c++) {
        if (r === anchor.r && c === anchor.c) continue;
        const k = keyOf(r, c);
        if (sheet.cells.has(k)) return false;
        const owner = sheet.spillOwner.get(k);
        if (owner && owner !== anchor) return false;
      }
    return true;
  }

  private claim(anchor: Cell, area: Area): void {
    const f = anchor.f;
    if (!f) return;
    for (let r = area.r0; r <= area.r1; r++) for (let c = area.c0; c <= area.c1; c++) if (r !== anchor.r || c !== anchor.c) anchor.sheet.spillOwner.set(keyOf(r, c), anchor);
    f.spill = area;
    this.graph.setSpill(anchor, area);
  }

  /** Take a placed spill back (its cells go blank); returns the range it had. */
  retract(anchor: Cell): Area | null {
    const f = anchor.f;
    if (!f?.spill) return null;
    const area = f.spill;
    for (let r = area.r0; r <= area.r1; r++)
      for (let c = area.c0; c <= area.c1; c++) {
        const k = keyOf(r, c);
        if (anchor.sheet.spillOwner.get(k) === anchor) anchor.sheet.spillOwner.delete(k);
      }
    f.spill = null;
    this.graph.setSpill(anchor, null);
    return area;
  }

  /** Stop waiting for room (the anchor's result changed or the cell was cleared). */
  unwait(anchor: Cell): void {
    if (anchor.f) anchor.f.want = null;
    this.waiting.remove(anchor);
  }

  /** Place the anchor's current result: spill it, or wait (#SPILL!). Returns the cells whose display changed. */
  place(anchor: Cell): Area[] {
    const f = anchor.f;
    if (!f) return [];
    const old = this.retract(anchor);
    this.unwait(anchor);
    const grid = f.result && "value" in f.result ? Spills.gridOf(f.result.value) : null;
    const touched: Area[] = [old ?? areaOfCell(anchor)];
    if (grid) {
      const want: Area = { sheet: anchor.sheet.name, r0: anchor.r, c0: anchor.c, r1: anchor.r + grid.length - 1, c1: anchor.c + grid[0].length - 1 };
      if (want.r1 < MAX_ROWS && want.c1 < MAX_COLS && this.free(anchor.sheet, want, anchor)) {
        this.claim(anchor, want);
        touched.push(want);
      } else {
        f.want = want;
        this.waiting.add(anchor, want);
      }
    }
    if (old) this.refill([old]);
    return touched;
  }

  /** Something was typed at (r, c): a spill covering it is blocked. Returns the cells whose display changed. */
  typedAt(sheet: Sheet, r: number, c: number): Area[] {
    const owner = sheet.spillOwner.get(keyOf(r, c));
    if (!owner?.f) return [];
    const area = this.retract(owner);
    if (!area) return [];
    owner.f.want = area;
    this.waiting.add(owner, area);
    return [area];
  }

  /** Cells were freed: anchors waiting for them spill if their whole range is now free. */
  refill(freed: readonly Area[]): void {
    for (const a of freed)
      for (const anchor of this.waiting.query(a)) {
        const want = anchor.f?.want;
        if (!want || !this.free(anchor.sheet, want, anchor)) continue;
        this.unwait(anchor);
        this.claim(anchor, want);
        this.changed([want]);
      }
  }

  /** The anchor owning a spilled cell, if any. */
  static ownerOf(sheet: Sheet, r: number, c: number): Cell | undefined {
    return sheet.spillOwner.get(keyOf(r, c));
  }
}
