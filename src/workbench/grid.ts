/**
 * The sheet grid: a table that grows with its content (a spill is never cut off into a false
 * #SPILL!), columns widened by dragging their header's edge, and cells painted one at a time from
 * what the host shows (spills, errors with their message, busy cells, typed values).
 */
import type { Shown } from "../fake-office/display";
import { paintTyped } from "./typed-cell";
import type { EntityValue } from "../shape";
import { readableText } from "../shape";

const MIN_COLS = 14;
const MIN_ROWS = 60;
/** Blank rows and columns kept beyond the used range, so there is always room to type. */
const MARGIN_ROWS = 10;
const MARGIN_COLS = 4;
export const DEFAULT_WIDTH = 96;

export function colName(c: number): string {
  let s = "";
  for (let n = c + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}
export const addr = (r: number, c: number) => `${colName(c)}${r + 1}`;
export function parseAddr(a: string): [number, number] {
  const m = /^([A-Z]+)(\d+)$/.exec(a.replace(/^.*!/, ""));
  if (!m) return [0, 0];
  let c = 0;
  for (const ch of m[1]) c = c * 26 + (ch.charCodeAt(0) - 64);
  return [Number(m[2]) - 1, c - 1];
}

/** A value as Excel shows it with data types on (readable by default; src/shape/readable.ts). */
export const text = (v: unknown): string => readableText(v);

/** The text and classes of a cell. */
function look(s: Shown): { t: string; cls: string[]; entity?: EntityValue } {
  const cls: string[] = [];
  let t: string;
  let entity: EntityValue | undefined;
  if (s.error && !s.busy) {
    t = s.error;
    cls.push("err");
  } else if (s.busy) {
    t = s.value === undefined ? "#BUSY!" : text(s.value);
    cls.push("busy");
  } else {
    const typed = paintTyped(s.value); // Excel data types: formatted numbers, entity cards (typed-cell.ts)
    t = typed ? typed.text : text(s.value);
    if (typed) cls.push(...typed.cls);
    else if (typeof s.value === "number") cls.push("num");
    entity = typed?.entity;
  }
  if (s.anchor) cls.push("anchor");
  if (s.spill) cls.push("spill");
  if (s.unverified) cls.push("unverified");
  return { t, cls, entity };
}

/** How a painted cell stands in the selection. */
export interface Mark {
  active?: boolean;
  inRange?: boolean;
  corner?: boolean;
}

export class Grid {
  rows = MIN_ROWS;
  cols = MIN_COLS;
  readonly widths = new Map<number, number>();
  /** The entity each painted cell shows, by the cell's id (the card hovering it opens). */
  private readonly cards = new Map<string, EntityValue>();

  constructor(private readonly table: HTMLTableElement) {}

  /** Grow (rebuild) when content or the selection needs more rows or columns; true when rebuilt. */
  ensure(maxR: number, maxC: number): boolean {
    const wantRows = Math.max(MIN_ROWS, maxR + 1 + MARGIN_ROWS);
    const wantCols = Math.max(MIN_COLS, maxC + 1 + MARGIN_COLS);
    if (wantRows <= this.rows && wantCols <= this.cols && this.table.childElementCount > 0) return false;
    this.rows = Math.max(this.rows, wantRows);
    this.cols = Math.max(this.cols, wantCols);
    this.build();
    return true;
  }

  build(): void {
    const t = this.table;
    t.replaceChildren();
    const colgroup = document.createElement("colgroup");
    colgroup.appendChild(document.createElement("col")).className = "rowhead";
    for (let c = 0; c < this.cols; c++) {
      const col = colgroup.appendChild(document.createElement("col"));
      col.id = `col-${c}`;
      col.style.width = `${this.widths.get(c) ?? DEFAULT_WIDTH}px`;
    }
    t.appendChild(colgroup);
    const head = t.createTHead().insertRow();
    head.appendChild(document.createElement("th")).className = "row";
    for (let c = 0; c < this.cols; c++) {
      const th = head.appendChild(document.createElement("th"));
      th.textContent = colName(c);
      th.dataset.col = String(c);
      const grip = th.appendChild(document.createElement("span"));
      grip.className = "grip";
      grip.dataset.col = String(c);
      grip.title = `Drag to widen column ${colName(c)}`;
    }
    const body = t.createTBody();
    for (let r = 0; r < this.rows; r++) {
      const tr = body.insertRow();
      const th = tr.appendChild(document.createElement("th"));
      th.className = "row";
      th.textContent = String(r + 1);
      for (let c = 0; c < this.cols; c++) {
        const td = tr.insertCell();
        td.id = `cell-${addr(r, c)}`;
        td.dataset.addr = addr(r, c);
      }
    }
    this.fit();
  }

  /** The entity the cell of that id shows, if any. */
  cardAt(cellId: string): EntityValue | undefined {
    return this.cards.get(cellId);
  }

  /** Paint one cell (null: blank): the active cell outlined, a selected range shaded, the fill handle at its corner. */
  paint(a: string, s: Shown | null | undefined, mark: Mark = {}): void {
    const td = document.getElementById(`cell-${a}`);
    if (!td) return;
    const { t, cls, entity } = s ? look(s) : { t: "", cls: [] as string[], entity: undefined };
    if (entity) this.cards.set(td.id, entity);
    else this.cards.delete(td.id);
    td.textContent = t;
    td.className = cls.join(" ");
    if (mark.active) td.classList.add("selected");
    if (mark.inRange) td.classList.add("in-range");
    if (mark.corner) {
      const handle = td.appendChild(document.createElement("span"));
      handle.className = "fill-handle";
      handle.id = "fill-handle";
      handle.title = "Drag to fill down or right";
    }
    if (s?.error && !s.busy) {
      td.dataset.error = s.error;
      td.dataset.message = s.message ?? "";
    } else if (s?.unverified) {
      td.dataset.error = "Unverified";
      td.dataset.message = s.unverified;
    } else {
      delete td.dataset.error;
      delete td.dataset.message;
    }
  }

  /** Fixed table layout needs the table's own width: the row header plus every column. */
  fit(): void {
    let total = 40;
    for (let c = 0; c < this.cols; c++) total += this.widths.get(c) ?? DEFAULT_WIDTH;
    this.table.style.width = `${total}px`;
  }

  setWidth(c: number, px: number): void {
    const w = Math.max(32, Math.min(900, Math.round(px)));
    this.widths.set(c, w);
    const col = document.getElementById(`col-${c}`) as HTMLTableColElement | null;
    if (col) col.style.width = `${w}px`;
    this.fit();
  }
}

export { look };
