/**
 * freeze: SVC formulas replaced by their stored values, a note on each frozen result, an "as of"
 * document property, the calculation chain dropped with its relationship and content type; every
 * other part byte-identical. A sheet without notes gets a comments part, a VML drawing and its
 * <legacyDrawing>; an existing one is extended (the analyst's note kept).
 */
import { strFromU8 } from "fflate";
import { freezeModel, readModel } from "../../src/model-file";
import { cellXmlByAddress } from "./cells";
import { buildFixture, fixtureText, partText, unzipAll } from "./fixtures";

const AS_OF = new Date(Date.UTC(2026, 2, 4, 6, 30, 0));
const text = (parts: Map<string, Uint8Array>, name: string) => strFromU8(parts.get(name) as Uint8Array);

describe("freeze", () => {
  const before = unzipAll(buildFixture("model"));
  const result = freezeModel(readModel(buildFixture("model")), AS_OF);
  const parts = unzipAll(result.bytes);

  test("SVC formulas become their values; text inline, spills constants; plain formulas stay", () => {
    const cells = cellXmlByAddress(text(parts, "xl/worksheets/sheet1.xml"));
    expect(cells.get("B1")).toBe('<c r="B1" s="2"><v>391035</v></c>');
    expect(cells.get("B3")).toBe('<c r="B3" t="inlineStr"><is><t>metric</t></is></c>');
    expect(cells.get("C3")).toBe('<c r="C3" t="inlineStr"><is><t>FY2023</t></is></c>');
    expect(cells.get("C4")).toBe('<c r="C4" s="2"><v>383285</v></c>');
    expect(cells.get("D12")).toBe('<c r="D12" t="inlineStr"><is><t>Microsoft</t></is></c>');
    expect(cells.get("B7")).toBe('<c r="B7" s="2"><f>B1/1000</f><v>391.03500000000003</v></c>');
    expect(cells.get("C13")).toBe('<c r="C13"><f t="shared" ref="C13:E13" si="1">LEN(C12)</f><v>5</v></c>');
    expect(text(parts, "xl/worksheets/sheet1.xml")).not.toMatch(/_xldudf_|cm="1"/);
    expect(result.asOf).toBe("2026-03-04T06:30:00Z");
  });

  test("calcChain goes with its relationship and content type; the as-of property is added", () => {
    expect(parts.has("xl/calcChain.xml")).toBe(false);
    expect(text(parts, "xl/_rels/workbook.xml.rels")).not.toContain("calcChain");
    expect(text(parts, "[Content_Types].xml")).not.toContain("calcChain");
    expect(text(parts, "docProps/custom.xml")).toContain('name="SVC values as of"><vt:filetime>2026-03-04T06:30:00Z</vt:filetime>');
    expect(text(parts, "_rels/.rels")).toContain('Target="docProps/custom.xml"');
    expect(text(parts, "[Content_Types].xml")).toContain('<Override PartName="/docProps/custom.xml" ContentType="application/vnd.openxmlformats-officedocument.custom-properties+xml"/>');
  });

  test("a note on each frozen result, added to the existing comments and drawing", () => {
    const comments = text(parts, "xl/comments1.xml");
    expect(comments).toContain("Latest fiscal year, USD millions");
    expect(comments).toContain("<author>SVC for Excel</author>");
    expect([...comments.matchAll(/<comment ref="([A-Z]+\d+)"/g)].map((m) => m[1])).toEqual(["A1", "B1", "B3", "C12", "D12", "E12", "B15", "H16"]);
    expect(comments).toContain('SVC value as of 2026-03-04T06:30:00Z (frozen). Formula was: =SVC.FINANCIALS(Ticker,&quot;revenue&quot;,&quot;FY&quot;)'.replace(/&quot;/g, '"'));
    const vml = text(parts, "xl/drawings/vmlDrawing1.vml");
    expect((vml.match(/<v:shape /g) ?? []).length).toBe(8);
    expect((vml.match(/id="_x0000_t202"/g) ?? []).length).toBe(1);
  });

  test("every other part is byte-identical", () => {
    const touched = ["xl/worksheets/sheet1.xml", "xl/comments1.xml", "xl/drawings/vmlDrawing1.vml", "[Content_Types].xml", "_rels/.rels", "xl/_rels/workbook.xml.rels", "xl/calcChain.xml"];
    for (const [name, data] of before) if (!touched.includes(name)) expect({ name, same: Buffer.from(parts.get(name) ?? []).equals(Buffer.from(data)) }).toEqual({ name, same: true });
  });

  test("a formula whose SVC call sits in a defined name, or inside a wrapper, is frozen too", () => {
    const wb = fixtureText("model", "xl/workbook.xml").replace("</definedNames>", '<definedName name="LatestRevenue">_xldudf_SVC_FINANCIALS("AAPL","revenue","FY")</definedName></definedNames>');
    const sheet = fixtureText("model", "xl/worksheets/sheet1.xml")
      .replace('<c r="B7" s="2"><f>B1/1000</f>', '<c r="B7" s="2"><f>LatestRevenue/1000</f>')
      .replace('<c r="B8" s="2"><f>SUM(C4:F4)</f>', '<c r="B8" s="2"><f>IFERROR(_xldudf_SVC_FINANCIALS("AAPL","revenue","FY")*0+SUM(C4:F4),0)</f>');
    const model = readModel(buildFixture("model", { "xl/workbook.xml": wb, "xl/worksheets/sheet1.xml": sheet }));
    const out = freezeModel(model, AS_OF);
    const cells = cellXmlByAddress(partText(out.bytes, "xl/worksheets/sheet1.xml"));
    expect(cells.get("B7")).toBe('<c r="B7" s="2"><v>391.035</v></c>'); // the stored double, written shortest
    expect(cells.get("B8")).toBe('<c r="B8" s="2"><v>1169320</v></c>');
    expect(out.cells.map((c) => c.cell)).toEqual(expect.arrayContaining(["B7", "B8"]));
  });

  test("a sheet without notes gets a comments part, a VML drawing and <legacyDrawing>; VBA untouched in an .xlsm copy", () => {
    const macro = buildFixture("macro");
    const out = unzipAll(freezeModel(readModel(macro), AS_OF, undefined, true).bytes);
    const sheet = text(out, "xl/worksheets/sheet1.xml");
    expect(cellXmlByAddress(sheet).get("B1")).toBe('<c r="B1" t="inlineStr"><is><t>Microsoft</t></is></c>');
    expect(sheet).toMatch(/<pageMargins [^>]*\/><legacyDrawing r:id="rId2"\/><\/worksheet>$/);
    expect(text(out, "xl/worksheets/_rels/sheet1.xml.rels")).toContain('Target="../comments1.xml"');
    expect(text(out, "xl/worksheets/_rels/sheet1.xml.rels")).toContain('Target="../drawings/vmlDrawing1.vml"');
    expect(text(out, "xl/comments1.xml")).toContain('<comment ref="B1" authorId="0" shapeId="0">');
    expect(text(out, "xl/drawings/vmlDrawing1.vml")).toContain("<x:Row>0</x:Row><x:Column>1</x:Column>");
    expect(text(out, "[Content_Types].xml")).toContain('<Default Extension="vml"');
    expect(Buffer.from(out.get("xl/vbaProject.bin") as Uint8Array).equals(Buffer.from(unzipAll(macro).get("xl/vbaProject.bin") as Uint8Array))).toBe(true);
  });

  test("an .xlsx copy of a macro-enabled workbook drops the VBA project, its relationship and the macro content type", () => {
    const out = unzipAll(freezeModel(readModel(buildFixture("macro")), AS_OF).bytes);
    expect(out.has("xl/vbaProject.bin")).toBe(false);
    expect(text(out, "xl/_rels/workbook.xml.rels")).not.toContain("vbaProject");
    expect(text(out, "[Content_Types].xml")).toContain('<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>');
    expect(text(out, "[Content_Types].xml")).not.toContain("macroEnabled");
  });
});
