/**
 * Which items' areas meet a given area, without walking the whole workbook: rows bucketed by 64;
 * an area spanning more buckets than a threshold (whole columns, long ranges) sits in a per-sheet
 * list checked every time. Sheets are matched case-insensitively, as Excel names them. Items may
 * hold several areas and leave the index (a formula edited or cleared).
 */
import { Area, overlaps } from "./area";

const ROWS_PER_BUCKET = 64;
const MAX_BUCKETS = 32;

/** One area of one item. */
export interface Hit<T> {
  item: T;
  area: Area;
}

interface SheetIndex<T> {
  buckets: Map<number, Set<Hit<T>>>;
  wide: Set<Hit<T>>;
}

const bucketOf = (row: number) => Math.floor(row / ROWS_PER_BUCKET);

export class AreaIndex<T> {
  private readonly sheets = new Map<string, SheetIndex<T>>();
  private readonly byItem = new Map<T, Hit<T>[]>();

  private sheetOf(name: string, make: boolean): SheetIndex<T> | undefined {
    const key = name.toUpperCase();
    let s = this.sheets.get(key);
    if (!s && make) this.sheets.set(key, (s = { buckets: new Map(), wide: new Set() }));
    return s;
  }

  add(item: T, area: Area): void {
    const e: Hit<T> = { item, area };
    const list = this.byItem.get(item);
    if (list) list.push(e);
    else this.byItem.set(item, [e]);
    const s = this.sheetOf(area.sheet, true) as SheetIndex<T>;
    const b0 = bucketOf(area.r0), b1 = bucketOf(area.r1);
    if (b1 - b0 >= MAX_BUCKETS) return void s.wide.add(e);
    for (let b = b0; b <= b1; b++) {
      let set = s.buckets.get(b);
      if (!set) s.buckets.set(b, (set = new Set()));
      set.add(e);
    }
  }

  remove(item: T): void {
    const list = this.byItem.get(item);
    if (!list) return;
    this.byItem.delete(item);
    for (const e of list) {
      const s = this.sheetOf(e.area.sheet, false);
      if (!s) continue;
      s.wide.delete(e);
      for (let b = bucketOf(e.area.r0); b <= bucketOf(e.area.r1); b++) {
        const set = s.buckets.get(b);
        if (!set) continue;
        set.delete(e);
        if (set.size === 0) s.buckets.delete(b);
      }
    }
  }

  areasOf(item: T): Area[] {
    return (this.byItem.get(item) ?? []).map((e) => e.area);
  }

  /** Visit each stored area meeting `q` once; stop when `visit` returns true. */
  private scan(q: Area, visit: (e: Hit<T>) => boolean | void): void {
    const s = this.sheetOf(q.sheet, false);
    if (!s) return;
    // an area in several buckets is met once
    let seen: Set<Hit<T>> | null = null;
    const hit = (e: Hit<T>): boolean => {
      if (!overlaps(e.area, q)) return false;
      if (bucketOf(e.area.r0) !== bucketOf(e.area.r1)) {
        seen ??= new Set();
        if (seen.has(e)) return false;
        seen.add(e);
      }
      return visit(e) === true;
    };
    for (const e of s.wide) if (hit(e)) return;
    const b0 = bucketOf(q.r0), b1 = bucketOf(q.r1);
    const sets = b1 - b0 + 1 > s.buckets.size ? [...s.buckets.values()] : Array.from({ length: b1 - b0 + 1 }, (_, i) => s.buckets.get(b0 + i));
    for (const set of sets) if (set) for (const e of set) if (hit(e)) return;
  }

  /** Every item with an area meeting `q` (each once). */
  query(q: Area): Set<T> {
    const out = new Set<T>();
    this.scan(q, (e) => void out.add(e.item));
    return out;
  }

  /** Every stored area meeting `q`, with its item. */
  hits(q: Area): Hit<T>[] {
    const out: Hit<T>[] = [];
    this.scan(q, (e) => void out.push(e));
    return out;
  }

  /** The first item found with an area meeting `q`, if any. */
  first(q: Area): T | undefined {
    let found: T | undefined;
    this.scan(q, (e) => ((found = e.item), true));
    return found;
  }
}
