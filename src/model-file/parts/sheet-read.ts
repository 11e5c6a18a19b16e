/**
 * A worksheet part read in one pass: every <row> and <c> with its byte range, so edits can replace
 * single cells. Values are what the file stores (a formula's last result included); formulas are
 * the text as stored (file form: _xldudf_SVC_X, _xlfn.XLOOKUP), with shared-formula members kept
 * as the reference to their group.
 */
import { parseA1 } from "./a1";
import { fail } from "../errors";
import { decodeXstring } from "./ooxml-text";
import { richText } from "./shared-strings";
import { CellValue } from "../../formula";
import { attr, Element, elementAt, findElement, nextTag, textOf, unescapeXml } from "./xml";

export type FormulaKind = "normal" | "array" | "shared" | "dataTable";

export interface FormulaXml {
  start: number;
  end: number;
  tag: string;
  /** The whole element as written. */
  xml: string;
  /** The stored text (empty for a shared-formula member). */
  text: string;
  kind: FormulaKind;
  ref: string | null;
  si: number | null;
}

export interface CellXml {
  row: number;
  col: number;
  start: number;
  end: number;
  tag: string;
  type: string | null;
  cm: number | null;
  formula: FormulaXml | null;
  value: CellValue;
  /** Children other than <f>, <v> and <is> (an <extLst>), kept as written. */
  extra: string;
}

export interface RowXml {
  row: number;
  start: number;
  tagEnd: number;
  tag: string;
  /** Offset of </row> (= tagEnd for a self-closing row) and the end of the element. */
  closeStart: number;
  end: number;
  selfClosing: boolean;
  cells: CellXml[];
}

export interface SheetXml {
  xml: string;
  /** The element prefix of the sheet's main namespace ("" or e.g. "x:"). */
  prefix: string;
  sheetData: Element;
  rows: RowXml[];
  dimension: Element | null;
}

function readValue(type: string | null, raw: string | null, isText: string | null, strings: readonly string[]): CellValue {
  if (type === "inlineStr") return isText ?? "";
  if (raw === null) return type === "str" ? "" : null;
  switch (type) {
    case "s":
      return strings[Number(raw)] ?? null;
    case "str":
      return decodeXstring(raw);
    case "b":
      return raw.trim() === "1" || raw.trim() === "true";
    case "e":
      return { error: raw.trim() };
    case "d":
      return raw;
    default: {
      if (raw.trim() === "") return null;
      const n = Number(raw);
      return Number.isFinite(n) ? n : raw;
    }
  }
}

/** Excel's limit on a formula's length: a longer one cannot come from Excel. */
const FORMULA_LIMIT = 8_192;

function readFormula(xml: string, el: Element): FormulaXml {
  const tag = xml.slice(el.tag.start, el.tag.end);
  if (el.innerEnd - el.innerStart > FORMULA_LIMIT * 6) fail("malformed", `a formula of ${(el.innerEnd - el.innerStart).toLocaleString("en-US")} characters (Excel's limit is ${FORMULA_LIMIT.toLocaleString("en-US")})`);
  const kind = (attr(tag, "t") ?? "normal") as FormulaKind;
  const si = attr(tag, "si");
  const text = textOf(xml, el);
  if (text.length > FORMULA_LIMIT) fail("malformed", `a formula of ${text.length.toLocaleString("en-US")} characters (Excel's limit is ${FORMULA_LIMIT.toLocaleString("en-US")})`);
  return { start: el.tag.start, end: el.end, tag, xml: xml.slice(el.tag.start, el.end), text, kind, ref: attr(tag, "ref") ?? null, si: si === undefined ? null : Number(si) };
}

function readCellContent(xml: string, el: Element, cell: CellXml, strings: readonly string[]): void {
  let raw: string | null = null;
  let isText: string | null = null;
  for (let t = nextTag(xml, el.innerStart, el.innerEnd); t; ) {
    if (t.closing) {
      t = nextTag(xml, t.end, el.innerEnd);
      continue;
    }
    const child = elementAt(xml, t, el.innerEnd);
    if (t.local === "f") cell.formula = readFormula(xml, child);
    else if (t.local === "v") raw = unescapeXml(xml.slice(child.innerStart, child.innerEnd));
    else if (t.local === "is") isText = richText(xml, child.innerStart, child.innerEnd);
    else cell.extra += xml.slice(child.tag.start, child.end);
    t = nextTag(xml, child.end, el.innerEnd);
  }
  cell.value = readValue(cell.type, raw, isText, strings);
}

function readCell(xml: string, el: Element, row: number, prevCol: number, strings: readonly string[]): CellXml {
  const tag = xml.slice(el.tag.start, el.tag.end);
  const r = attr(tag, "r");
  const pos = r ? parseA1(r) : { row, col: prevCol + 1 };
  if (pos.row !== row) fail("malformed", `cell ${r} sits in row ${row + 1}`);
  const cm = attr(tag, "cm");
  const cell: CellXml = { row, col: pos.col, start: el.tag.start, end: el.end, tag, type: attr(tag, "t") ?? null, cm: cm === undefined ? null : Number(cm), formula: null, value: null, extra: "" };
  readCellContent(xml, el, cell, strings);
  return cell;
}

function readRow(xml: string, el: Element, prevRow: number, strings: readonly string[]): RowXml {
  const tag = xml.slice(el.tag.start, el.tag.end);
  const r = attr(tag, "r");
  const row = r ? Number(r) - 1 : prevRow + 1;
  const out: RowXml = { row, start: el.tag.start, tagEnd: el.tag.end, tag, closeStart: el.innerEnd, end: el.end, selfClosing: el.tag.selfClosing, cells: [] };
  let prevCol = -1;
  for (let t = nextTag(xml, el.innerStart, el.innerEnd); t; ) {
    if (t.closing || t.local !== "c") {
      t = nextTag(xml, t.end, el.innerEnd);
      continue;
    }
    const c = elementAt(xml, t, el.innerEnd);
    const cell = readCell(xml, c, row, prevCol, strings);
    prevCol = cell.col;
    out.cells.push(cell);
    t = nextTag(xml, c.end, el.innerEnd);
  }
  return out;
}

export function readSheetXml(xml: string, strings: readonly string[], part: string): SheetXml {
  const sheetData = findElement(xml, "sheetData");
  if (!sheetData) return fail("malformed", `${part} has no <sheetData>`);
  const name = sheetData.tag.name;
  const prefix = name.includes(":") ? name.slice(0, name.indexOf(":") + 1) : "";
  const rows: RowXml[] = [];
  let prevRow = -1;
  for (let t = nextTag(xml, sheetData.innerStart, sheetData.innerEnd); t; ) {
    if (t.closing || t.local !== "row") {
      t = nextTag(xml, t.end, sheetData.innerEnd);
      continue;
    }
    const el = elementAt(xml, t, sheetData.innerEnd);
    const row = readRow(xml, el, prevRow, strings);
    prevRow = row.row;
    rows.push(row);
    t = nextTag(xml, el.end, sheetData.innerEnd);
  }
  return { xml, prefix, sheetData, rows, dimension: findElement(xml, "dimension", 0, sheetData.tag.start) };
}
