/**
 * A new worksheet added to a package as Excel lays one out: the sheet part (text as inline strings,
 * never a formula), its content type, the workbook's relationship and <sheet> entry (appended last,
 * so sheet-scoped names keep their localSheetId), and docProps/app.xml's sheet count and titles.
 */
import { a1 } from "./a1";
import { encodeXstring } from "./ooxml-text";
import { Package } from "./package";
import { freshPart, relativeTarget } from "./part-names";
import { attr, escapeAttr, escapeText, findElement, findElements } from "./xml";

export type SheetCell = string | number | boolean | null;

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const WORKSHEET_REL = `${R}/worksheet`;
const WORKSHEET_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml";

function cellXml(row: number, col: number, v: SheetCell): string {
  const ref = a1(row, col);
  if (v === null || v === "") return "";
  if (typeof v === "number") return Number.isFinite(v) ? `<c r="${ref}"><v>${v}</v></c>` : "";
  if (typeof v === "boolean") return `<c r="${ref}" t="b"><v>${v ? 1 : 0}</v></c>`;
  return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escapeText(encodeXstring(v))}</t></is></c>`;
}

export function worksheetXml(rows: readonly (readonly SheetCell[])[], widths: readonly number[] = []): string {
  const cols = Math.max(1, ...rows.map((r) => r.length));
  const data = rows.map((r, i) => `<row r="${i + 1}">${r.map((v, j) => cellXml(i, j, v)).join("")}</row>`).join("");
  const colXml = widths.length ? `<cols>${widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join("")}</cols>` : "";
  const dim = `A1:${a1(Math.max(0, rows.length - 1), cols - 1)}`;
  return (
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<worksheet xmlns="${MAIN}" xmlns:r="${R}"><dimension ref="${dim}"/><sheetViews><sheetView workbookViewId="0"/></sheetViews>` +
    `<sheetFormatPr defaultRowHeight="15"/>${colXml}<sheetData>${data}</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>`
  );
}

/** The workbook part with one more <sheet> at the end of <sheets>. */
function withSheetEntry(xml: string, name: string, relId: string): string {
  const sheets = findElement(xml, "sheets");
  if (!sheets) throw new Error("the workbook lists no sheets");
  const list = findElements(xml, "sheet", sheets.innerStart, sheets.innerEnd);
  const ids = list.map((s) => Number(attr(xml.slice(s.tag.start, s.tag.end), "sheetId")) || 0);
  const prefix = sheets.tag.name.includes(":") ? sheets.tag.name.slice(0, sheets.tag.name.indexOf(":") + 1) : "";
  const rPrefix = /\s(\w+):id="/.exec(list.length ? xml.slice(list[0].tag.start, list[0].tag.end) : "")?.[1] ?? "r";
  const entry = `<${prefix}sheet name="${escapeAttr(name)}" sheetId="${Math.max(0, ...ids) + 1}" ${rPrefix}:id="${relId}"/>`;
  return xml.slice(0, sheets.innerEnd) + entry + xml.slice(sheets.innerEnd);
}

/** docProps/app.xml: one more worksheet in HeadingPairs and its name among the TitlesOfParts. */
function withAppTitle(xml: string, name: string): string {
  const pairs = /<vt:lpstr>Worksheets<\/vt:lpstr><\/vt:variant><vt:variant><vt:i4>(\d+)<\/vt:i4>/.exec(xml);
  if (!pairs) return xml;
  const count = Number(pairs[1]);
  const counted = xml.slice(0, pairs.index) + pairs[0].replace(/<vt:i4>\d+</, `<vt:i4>${count + 1}<`) + xml.slice(pairs.index + pairs[0].length);
  const titles = /<TitlesOfParts><vt:vector size="(\d+)" baseType="lpstr">/.exec(counted);
  if (!titles) return counted;
  let at = titles.index + titles[0].length;
  for (let i = 0; i < count; i++) {
    const end = counted.indexOf("</vt:lpstr>", at);
    if (end < 0) return counted;
    at = end + "</vt:lpstr>".length;
  }
  const head = counted.slice(0, titles.index) + titles[0].replace(/size="\d+"/, `size="${Number(titles[1]) + 1}"`);
  return head + counted.slice(titles.index + titles[0].length, at) + `<vt:lpstr>${escapeText(name)}</vt:lpstr>` + counted.slice(at);
}

/** Add a worksheet named `name` holding `rows` after the last sheet; returns its part. */
export function addWorksheet(pkg: Package, workbookPart: string, name: string, rows: readonly (readonly SheetCell[])[], widths: readonly number[] = []): string {
  const part = freshPart(pkg, "xl/worksheets/sheet", ".xml");
  pkg.setText(part, worksheetXml(rows, widths));
  pkg.addOverride(part, WORKSHEET_TYPE);
  const relId = pkg.addRel(workbookPart, WORKSHEET_REL, relativeTarget(workbookPart, part));
  pkg.setText(workbookPart, withSheetEntry(pkg.text(workbookPart), name, relId));
  const app = pkg.relOfType("", "extended-properties");
  if (app && pkg.has(app.part)) pkg.setText(app.part, withAppTitle(pkg.text(app.part), name));
  return part;
}
