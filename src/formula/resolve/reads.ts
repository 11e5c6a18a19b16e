/**
 * The cells a resolveCalls run has read, over at most a few reader passes: which response holds a
 * cell, the spill extents, the names and the sheets. Pure bookkeeping around the CellReader port.
 */
import { areaContains } from "../text/address";
import { sameSheet } from "../../recalc";
import { areaKey } from "../text/refs";
import type { CellReader, ReadResult } from "./types";
import type { AreaRef, CellRef, CellValue, DefinedName, ExcelTable } from "../types";

const cellKey = (c: CellRef) => `${c.sheet.toUpperCase()}!${c.row},${c.col}`;

interface Pass {
  res: ReadResult;
  /** The areas this pass answers (spill ranges included), by upper-case sheet; null: the first pass (answers the rest). */
  covers: Map<string, AreaRef[]> | null;
}

export class Reads {
  private passes: Pass[] = [];
  private asked = new Set<string>();
  private spills = new Map<string, AreaRef | null>();
  names: readonly DefinedName[] | null = null;
  /** Read with the names; null when not read or the host does not know them. */
  tables: readonly ExcelTable[] | null = null;
  sheets: readonly string[] | null = null;
  calls = 0;

  /** `emptyCellAs`: what the host passes a function for an empty referenced cell (ResolveOptions). */
  constructor(private readonly reader: CellReader, private readonly emptyCellAs: 0 | null = null) {}

  /** Read what is not read yet (names once). No call when there is nothing new. */
  async read(areas: readonly AreaRef[], spills: readonly CellRef[], names: boolean): Promise<void> {
    const newAreas = areas.filter((a) => !this.asked.has(`a${areaKey(a)}`));
    const newSpills = spills.filter((s) => !this.asked.has(`s${cellKey(s)}`));
    const wantNames = names && this.names === null;
    if (!newAreas.length && !newSpills.length && !wantNames) return;
    for (const a of newAreas) this.asked.add(`a${areaKey(a)}`);
    for (const s of newSpills) this.asked.add(`s${cellKey(s)}`);
    this.calls++;
    const res = await this.reader.read({ areas: newAreas, spills: newSpills, names: wantNames });
    if (wantNames) (this.names = res.names), (this.tables = res.tables ?? null);
    this.sheets = res.sheets;
    const covered: AreaRef[] = [...newAreas];
    for (const s of newSpills) {
      const extent = res.spill(s);
      this.spills.set(cellKey(s), extent);
      if (extent) covered.push(extent);
    }
    this.passes.push({ res, covers: this.passes.length === 0 ? null : bySheet(covered) });
  }

  value(ref: CellRef): CellValue {
    for (let i = this.passes.length - 1; i >= 0; i--) {
      const p = this.passes[i];
      if (!p.covers || (p.covers.get(ref.sheet.toUpperCase()) ?? []).some((a) => areaContains(a, ref))) return p.res.values(ref);
    }
    return null;
  }

  /** A referenced cell's value as the host passes it to a function: an empty cell as the host's `emptyCellAs`. */
  passed(ref: CellRef): CellValue {
    return this.value(ref) ?? this.emptyCellAs;
  }

  spill(anchor: CellRef): AreaRef | null {
    return this.spills.get(cellKey(anchor)) ?? null;
  }

  sheetExists(sheet: string): boolean {
    return this.sheets === null || this.sheets.some((s) => sameSheet(s, sheet));
  }
}

function bySheet(areas: readonly AreaRef[]): Map<string, AreaRef[]> {
  const out = new Map<string, AreaRef[]>();
  for (const a of areas) {
    const k = a.sheet.toUpperCase();
    out.set(k, [...(out.get(k) ?? []), a]);
  }
  return out;
}
