/**
 * A journal of display changes: every cell whose shown value changed gets the next version, so a
 * redraw asks "what changed since version v" instead of reading the whole sheet.
 */
import type { Area } from "../recalc";
import { Sheet, keyOf } from "./model";

interface Entry {
  v: number;
  sheet: Sheet;
  r: number;
  c: number;
}

/** Entries kept; an older version than the journal holds gets a full read instead. */
const KEEP = 200_000;

export class Journal {
  version = 0;
  private entries: Entry[] = [];
  /** Versions up to this one were dropped. */
  private floor = 0;

  touch(sheet: Sheet, r: number, c: number): void {
    this.entries.push({ v: ++this.version, sheet, r, c });
    if (this.entries.length > 2 * KEEP) {
      const drop = this.entries.length - KEEP;
      this.floor = this.entries[drop - 1].v;
      this.entries = this.entries.slice(drop);
    }
  }

  touchArea(sheet: Sheet, a: Area): void {
    for (let r = a.r0; r <= a.r1; r++) for (let c = a.c0; c <= a.c1; c++) this.touch(sheet, r, c);
  }

  /** The distinct cells changed after version `v` (on `sheet` when given); null when `v` is older than the journal. */
  since(v: number, sheet?: Sheet): Array<{ sheet: Sheet; r: number; c: number }> | null {
    if (v < this.floor) return null;
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.entries[mid].v <= v) lo = mid + 1;
      else hi = mid;
    }
    const seen = new Set<string>();
    const out: Array<{ sheet: Sheet; r: number; c: number }> = [];
    for (let i = lo; i < this.entries.length; i++) {
      const e = this.entries[i];
      if (sheet && e.sheet !== sheet) continue;
      const k = `${e.sheet.id}:${keyOf(e.r, e.c)}`;
      if (seen.has(k)) continue;
      seen.add(k);
      out.push(e);
    }
    return out;
  }
}
