/**
 * A new .xlsx from a description of its sheets (the sample model script, the workbench's Save):
 * the parts Excel writes for such a book, in Excel's order, every entry dated 1980-01-01 as Excel
 * dates them, so the same description always gives the same bytes.
 */
import { encodeUtf8 } from "../parts/xml";
import { DEFAULT_LIMITS } from "../zip/read";
import { writeZip } from "../zip/write";
import { appXml, contentTypesXml, coreXml, Layout, METADATA_XML, packageRelsXml, rel, relsXml, workbookRelsXml, workbookXml } from "./book-parts";
import { chartXml, drawingXml } from "./chart-xml";
import { SharedStrings } from "./shared-strings";
import { sheetXml } from "./sheet-xml";
import { STYLES_XML } from "./styles";
import { NewWorkbook } from "./types";

function layoutOf(book: NewWorkbook, strings: SharedStrings): Layout {
  let drawing = 0;
  let chart = 0;
  const drawings = book.sheets.map((s) => (s.charts?.length ? { drawing: ++drawing, charts: s.charts.map(() => ++chart) } : null));
  return { sheets: book.sheets.length, drawings, sharedStrings: !strings.empty, dynamicArrays: book.sheets.some((s) => s.cells.some((c) => c.spill)) };
}

/** The bytes of the workbook. Throws FormulaSyntaxError for a formula that does not parse. */
export function createWorkbook(book: NewWorkbook): Uint8Array {
  if (book.sheets.length === 0) throw new Error("a workbook needs at least one sheet");
  const strings = new SharedStrings();
  const sheets = book.sheets.map((s, i) => sheetXml(s, i === (book.active ?? 0), strings, s.charts?.length ? "rId1" : null));
  const layout = layoutOf(book, strings);
  const parts: Array<[string, string]> = [
    ["[Content_Types].xml", contentTypesXml(layout)],
    ["_rels/.rels", packageRelsXml()],
    ["xl/workbook.xml", workbookXml(book, book.names ?? [])],
    ["xl/_rels/workbook.xml.rels", workbookRelsXml(layout)],
  ];
  sheets.forEach((xml, i) => parts.push([`xl/worksheets/sheet${i + 1}.xml`, xml]));
  layout.drawings.forEach((d, i) => {
    if (!d) return;
    parts.push([`xl/worksheets/_rels/sheet${i + 1}.xml.rels`, relsXml([rel("rId1", "drawing", `../drawings/drawing${d.drawing}.xml`)])]);
    parts.push([`xl/drawings/drawing${d.drawing}.xml`, drawingXml(book.sheets[i].charts ?? [])]);
    parts.push([`xl/drawings/_rels/drawing${d.drawing}.xml.rels`, relsXml(d.charts.map((c, k) => rel(`rId${k + 1}`, "chart", `../charts/chart${c}.xml`)))]);
    (book.sheets[i].charts ?? []).forEach((ch, k) => parts.push([`xl/charts/chart${d.charts[k]}.xml`, chartXml(ch)]));
  });
  parts.push(["xl/styles.xml", STYLES_XML]);
  if (layout.sharedStrings) parts.push(["xl/sharedStrings.xml", strings.xml()]);
  if (layout.dynamicArrays) parts.push(["xl/metadata.xml", METADATA_XML]);
  parts.push(["docProps/core.xml", coreXml(book.when, book.creator ?? "SVC for Excel")]);
  parts.push(["docProps/app.xml", appXml(book.sheets.map((s) => s.name))]);
  const empty = { bytes: new Uint8Array(0), entries: [], limits: DEFAULT_LIMITS };
  return writeZip(empty, new Map(parts.map(([name, xml]) => [name, encodeUtf8(xml)])));
}
