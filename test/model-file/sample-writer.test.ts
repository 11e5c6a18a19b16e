/**
 * The workbook writer of src/model-file/create (the sample model's and the workbench's Save): a new
 * file laid out as Excel lays one out, read back by the same reader as `svc-excel refresh`.
 */
import { strFromU8, unzipSync } from "fflate";
import { cellKey, readModel } from "../../src/model-file";
import { createWorkbook } from "../../src/model-file/create";
import { NewWorkbook } from "../../src/model-file/create/types";
import { fileFormula } from "../../src/model-file/create/formula-text";

const WHEN = new Date("2026-01-02T00:00:00Z");

function book(): NewWorkbook {
  return {
    when: WHEN,
    active: 1,
    sheets: [
      { name: "Inputs", cells: [{ row: 0, col: 0, value: "AAPL" }, { row: 1, col: 0, value: 5 }, { row: 2, col: 0, value: " padded " }] },
      {
        name: "My model",
        widths: { 0: 12 },
        cells: [
          { row: 0, col: 0, value: "ticker", formula: "=SVC.PEERS(Inputs!A1)", spill: { r0: 0, c0: 0, r1: 2, c1: 0 } },
          { row: 1, col: 0, value: "MSFT", result: true },
          { row: 2, col: 0, value: "NVDA", result: true },
          { row: 0, col: 2, value: 428000, formula: '=SVC.FINANCIALS(INDEX(A1#,2,1),"revenue","FY")', style: "number" },
          { row: 1, col: 2, value: { error: "#N/A" }, formula: '=SVC.FINANCIALS("NOPE","revenue")' },
          { row: 2, col: 2, value: 0.25, formula: "=C1/Inputs!A2", style: "percent" },
        ],
        charts: [{ title: "Revenue", kind: "line", categories: "'My model'!$A$2:$A$3", series: [{ name: "Revenue", values: "'My model'!$C$1:$C$2" }], from: { row: 4, col: 0 }, to: { row: 14, col: 5 } }],
      },
    ],
    names: [{ name: "Ticker", formula: "Inputs!$A$1", sheet: null }, { name: "Years", formula: "Inputs!$A$2", sheet: "My model" }],
  };
}

describe("createWorkbook", () => {
  const bytes = createWorkbook(book());
  const parts = unzipSync(bytes);
  const text = (name: string) => strFromU8(parts[name]);

  test("the same description gives the same bytes; entries in Excel's order", () => {
    expect(Buffer.compare(Buffer.from(createWorkbook(book())), Buffer.from(bytes))).toBe(0);
    expect(Object.keys(parts).slice(0, 4)).toEqual(["[Content_Types].xml", "_rels/.rels", "xl/workbook.xml", "xl/_rels/workbook.xml.rels"]);
    expect(text("docProps/app.xml")).toContain("<Application>Microsoft Excel</Application>");
    expect(text("docProps/core.xml")).toContain("2026-01-02T00:00:00Z");
  });

  test("read back by the model reader: sheets, names, values, SVC sites, dynamic arrays", () => {
    const m = readModel(bytes);
    expect(m.sheets.map((s) => s.name)).toEqual(["Inputs", "My model"]);
    expect(m.names).toEqual([{ name: "Ticker", sheet: null, formula: "Inputs!$A$1" }, { name: "Years", sheet: "My model", formula: "Inputs!$A$2" }]);
    const s = m.sheets[1];
    const at = (r: number, c: number) => s.cells.get(cellKey(r, c));
    expect(at(0, 0)?.formula).toMatchObject({ text: "_xldudf_SVC_PEERS(Inputs!A1)", dynamic: true, ref: { r0: 0, c0: 0, r1: 2, c1: 0 } });
    expect([at(1, 0)?.value, at(0, 2)?.value, at(1, 2)?.value, at(2, 2)?.value]).toEqual(["MSFT", 428000, { error: "#N/A" }, 0.25]);
    expect(m.sheets[0].cells.get(cellKey(2, 0))?.value).toBe(" padded ");
    expect(m.sites.map((x) => x.address)).toEqual(["'My model'!A1", "'My model'!C1", "'My model'!C2"]);
    expect(text("xl/worksheets/sheet2.xml")).toContain('<c r="A1" t="str" cm="1"><f t="array" ref="A1:A3">_xldudf_SVC_PEERS(Inputs!A1)</f><v>ticker</v></c>');
    expect(text("xl/sharedStrings.xml")).toContain('<t xml:space="preserve"> padded </t>');
  });

  test("a chart: drawing and chart parts with their relationships and content types", () => {
    expect(text("xl/worksheets/_rels/sheet2.xml.rels")).toContain('Target="../drawings/drawing1.xml"');
    expect(text("xl/worksheets/sheet2.xml")).toContain('<drawing r:id="rId1"/>');
    expect(text("xl/charts/chart1.xml")).toContain("<c:f>'My model'!$C$1:$C$2</c:f>");
    expect(text("[Content_Types].xml")).toContain('PartName="/xl/charts/chart1.xml" ContentType="application/vnd.openxmlformats-officedocument.drawingml.chart+xml"');
  });
});

describe("fileFormula: a typed formula as the file stores it", () => {
  test.each([
    ['=SVC.FINANCIALS(A2,"revenue",5)', '_xldudf_SVC_FINANCIALS(A2,"revenue",5)'],
    ["=INDEX($A$2#,2,1)", "INDEX(_xlfn.ANCHORARRAY($A$2),2,1)"],
    ["=XLOOKUP(A1,B:B,C:C)", "_xlfn.XLOOKUP(A1,B:B,C:C)"],
    ["=SORT(FILTER(A1:A9,B1:B9>0))", "_xlfn._xlws.SORT(_xlfn._xlws.FILTER(A1:A9,B1:B9>0))"],
    ["=@A1:A3", "_xlfn.SINGLE(A1:A3)"],
    ['="SVC.FINANCIALS(" & A1', '"SVC.FINANCIALS("&A1'],
  ])("%s -> %s", (typed, stored) => expect(fileFormula(typed)).toBe(stored));
});
