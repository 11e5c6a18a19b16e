/**
 * Excel Tables added to a workbook written by createWorkbook, laid out as Excel lays them out (see
 * the realfiles' xl/tables/tableN.xml): the table part with its autoFilter, columns (a calculated
 * column's formula kept as Excel keeps it) and style, a relationship from the sheet, a
 * <tableParts> element at the end of the sheet, and the part's content type.
 */
import { strFromU8, strToU8 } from "fflate";
import { unzipAll, zipParts } from "./fixtures";

export interface TablePart {
  /** The sheet's file number: xl/worksheets/sheetN.xml. */
  sheet: number;
  name: string;
  /** "A1:C4": header row, data rows and (with totals) the totals row. */
  ref: string;
  columns: string[];
  totals?: boolean;
  /** Calculated columns: the formula Excel keeps for the column (file form). */
  calculated?: Record<string, string>;
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function tableXml(t: TablePart, id: number): string {
  const filterRef = t.totals ? t.ref.replace(/(\d+)$/, (n) => String(Number(n) - 1)) : t.ref;
  const columns = t.columns
    .map((c, i) => {
      const f = t.calculated?.[c];
      return f ? `<tableColumn id="${i + 1}" name="${esc(c)}"><calculatedColumnFormula>${esc(f)}</calculatedColumnFormula></tableColumn>` : `<tableColumn id="${i + 1}" name="${esc(c)}"/>`;
    })
    .join("");
  return (
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<table xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" id="${id}" name="${esc(t.name)}" displayName="${esc(t.name)}" ref="${t.ref}"` +
    `${t.totals ? ' totalsRowCount="1"' : ' totalsRowShown="0"'}><autoFilter ref="${filterRef}"/><tableColumns count="${t.columns.length}">${columns}</tableColumns>` +
    `<tableStyleInfo name="TableStyleMedium2" showFirstColumn="0" showLastColumn="0" showRowStripes="1" showColumnStripes="0"/></table>`
  );
}

export function withTables(bytes: Uint8Array, tables: TablePart[]): Uint8Array {
  const parts = unzipAll(bytes);
  let types = strFromU8(parts.get("[Content_Types].xml") as Uint8Array);
  const bySheet = new Map<number, string[]>();
  tables.forEach((t, i) => {
    const part = `xl/tables/table${i + 1}.xml`;
    parts.set(part, strToU8(tableXml(t, i + 1)));
    types = types.replace("</Types>", `<Override PartName="/${part}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.table+xml"/></Types>`);
    bySheet.set(t.sheet, [...(bySheet.get(t.sheet) ?? []), `../tables/table${i + 1}.xml`]);
  });
  for (const [sheet, targets] of bySheet) {
    const rels = targets.map((target, i) => `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/table" Target="${target}"/>`).join("");
    parts.set(`xl/worksheets/_rels/sheet${sheet}.xml.rels`, strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels}</Relationships>`));
    const name = `xl/worksheets/sheet${sheet}.xml`;
    const tableParts = `<tableParts count="${targets.length}">${targets.map((_, i) => `<tablePart r:id="rId${i + 1}"/>`).join("")}</tableParts>`;
    parts.set(name, strToU8(strFromU8(parts.get(name) as Uint8Array).replace("</worksheet>", `${tableParts}</worksheet>`)));
  }
  parts.set("[Content_Types].xml", strToU8(types));
  return zipParts(parts);
}
