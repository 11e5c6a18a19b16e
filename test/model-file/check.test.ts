/** check's lint (no API): the calls each SVC cell would make, and its problems. */
import { lintModel, readModel } from "../../src/model-file";
import { buildFixture, fixtureText } from "./fixtures";

const SHEET1 = "xl/worksheets/sheet1.xml";

describe("check: lint", () => {
  test("a clean model: each cell's calls from the stored values, no problems", async () => {
    const lints = await lintModel(readModel(buildFixture("model")));
    expect(lints.map((l) => [l.site.address, l.calls.map((c) => [c.fn, c.args]), l.problems])).toEqual([
      ["Model!B1", [["FINANCIALS", ["AAPL", "revenue", "FY"]]], []],
      ["Model!B3", [["FINANCIALS", ["AAPL", "revenue,net_income", 4]]], []],
      ["Model!C12", [["COMPANY", ["AAPL", "name"]]], []],
      ["Model!D12", [["COMPANY", ["MSFT", "name"]]], []],
      ["Model!E12", [["COMPANY", ["NVDA", "name"]]], []],
      ["Model!B15", [["PEERS", ["AAPL"]]], []],
      ["Model!H16", [["COMPANY", ["MSFT", "name"]]], []],
    ]);
  });

  test("broken links, invalid, unresolvable and volatile arguments are problems", async () => {
    const rows =
      '<row r="21"><c r="B21"><f>_xldudf_SVC_COMPANY(Z99,"name")</f><v>1</v></c><c r="C21"><f>_xldudf_SVC_FINANCIALS("AAPL","revenue",TEXT(TODAY(),"yyyy"))</f><v>1</v></c>' +
      '<c r="D21"><f>_xldudf_SVC_COMPANY(OFFSET(A1,0,0),"name")</f><v>1</v></c><c r="E21"><f>IFERROR(_xldudf_SVC_COMPANY(Nope!A1,"name"),"")</f><v>1</v></c></row>';
    const xml = fixtureText("model", SHEET1).replace(/<row r="21"[\s\S]*?<\/row>/, rows);
    const lints = await lintModel(readModel(buildFixture("model", { [SHEET1]: xml })), { now: () => new Date(Date.UTC(2026, 0, 2)) });
    const by = new Map(lints.map((l) => [l.site.address, l]));
    expect(by.get("Model!B21")?.problems).toEqual([expect.stringMatching(/^invalid argument: .*Z99.*empty/)]);
    expect(by.get("Model!B21")?.calls).toEqual([]);
    expect(by.get("Model!C21")?.problems).toEqual([expect.stringMatching(/^volatile: TODAY/)]);
    expect(by.get("Model!C21")?.calls.map((c) => c.args)).toEqual([["AAPL", "revenue", "2026"]]);
    // the engine computes OFFSET from the stored values, so the call is priced; the volatile warning stays
    expect(by.get("Model!D21")?.problems).toEqual([expect.stringMatching(/^volatile: OFFSET/)]);
    expect(by.get("Model!E21")?.problems).toEqual([expect.stringMatching(/#REF!/)]);
    const broken = await lintModel(readModel(buildFixture("broken")));
    expect(broken.map((l) => l.problems[0])).toEqual(Array(4).fill(expect.stringMatching(/^broken link: .*svc-excel repair/)));
  });
});
