/**
 * The workbook-level parts of a new package, laid out as Excel writes them: content types, the
 * package and workbook relationships, the workbook (sheets, defined names, calcPr without
 * fullCalcOnLoad), the dynamic-array metadata, and the document properties (Application "Microsoft
 * Excel": LibreOffice trusts the stored values of a file only when it says so).
 */
import { escapeAttr, escapeText } from "../parts/xml";
import { NewName, NewWorkbook } from "./types";

export const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n';
const OD = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const SML = "application/vnd.openxmlformats-officedocument.spreadsheetml";

/** One relationship line of a .rels part. */
export const rel = (id: string, type: string, target: string) => `<Relationship Id="${id}" Type="${type.startsWith("http") ? type : `${OD}/${type}`}" Target="${escapeAttr(target)}"/>`;
export const relsXml = (rels: string[]) => `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join("")}</Relationships>`;

export interface Layout {
  sheets: number;
  /** Per sheet: its chart parts' numbers (global, 1-based) and its drawing's number, or null. */
  drawings: Array<{ drawing: number; charts: number[] } | null>;
  sharedStrings: boolean;
  dynamicArrays: boolean;
}

export function contentTypesXml(l: Layout): string {
  const o = (part: string, type: string) => `<Override PartName="/${part}" ContentType="${type}"/>`;
  const parts = [o("xl/workbook.xml", `${SML}.sheet.main+xml`)];
  for (let i = 1; i <= l.sheets; i++) parts.push(o(`xl/worksheets/sheet${i}.xml`, `${SML}.worksheet+xml`));
  parts.push(o("xl/styles.xml", `${SML}.styles+xml`));
  if (l.sharedStrings) parts.push(o("xl/sharedStrings.xml", `${SML}.sharedStrings+xml`));
  for (const d of l.drawings) {
    if (!d) continue;
    parts.push(o(`xl/drawings/drawing${d.drawing}.xml`, "application/vnd.openxmlformats-officedocument.drawing+xml"));
    for (const c of d.charts) parts.push(o(`xl/charts/chart${c}.xml`, "application/vnd.openxmlformats-officedocument.drawingml.chart+xml"));
  }
  if (l.dynamicArrays) parts.push(o("xl/metadata.xml", `${SML}.sheetMetadata+xml`));
  parts.push(o("docProps/core.xml", "application/vnd.openxmlformats-package.core-properties+xml"));
  parts.push(o("docProps/app.xml", "application/vnd.openxmlformats-officedocument.extended-properties+xml"));
  return (
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
    `${parts.join("")}</Types>`
  );
}

export const packageRelsXml = () =>
  relsXml([
    rel("rId3", "extended-properties", "docProps/app.xml"),
    rel("rId2", "http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties", "docProps/core.xml"),
    rel("rId1", "officeDocument", "xl/workbook.xml"),
  ]);

export function workbookRelsXml(l: Layout): string {
  const rels: string[] = [];
  for (let i = 1; i <= l.sheets; i++) rels.push(rel(`rId${i}`, "worksheet", `worksheets/sheet${i}.xml`));
  let n = l.sheets;
  rels.push(rel(`rId${++n}`, "styles", "styles.xml"));
  if (l.sharedStrings) rels.push(rel(`rId${++n}`, "sharedStrings", "sharedStrings.xml"));
  if (l.dynamicArrays) rels.push(rel(`rId${++n}`, "sheetMetadata", "metadata.xml"));
  return relsXml(rels);
}

function namesXml(names: NewName[], sheetNames: string[]): string {
  if (names.length === 0) return "";
  // Excel sorts defined names by name, case-insensitively
  const sorted = [...names].sort((a, b) => a.name.toUpperCase().localeCompare(b.name.toUpperCase()));
  const items = sorted.map((n) => {
    const local = n.sheet === null ? "" : ` localSheetId="${sheetNames.findIndex((s) => s.toUpperCase() === n.sheet?.toUpperCase())}"`;
    return `<definedName name="${escapeAttr(n.name)}"${n.hidden ? ' hidden="1"' : ""}${local}>${escapeText(n.formula)}</definedName>`;
  });
  return `<definedNames>${items.join("")}</definedNames>`;
}

export function workbookXml(book: NewWorkbook, names: NewName[]): string {
  const sheetNames = book.sheets.map((s) => s.name);
  const sheets = sheetNames.map((name, i) => `<sheet name="${escapeAttr(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join("");
  const active = book.active ? ` activeTab="${book.active}"` : "";
  return (
    `${XML_HEAD}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${OD}">` +
    '<fileVersion appName="xl" lastEdited="7" lowestEdited="7" rupBuild="27328"/><workbookPr defaultThemeVersion="202300"/>' +
    `<bookViews><workbookView xWindow="-120" yWindow="-120" windowWidth="29040" windowHeight="15720"${active}/></bookViews>` +
    `<sheets>${sheets}</sheets>${namesXml(names, sheetNames)}<calcPr calcId="191029"/></workbook>`
  );
}

/** Excel's dynamic-array metadata: cm="1" is the one XLDAPR record, fDynamic="1". */
export const METADATA_XML =
  `${XML_HEAD}<metadata xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:xda="http://schemas.microsoft.com/office/spreadsheetml/2017/dynamicarray">` +
  '<metadataTypes count="1"><metadataType name="XLDAPR" minSupportedVersion="120000" copy="1" pasteAll="1" pasteValues="1" merge="1" splitFirst="1" rowColShift="1" clearFormats="1" clearComments="1" assign="1" coerce="1" cellMeta="1"/></metadataTypes>' +
  '<futureMetadata name="XLDAPR" count="1"><bk><extLst><ext uri="{bdbb8cdc-fa1e-496e-a857-3c3f30c029c3}"><xda:dynamicArrayProperties fDynamic="1" fCollapsed="0"/></ext></extLst></bk></futureMetadata>' +
  '<cellMetadata count="1"><bk><rc t="1" v="0"/></bk></cellMetadata></metadata>';

export function appXml(sheetNames: string[]): string {
  const titles = sheetNames.map((n) => `<vt:lpstr>${escapeText(n)}</vt:lpstr>`).join("");
  return (
    `${XML_HEAD}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">` +
    "<Application>Microsoft Excel</Application><DocSecurity>0</DocSecurity><ScaleCrop>false</ScaleCrop>" +
    `<HeadingPairs><vt:vector size="2" baseType="variant"><vt:variant><vt:lpstr>Worksheets</vt:lpstr></vt:variant><vt:variant><vt:i4>${sheetNames.length}</vt:i4></vt:variant></vt:vector></HeadingPairs>` +
    `<TitlesOfParts><vt:vector size="${sheetNames.length}" baseType="lpstr">${titles}</vt:vector></TitlesOfParts>` +
    "<LinksUpToDate>false</LinksUpToDate><SharedDoc>false</SharedDoc><HyperlinksChanged>false</HyperlinksChanged><AppVersion>16.0300</AppVersion></Properties>"
  );
}

export function coreXml(when: Date, creator: string): string {
  const t = when.toISOString().replace(/\.\d{3}Z$/, "Z");
  return (
    `${XML_HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
    `<dc:creator>${escapeText(creator)}</dc:creator><cp:lastModifiedBy>${escapeText(creator)}</cp:lastModifiedBy>` +
    `<dcterms:created xsi:type="dcterms:W3CDTF">${t}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${t}</dcterms:modified></cp:coreProperties>`
  );
}
