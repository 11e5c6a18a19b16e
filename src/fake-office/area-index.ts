/**
 * A spatial index of rectangles on sheets: which items' areas intersect a given area. Used for the
 * dependency graph (formula -> the areas it reads), the placed spills and the formula cells, so an
 * edit looks up only what is near it (rows bucketed by 64) instead of walking the whole workbook.
 */
import type { Area } from "./a1";

const ROWS_PER_BUCKET = 64;
/** Areas spanning more buckets than this (whole columns, long ranges) are kept in a per-sheet list. */
const MAX_BUCKETS = 32;

interface Entry<T> {
  item: T;
  area: Area;
}

export class AreaIndex<T> {
  private readonly buckets = new Map<string, Map<number, Set<Entry<T>>>>();
  private readonly wide = new Map<string, Set<Entry<T>>>();
  private readonly byItem = new Map<T, Entry<T>[]>();

  add(item: T, area: Area): void {
    const e: Entry<T> = { item, area };
    const list = this.byItem.get(item);
    if (list) list.push(e);
    else this.byItem.set(item, [e]);
    const b0 = Math.floor(area.r0 / ROWS_PER_BUCKET);
    const b1 = Math.floor(area.r1 / ROWS_PER_BUCKET);
    if (b1 - b0 >= MAX_BUCKETS) {
      let w = this.wide.get(area.sheet);
      if (!w) this.wide.set(area.sheet, (w = new Set()));
      w.add(e);
      return;
    }
    let sheet = this.buckets.get(area.sheet);
    if (!sheet) this.buckets.set(area.sheet, (sheet = new Map()));
    for (let b = b0; b <= b1; b++) {
      let s = sheet.get(b);
      if (!s) sheet.set(b, (s = new Set()));
      s.add(e);
    }
  }

  remove(item: T): void {
    const list = this.byItem.get(item);
    if (!list) return;
    this.byItem.delete(item);
    for (const e of list) {
      this.wide.get(e.area.sheet)?.delete(e);
      const sheet = this.buckets.get(e.area.sheet);
      if (!sheet) continue;
      for (let b = Math.floor(e.area.r0 / ROWS_PER_BUCKET); b <= Math.floor(e.area.r1 / ROWS_PER_BUCKET); b++) {
        const s = sheet.get(b);
        if (!s) continue;
        s.delete(e);
        if (s.size === 0) sheet.delete(b);
      }
    }
  }

  has(item: T): boolean {
    return this.byItem.has(item);
  }

  areasOf(item: T): Area[] {
    return (this.byItem.get(item) ?? []).map((e) => e.area);
  }

  /** Every item with an area intersecting `q` (each once). */
  query(q: Area): Set<T> {
    const out = new Set<T>();
    const hit = (e: Entry<T>) => {
      const a = e.area;
      if (a.r0 <= q.r1 && q.r0 <= a.r1 && a.c0 <= q.c1 && q.c0 <= a.c1) out.add(e.item);
    };
    this.wide.get(q.sheet)?.forEach(hit);
    const sheet = this.buckets.get(q.sheet);
    if (!sheet) return out;
    const b0 = Math.floor(q.r0 / ROWS_PER_BUCKET);
    const b1 = Math.floor(q.r1 / ROWS_PER_BUCKET);
    if (b1 - b0 + 1 > sheet.size) sheet.forEach((s) => s.forEach(hit));
    else
      for (let b = b0; b <= b1; b++) sheet.get(b)?.forEach(hit);
    return out;
  }

  /** Forget every area on a sheet (the sheet was deleted). */
  dropSheet(sheet: string): void {
    for (const [item, list] of [...this.byItem]) if (list.some((e) => e.area.sheet === sheet)) this.remove(item);
  }
}
