/**
 * Which items' areas meet a given area, without walking the whole workbook: rows bucketed by 64;
 * an area spanning more buckets than a threshold (whole columns, long ranges) sits in a per-sheet
 * list checked every time; a one-cell area sits under its cell (a header every row of a large model
 * reads, B$1, would otherwise fill its bucket with thousands of areas to check on every query). Sheets
 * are matched case-insensitively, as Excel names them. Items may hold several areas and leave the
 * index (a formula edited or cleared).
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
  /** One-cell areas by cellKey. */
  cells: Map<number, Set<Hit<T>>>;
}

const bucketOf = (row: number) => Math.floor(row / ROWS_PER_BUCKET);
/** Excel's last column is 16,384: row and column in one number. */
const cellKey = (row: number, col: number) => row * 16_384 + col;
const isCell = (a: Area) => a.r0 === a.r1 && a.c0 === a.c1;

function addTo<T>(map: Map<number, Set<Hit<T>>>, key: number, e: Hit<T>): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(e);
}

function removeFrom<T>(map: Map<number, Set<Hit<T>>>, key: number, e: Hit<T>): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(e);
  if (set.size === 0) map.delete(key);
}

/** Visit the one-cell areas inside `q` (by cell when `q` has fewer cells than the map entries); true when `visit` stopped. */
function scanCells<T>(cells: Map<number, Set<Hit<T>>>, q: Area, visit: (e: Hit<T>) => boolean | void): boolean {
  if (cells.size === 0) return false;
  const visitAll = (set: Set<Hit<T>> | undefined) => {
    if (set) for (const e of set) if (visit(e) === true) return true;
    return false;
  };
  if ((q.r1 - q.r0 + 1) * (q.c1 - q.c0 + 1) > cells.size) {
    for (const set of cells.values()) for (const e of set) if (overlaps(e.area, q) && visit(e) === true) return true;
    return false;
  }
  for (let r = q.r0; r <= q.r1; r++) for (let c = q.c0; c <= q.c1; c++) if (visitAll(cells.get(cellKey(r, c)))) return true;
  return false;
}

export class AreaIndex<T> {
  private readonly sheets = new Map<string, SheetIndex<T>>();
  private readonly byItem = new Map<T, Hit<T>[]>();

  private sheetOf(name: string, make: boolean): SheetIndex<T> | undefined {
    const key = name.toUpperCase();
    let s = this.sheets.get(key);
    if (!s && make) this.sheets.set(key, (s = { buckets: new Map(), wide: new Set(), cells: new Map() }));
    return s;
  }

  add(item: T, area: Area): void {
    const e: Hit<T> = { item, area };
    const list = this.byItem.get(item);
    if (list) list.push(e);
    else this.byItem.set(item, [e]);
    const s = this.sheetOf(area.sheet, true) as SheetIndex<T>;
    if (isCell(area)) return void addTo(s.cells, cellKey(area.r0, area.c0), e);
    const b0 = bucketOf(area.r0), b1 = bucketOf(area.r1);
    if (b1 - b0 >= MAX_BUCKETS) return void s.wide.add(e);
    for (let b = b0; b <= b1; b++) addTo(s.buckets, b, e);
  }

  remove(item: T): void {
    const list = this.byItem.get(item);
    if (!list) return;
    this.byItem.delete(item);
    for (const e of list) {
      const s = this.sheetOf(e.area.sheet, false);
      if (!s) continue;
      if (isCell(e.area)) {
        removeFrom(s.cells, cellKey(e.area.r0, e.area.c0), e);
        continue;
      }
      s.wide.delete(e);
      for (let b = bucketOf(e.area.r0); b <= bucketOf(e.area.r1); b++) removeFrom(s.buckets, b, e);
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
    if (scanCells(s.cells, q, visit)) return;
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
