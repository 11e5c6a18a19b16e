/**
 * Boxes on sheets, found by overlap: bucketed by blocks of rows so that finding what a region
 * touches does not scan every formula of the workbook; very tall boxes (whole columns) sit in a
 * list checked every time.
 */
import { Box } from "../parts/a1";

const BLOCK = 64;
const TALL = BLOCK * 16;

export function overlaps(a: Box, b: Box): boolean {
  return a.r0 <= b.r1 && b.r0 <= a.r1 && a.c0 <= b.c1 && b.c0 <= a.c1;
}

interface Entry<T> {
  box: Box;
  item: T;
}

export class BoxIndex<T> {
  private readonly sheets = new Map<string, { blocks: Map<number, Entry<T>[]>; tall: Entry<T>[] }>();

  private of(sheet: string) {
    const key = sheet.toUpperCase();
    let s = this.sheets.get(key);
    if (!s) this.sheets.set(key, (s = { blocks: new Map(), tall: [] }));
    return s;
  }

  add(sheet: string, box: Box, item: T): void {
    const s = this.of(sheet);
    const e = { box, item };
    if (box.r1 - box.r0 >= TALL) {
      s.tall.push(e);
      return;
    }
    for (let b = Math.floor(box.r0 / BLOCK); b <= Math.floor(box.r1 / BLOCK); b++) {
      const list = s.blocks.get(b);
      if (list) list.push(e);
      else s.blocks.set(b, [e]);
    }
  }

  /** Items whose box overlaps `box` (each once). */
  query(sheet: string, box: Box): T[] {
    const s = this.sheets.get(sheet.toUpperCase());
    if (!s) return [];
    const seen = new Set<Entry<T>>();
    const out: T[] = [];
    const visit = (e: Entry<T>) => {
      if (!seen.has(e) && overlaps(e.box, box)) out.push(e.item);
      seen.add(e);
    };
    s.tall.forEach(visit);
    const b0 = Math.floor(box.r0 / BLOCK), b1 = Math.floor(box.r1 / BLOCK);
    if (b1 - b0 > s.blocks.size) for (const list of s.blocks.values()) list.forEach(visit);
    else for (let b = b0; b <= b1; b++) s.blocks.get(b)?.forEach(visit);
    return out;
  }
}
