/**
 * The Excel Tables of a workbook: each worksheet's table parts (`xl/tables/tableN.xml`, reached
 * through the sheet's relationships) read for what formulas need: the name formulas use
 * (displayName), the range, the columns in order, and whether the header and totals rows exist.
 */
import { parseBox } from "./a1";
import { decodeXstring } from "./ooxml-text";
import { Package } from "./package";
import { attr, findElement, findElements } from "./xml";
import type { ExcelTable } from "../../formula";

function readTable(xml: string, sheet: string): ExcelTable | null {
  const root = findElement(xml, "table");
  const head = root ? xml.slice(root.tag.start, root.tag.end) : "";
  const ref = attr(head, "ref");
  if (!root || !ref) return null;
  const name = attr(head, "displayName") ?? attr(head, "name");
  if (!name) return null;
  const box = parseBox(ref);
  const count = (a: string, dflt: number) => Number(attr(head, a) ?? dflt) > 0 ? 1 : 0;
  const list = findElement(xml, "tableColumns", root.innerStart, root.innerEnd);
  const columns = list ? findElements(xml, "tableColumn", list.innerStart, list.innerEnd).map((c) => decodeXstring(attr(xml.slice(c.tag.start, c.tag.end), "name") ?? "")) : [];
  return { name, sheet, ...box, columns, headerRows: count("headerRowCount", 1), totalsRows: count("totalsRowCount", 0) };
}

/** The tables of the given worksheets (sheet name and part), in sheet order. */
export function readTables(pkg: Package, sheets: readonly { name: string; part: string }[]): ExcelTable[] {
  const out: ExcelTable[] = [];
  for (const s of sheets)
    for (const rel of pkg.rels(s.part)) {
      if (rel.external || !rel.type.endsWith("/table") || !pkg.has(rel.part)) continue;
      const t = readTable(pkg.text(rel.part), s.name);
      if (t) out.push(t);
    }
  return out;
}
