/**
 * One worksheet part as Excel writes it: dimension, view, column widths, rows with their spans,
 * cells in order (constant text through the shared strings, a formula's text result inline as
 * t="str", a dynamic array's anchor with `<f t="array" ref=...>` and cm="1"), margins, and the
 * drawing that holds its charts.
 */
import type { Rect } from "../../recalc";
import { a1, boxText } from "../parts/a1";
import { escapeAttr, escapeText } from "../parts/xml";
import { renderCell } from "../parts/cell-xml";
import { fileFormula } from "./formula-text";
import { styleIndex } from "./styles";
import { SharedStrings } from "./shared-strings";
import { NewCell, NewSheet } from "./types";

const NS =
  'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

function formulaXml(c: NewCell): string {
  if (!c.formula) return "";
  const text = escapeText(fileFormula(c.formula));
  return c.spill ? `<f t="array" ref="${boxText(c.spill)}">${text}</f>` : `<f>${text}</f>`;
}

function cellXml(c: NewCell, strings: SharedStrings): string {
  const s = styleIndex(c.style);
  const styled = (xml: string) => (s ? xml.replace(/^<c r="([A-Z]+\d+)"/, `<c r="$1" s="${s}"`) : xml);
  if (!c.formula && !c.result && typeof c.value === "string") return styled(`<c r="${a1(c.row, c.col)}" t="s"><v>${strings.index(c.value)}</v></c>`);
  const xml = renderCell({ row: c.row, col: c.col, value: c.value, formula: formulaXml(c), cm: c.spill ? 1 : undefined, mode: c.formula || c.result ? "result" : "constant" }, "", null);
  return styled(xml || `<c r="${a1(c.row, c.col)}"/>`);
}

function bounds(cells: NewCell[]): Rect {
  if (cells.length === 0) return { r0: 0, c0: 0, r1: 0, c1: 0 };
  const b = { r0: Infinity, c0: Infinity, r1: 0, c1: 0 };
  for (const c of cells) {
    b.r0 = Math.min(b.r0, c.row);
    b.c0 = Math.min(b.c0, c.col);
    b.r1 = Math.max(b.r1, c.row);
    b.c1 = Math.max(b.c1, c.col);
  }
  return b;
}

function rowsXml(cells: NewCell[], strings: SharedStrings): string {
  const rows = new Map<number, NewCell[]>();
  for (const c of [...cells].sort((p, q) => p.row - q.row || p.col - q.col)) {
    const list = rows.get(c.row) ?? [];
    list.push(c);
    rows.set(c.row, list);
  }
  let out = "";
  for (const [r, list] of rows) {
    const spans = `${list[0].col + 1}:${list[list.length - 1].col + 1}`;
    out += `<row r="${r + 1}" spans="${spans}">${list.map((c) => cellXml(c, strings)).join("")}</row>`;
  }
  return out;
}

function colsXml(widths: Record<number, number> | undefined): string {
  const cols = Object.entries(widths ?? {}).map(([c, w]) => [Number(c), w] as const).sort((p, q) => p[0] - q[0]);
  if (cols.length === 0) return "";
  return `<cols>${cols.map(([c, w]) => `<col min="${c + 1}" max="${c + 1}" width="${w}" customWidth="1"/>`).join("")}</cols>`;
}

/** The worksheet XML; `drawingRel` is the relationship id of its drawing part when it has charts. */
export function sheetXml(sheet: NewSheet, selected: boolean, strings: SharedStrings, drawingRel: string | null): string {
  const cells = sheet.cells.filter((c) => c.value !== null || c.formula || c.style);
  const view = `<sheetViews><sheetView ${selected ? 'tabSelected="1" ' : ""}workbookViewId="0"><selection activeCell="A1" sqref="A1"/></sheetView></sheetViews>`;
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n' +
    `<worksheet ${NS}><dimension ref="${escapeAttr(boxText(bounds(cells)))}"/>${view}<sheetFormatPr defaultRowHeight="15"/>` +
    `${colsXml(sheet.widths)}<sheetData>${rowsXml(cells, strings)}</sheetData>` +
    '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>' +
    (drawingRel ? `<drawing r:id="${drawingRel}"/>` : "") +
    "</worksheet>"
  );
}
