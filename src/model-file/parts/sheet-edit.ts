/**
 * Apply cell writes to a worksheet part by splicing: each written <c> replaces the old one, new cells
 * go into their row in column order, new rows into <sheetData> in row order, a row's `spans` and the
 * sheet's <dimension> widen to what the sheet now holds. Every other character stays as it was.
 */
import { boxText, cellKey, parseBox } from "./a1";
import { CellWrite, renderCell } from "./cell-xml";
import { RowXml, SheetXml } from "./sheet-read";
import { attr, setAttr } from "./xml";

interface Splice {
  start: number;
  end: number;
  text: string;
}

function applySplices(xml: string, splices: Splice[]): string {
  splices.sort((a, b) => a.start - b.start || a.end - b.end);
  let out = "";
  let at = 0;
  for (const s of splices) {
    out += xml.slice(at, s.start) + s.text;
    at = s.end;
  }
  return out + xml.slice(at);
}

function widenedRowTag(row: RowXml, cols: number[]): string {
  const spans = attr(row.tag, "spans");
  if (!spans || cols.length === 0) return row.tag;
  const [lo, hi] = spans.split(":").map(Number);
  const min = Math.min(lo, ...cols.map((c) => c + 1));
  const max = Math.max(hi, ...cols.map((c) => c + 1));
  return min === lo && max === hi ? row.tag : setAttr(row.tag, "spans", `${min}:${max}`);
}

/** Splices for one existing row: replaced cells in place, new cells before the next higher column. */
function editRow(sheet: SheetXml, row: RowXml, writes: CellWrite[], splices: Splice[]): void {
  const byCol = new Map(row.cells.map((c) => [c.col, c]));
  const inserts = new Map<number, string>();
  const newCols: number[] = [];
  for (const w of [...writes].sort((a, b) => a.col - b.col)) {
    const old = byCol.get(w.col) ?? null;
    const text = renderCell(w, sheet.prefix, old);
    if (old) {
      splices.push({ start: old.start, end: old.end, text });
      continue;
    }
    if (!text) continue;
    newCols.push(w.col);
    const next = row.cells.find((c) => c.col > w.col);
    const at = next ? next.start : row.closeStart;
    inserts.set(at, (inserts.get(at) ?? "") + text);
  }
  const tag = widenedRowTag(row, newCols);
  if (row.selfClosing && inserts.size > 0) {
    const open = tag.slice(0, -2).replace(/\s+$/, "") + ">";
    splices.push({ start: row.start, end: row.end, text: open + [...inserts.values()].join("") + `</${sheet.prefix}row>` });
    return;
  }
  if (tag !== row.tag) splices.push({ start: row.start, end: row.tagEnd, text: tag });
  for (const [at, text] of inserts) splices.push({ start: at, end: at, text });
}

function newRowXml(sheet: SheetXml, rowIndex: number, writes: CellWrite[]): string {
  const cells = [...writes].sort((a, b) => a.col - b.col).map((w) => renderCell(w, sheet.prefix, null)).join("");
  return cells ? `<${sheet.prefix}row r="${rowIndex + 1}">${cells}</${sheet.prefix}row>` : "";
}

function insertRows(sheet: SheetXml, rows: Map<number, CellWrite[]>, splices: Splice[]): void {
  const inserts = new Map<number, string>();
  for (const r of [...rows.keys()].sort((a, b) => a - b)) {
    const text = newRowXml(sheet, r, rows.get(r) ?? []);
    if (!text) continue;
    const next = sheet.rows.find((x) => x.row > r);
    const at = next ? next.start : sheet.sheetData.innerEnd;
    inserts.set(at, (inserts.get(at) ?? "") + text);
  }
  const sd = sheet.sheetData;
  if (sd.tag.selfClosing && inserts.size > 0) {
    const open = sheet.xml.slice(sd.tag.start, sd.tag.end - 2).replace(/\s+$/, "") + ">";
    splices.push({ start: sd.tag.start, end: sd.end, text: open + [...inserts.values()].join("") + `</${sd.tag.name}>` });
    return;
  }
  for (const [at, text] of inserts) splices.push({ start: at, end: at, text });
}

/** The dimension grown to cover the written cells (never shrunk: it may cover formatted cells too). */
function grownDimension(sheet: SheetXml, writes: readonly CellWrite[], splices: Splice[]): void {
  const d = sheet.dimension;
  if (!d || writes.length === 0) return;
  const tag = sheet.xml.slice(d.tag.start, d.tag.end);
  const old = attr(tag, "ref");
  let box = old && /^[A-Z]+\d+(:[A-Z]+\d+)?$/i.test(old) ? parseBox(old) : null;
  for (const w of writes) {
    if (w.value === null && !w.formula) continue;
    box = box ? { r0: Math.min(box.r0, w.row), c0: Math.min(box.c0, w.col), r1: Math.max(box.r1, w.row), c1: Math.max(box.c1, w.col) } : { r0: w.row, c0: w.col, r1: w.row, c1: w.col };
  }
  const ref = box ? boxText(box) : old;
  if (ref && ref !== old) splices.push({ start: d.tag.start, end: d.tag.end, text: setAttr(tag, "ref", ref) });
}

/** The sheet part's text with the writes applied. */
export function editSheet(sheet: SheetXml, writes: readonly CellWrite[]): string {
  const byKey = new Map(writes.map((w) => [cellKey(w.row, w.col), w]));
  const byRow = new Map<number, CellWrite[]>();
  for (const w of byKey.values()) byRow.set(w.row, [...(byRow.get(w.row) ?? []), w]);
  const splices: Splice[] = [];
  for (const row of sheet.rows) {
    const ws = byRow.get(row.row);
    if (ws) editRow(sheet, row, ws, splices);
    byRow.delete(row.row);
  }
  insertRows(sheet, byRow, splices);
  grownDimension(sheet, [...byKey.values()], splices);
  return applySplices(sheet.xml, splices);
}
