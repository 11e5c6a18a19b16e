/** Writing results as Excel would, beyond the fixture's cases: legacy array formulas, implicit intersection, a macro workbook. */
import { strFromU8 } from "fflate";
import { readModel, refreshModel } from "../../src/model-file";
import { cellXmlByAddress } from "./cells";
import { FakeCaller } from "./fake-caller";
import { buildFixture, fixtureText, unzipAll } from "./fixtures";

const SHEET1 = "xl/worksheets/sheet1.xml";
const sheetOf = (bytes: Uint8Array) => cellXmlByAddress(strFromU8(unzipAll(bytes).get(SHEET1) as Uint8Array));

describe("results", () => {
  test("a legacy (Ctrl+Shift+Enter) array keeps its range: a smaller answer leaves #N/A", async () => {
    const formula = '_xldudf_SVC_FINANCIALS(Ticker,"revenue","FY",1)';
    const xml = fixtureText("model", SHEET1).replace(/<row r="21"[\s\S]*?<\/row>/, `<row r="21"><c r="B21"><f t="array" ref="B21:D21">${formula}</f><v>1</v></c><c r="C21"><v>2</v></c><c r="D21"><v>3</v></c></row>`);
    const caller = new FakeCaller();
    caller.override = (c) => (c.fn === "FINANCIALS" && c.args.length === 4 ? { value: [[7, 8]] } : null);
    const out = sheetOf((await refreshModel(readModel(buildFixture("model", { [SHEET1]: xml })), { call: caller.call })).bytes);
    expect([out.get("B21"), out.get("C21"), out.get("D21")]).toEqual([`<c r="B21"><f t="array" ref="B21:D21">${formula}</f><v>7</v></c>`, '<c r="C21"><v>8</v></c>', '<c r="D21" t="e"><v>#N/A</v></c>']);
  });

  test("a formula stored without dynamic-array metadata keeps the first value (Excel's =@...) and the report says so", async () => {
    const caller = new FakeCaller();
    caller.override = (c) => (c.fn === "FINANCIALS" && c.args[2] === "FY" ? { value: [["metric", "FY2026"], ["Revenue", 428000]] } : null);
    const out = await refreshModel(readModel(buildFixture("model")), { call: caller.call });
    expect(sheetOf(out.bytes).get("B1")).toBe('<c r="B1" s="2" t="str"><f>_xldudf_SVC_FINANCIALS(Ticker,"revenue","FY")</f><v>metric</v></c>');
    expect(out.report.cells[0].note).toMatch(/answer is 2×2 .* keeps the first value/);
  });

  test("an .xlsm: the function name's case is kept, VBA and content types untouched", async () => {
    const bytes = buildFixture("macro");
    const out = await refreshModel(readModel(bytes), { call: new FakeCaller().call });
    const cells = sheetOf(out.bytes);
    expect(cells.get("B1")).toBe('<c r="B1" t="str"><f>_xldudf_svc_company(A1,"name")</f><v>Microsoft Corporation</v></c>');
    expect(cells.get("B2")).toBe('<c r="B2"><f>LEN(B1)</f><v>21</v></c>');
    const before = unzipAll(bytes);
    const after = unzipAll(out.bytes);
    for (const name of ["xl/vbaProject.bin", "[Content_Types].xml", "xl/workbook.xml"]) expect(Buffer.from(after.get(name) as Uint8Array).equals(Buffer.from(before.get(name) as Uint8Array))).toBe(true);
  });
});
