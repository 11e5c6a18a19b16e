/**
 * The workbook while a refresh writes into it: new values over the stored ones, each formula's
 * current spill range, and the cell writes that turn into sheet edits. Reading goes through here,
 * so a formula refreshed later sees the values written before it (chains, dependents).
 */
import type { Rect } from "../../recalc";
import { boxText, cellKey } from "../parts/a1";
import { CellWrite } from "../parts/cell-xml";
import { Model, ModelCell, ModelSheet } from "./model";
import { CellXml } from "../parts/sheet-read";
import { AreaRef, CellRef, CellValue, isErrorValue } from "../../formula";
import { setAttr } from "../parts/xml";

interface Pending {
  value: CellValue;
  /** New <f> element XML (undefined: the cell's own). */
  formula?: string;
  cm?: number | null;
}

export const MAX_ROW = 1_048_575;
export const MAX_COL = 16_383;

function sameValue(a: CellValue, b: CellValue): boolean {
  if (isErrorValue(a) || isErrorValue(b)) return isErrorValue(a) && isErrorValue(b) && a.error === b.error;
  return a === b;
}

export class WorkingCopy {
  private readonly sheets = new Map<string, ModelSheet>();
  private readonly overlay = new Map<string, Map<number, Pending>>();
  /** Current spill range of each dynamic-array anchor (and a legacy array's fixed range), per sheet. */
  private readonly spills = new Map<string, Map<number, Rect>>();
  private readonly xmlCells = new Map<string, Map<number, CellXml>>();
  /** Bounding box of stored and written cells per sheet (whole-column references read within it). */
  private readonly extents = new Map<string, Rect>();

  constructor(readonly model: Model) {
    for (const s of model.sheets) {
      this.sheets.set(s.name.toUpperCase(), s);
      const boxes = new Map<number, Rect>();
      for (const [k, c] of s.cells) if (c.formula?.kind === "array" && c.formula.ref) boxes.set(k, c.formula.ref);
      this.spills.set(s.name, boxes);
      this.overlay.set(s.name, new Map());
      const xml = new Map<number, CellXml>();
      for (const row of s.xml?.rows ?? []) for (const c of row.cells) xml.set(cellKey(c.row, c.col), c);
      this.xmlCells.set(s.name, xml);
      for (const c of s.cells.values()) this.grow(s.name, c.row, c.col);
    }
  }

  private grow(sheet: string, row: number, col: number): void {
    const b = this.extents.get(sheet);
    this.extents.set(sheet, b ? { r0: Math.min(b.r0, row), c0: Math.min(b.c0, col), r1: Math.max(b.r1, row), c1: Math.max(b.c1, col) } : { r0: row, c0: col, r1: row, c1: col });
  }

  extent(sheet: string): AreaRef | null {
    const s = this.sheet(sheet);
    const b = s && this.extents.get(s.name);
    return s && b ? { sheet: s.name, ...b } : null;
  }

  sheet(name: string): ModelSheet | undefined {
    return this.sheets.get(name.toUpperCase());
  }

  cell(ref: CellRef): ModelCell | undefined {
    return this.sheet(ref.sheet)?.cells.get(cellKey(ref.row, ref.col));
  }

  value(ref: CellRef): CellValue {
    const s = this.sheet(ref.sheet);
    if (!s) return { error: "#REF!" };
    const k = cellKey(ref.row, ref.col);
    const p = this.overlay.get(s.name)?.get(k);
    return p ? p.value : s.cells.get(k)?.value ?? null;
  }

  /** A cell that holds something a spill may not overwrite: a value or a formula. */
  occupied(sheet: string, row: number, col: number): boolean {
    const s = this.sheet(sheet);
    if (!s) return false;
    const k = cellKey(row, col);
    const p = this.overlay.get(s.name)?.get(k);
    if (p) return p.value !== null;
    const c = s.cells.get(k);
    return !!c && (c.value !== null || !!c.formula);
  }

  spill(anchor: CellRef): AreaRef | null {
    const s = this.sheet(anchor.sheet);
    const box = s && this.spills.get(s.name)?.get(cellKey(anchor.row, anchor.col));
    return s && box ? { sheet: s.name, ...box } : null;
  }

  /** The spill ranges on a sheet other than the given anchor's (for blocked-spill checks). */
  otherSpills(sheet: string, anchorKey: number): Rect[] {
    const s = this.sheet(sheet);
    return s ? [...(this.spills.get(s.name) ?? [])].filter(([k]) => k !== anchorKey).map(([, b]) => b) : [];
  }

  setSpill(sheet: string, anchorKey: number, box: Rect): void {
    const s = this.sheet(sheet);
    if (s) this.spills.get(s.name)?.set(anchorKey, box);
  }

  put(sheet: string, row: number, col: number, p: Pending): void {
    const s = this.sheet(sheet);
    if (!s) return;
    this.overlay.get(s.name)?.set(cellKey(row, col), p);
    if (p.value !== null) this.grow(s.name, row, col);
  }

  /** The anchor's <f t="array"> element with its ref following the new spill (kept otherwise). */
  arrayFormulaXml(sheet: string, row: number, col: number, box: Rect): string | undefined {
    const s = this.sheet(sheet);
    const f = s && this.xmlCells.get(s.name)?.get(cellKey(row, col))?.formula;
    if (f?.kind !== "array") return undefined;
    const xml = setAttr(f.tag, "ref", boxText(box)) + f.xml.slice(f.tag.length);
    return xml === f.xml ? undefined : xml;
  }

  /** Cell writes per sheet part: only cells whose value, formula or metadata actually change. */
  writes(): Map<ModelSheet, CellWrite[]> {
    const out = new Map<ModelSheet, CellWrite[]>();
    for (const s of this.model.sheets) {
      const list: CellWrite[] = [];
      for (const [k, p] of this.overlay.get(s.name) ?? []) {
        const old = s.cells.get(k);
        const row = Math.floor(k / 16384), col = k % 16384;
        if (old && p.formula === undefined && p.cm === undefined && sameValue(old.value, p.value)) continue;
        if (!old && p.value === null) continue;
        list.push({ row, col, value: p.value, formula: p.formula, cm: p.cm, mode: "result" });
      }
      if (list.length > 0) out.set(s, list);
    }
    return out;
  }
}
