/**
 * repair: `[1]!_xldudf_SVC_X(` and `'[1]'!SVC.X(` back to the add-in's calls (cells, shared formula,
 * defined name), the dead link's part, relationships, content type and <externalReference> removed,
 * the genuine link after it renumbered ([2] -> [1]); strings and everything else untouched.
 */
import { strFromU8 } from "fflate";
import { readModel, repairModel } from "../../src/model-file";
import { cellXmlByAddress } from "./cells";
import { buildFixture, unzipAll } from "./fixtures";

const text = (parts: Map<string, Uint8Array>, name: string) => strFromU8(parts.get(name) as Uint8Array);

describe("repair", () => {
  const before = unzipAll(buildFixture("broken"));
  const result = repairModel(readModel(buildFixture("broken")));
  const parts = unzipAll(result.bytes);

  test("broken calls become the add-in's calls in file form; strings stay as written", () => {
    const cells = cellXmlByAddress(text(parts, "xl/worksheets/sheet1.xml"));
    expect(cells.get("B1")).toBe('<c r="B1" s="1" t="e"><f>_xldudf_SVC_FINANCIALS("AAPL","revenue","FY")</f><v>#NAME?</v></c>');
    expect(cells.get("B2")).toBe('<c r="B2" t="e"><f>_xldudf_SVC_COMPANY("MSFT","name")</f><v>#NAME?</v></c>');
    expect(cells.get("B4")).toBe('<c r="B4" t="e"><f t="shared" ref="B4:C4" si="0">_xldudf_SVC_COMPANY(B$6,"cik")</f><v>#NAME?</v></c>');
    expect(cells.get("C4")).toBe('<c r="C4" t="e"><f t="shared" si="0"/><v>#NAME?</v></c>');
    expect(cells.get("B5")).toBe('<c r="B5"><f>LEN("[1]!_xldudf_SVC_X(")</f><v>18</v></c>');
    expect(result.cells.map((c) => c.cell)).toEqual(["B1", "B2", "B4"]);
  });

  test("the dead link goes entirely; the genuine link is renumbered in cells and names", () => {
    expect([...parts.keys()].filter((n) => n.includes("externalLink")).sort()).toEqual(["xl/externalLinks/_rels/externalLink2.xml.rels", "xl/externalLinks/externalLink2.xml"]);
    expect(text(parts, "xl/_rels/workbook.xml.rels")).not.toContain("externalLink1.xml");
    expect(text(parts, "[Content_Types].xml")).not.toContain("externalLink1.xml");
    const wb = text(parts, "xl/workbook.xml");
    expect(wb).toContain('<externalReferences><externalReference r:id="rId5"/></externalReferences>');
    expect(wb).toContain('<definedName name="LatestRevenue">_xldudf_SVC_FINANCIALS("AAPL","revenue","FY")</definedName><definedName name="PriceCell">[1]Prices!$B$2</definedName>');
    expect(cellXmlByAddress(text(parts, "xl/worksheets/sheet1.xml")).get("B3")).toBe('<c r="B3"><f>[1]Prices!$B$2*2</f><v>451.2</v></c>');
    expect(result.removedLinks).toEqual(["xl/externalLinks/externalLink1.xml"]);
  });

  test("nothing else changes", () => {
    const touched = ["xl/worksheets/sheet1.xml", "xl/workbook.xml", "xl/_rels/workbook.xml.rels", "[Content_Types].xml", "xl/externalLinks/externalLink1.xml", "xl/externalLinks/_rels/externalLink1.xml.rels"];
    for (const [name, data] of before) if (!touched.includes(name)) expect({ name, same: Buffer.from(parts.get(name) ?? []).equals(Buffer.from(data)) }).toEqual({ name, same: true });
  });

  test("a repaired file refreshes: its SVC cells are no longer broken", () => {
    const m = readModel(result.bytes);
    expect(m.sites.map((s) => [s.address, s.broken])).toEqual([["Model!B1", false], ["Model!B2", false], ["Model!B4", false], ["Model!C4", false]]);
  });
});
