/**
 * refresh on fixtures laid out as Excel writes them: exactly the SVC cells and their dependents
 * change, every other part comes out byte-identical after decompression, spills grow and shrink,
 * chains run upstream first, API text stays text, what the engine cannot compute is listed stale.
 */
import { strFromU8 } from "fflate";
import { readModel, refreshModel } from "../../src/model-file";
import { changedCells, cellXmlByAddress } from "./cells";
import { FakeCaller } from "./fake-caller";
import { buildFixture, fixtureText, unzipAll } from "./fixtures";

const SHEET1 = "xl/worksheets/sheet1.xml";

async function refresh(bytes: Uint8Array, caller = new FakeCaller()) {
  const out = await refreshModel(readModel(bytes), { call: caller.call, now: () => new Date(Date.UTC(2026, 0, 15)) });
  return { ...out, caller, parts: unzipAll(out.bytes), before: unzipAll(bytes) };
}

const sheetWith = (rows: string) => fixtureText("model", SHEET1).replace(/<row r="21"[\s\S]*?<\/row>/, rows);

describe("refresh a model file", () => {
  test("only the SVC cells and their dependents change; every other part is byte-identical", async () => {
    const r = await refresh(buildFixture("model"));
    for (const [name, data] of r.before) {
      if (name === SHEET1) continue;
      expect({ name, same: Buffer.from(r.parts.get(name) ?? []).equals(Buffer.from(data)) }).toEqual({ name, same: true });
    }
    expect([...r.parts.keys()].sort()).toEqual([...r.before.keys()].sort());
    const changed = changedCells(strFromU8(r.before.get(SHEET1) as Uint8Array), strFromU8(r.parts.get(SHEET1) as Uint8Array));
    expect(changed).toEqual(
      // B1's value; the B3 spill grows B3:E5 -> B3:F5 (labels that did not change stay as they were); the
      // shared COMPANY row and its LEN dependents; the peers spill B15:F17 -> B15:C19 (D:F cleared, two rows added)
      ["B1", "B3", "F3", "C4", "D4", "E4", "F4", "C5", "D5", "E5", "F5", "B7", "B8", "C12", "D12", "E12", "C13", "D13", "E13", "B15", "D15", "E15", "F15", "C16", "D16", "E16", "F16", "H16", "B17", "C17", "D17", "E17", "F17", "B18", "C18", "B19", "C19"]
    );
    expect(r.report.recomputed.map((c) => c.cell)).toEqual(["B7", "B8", "C13", "D13", "E13"]);
    expect(r.report.stale).toEqual([]);
    expect(r.report.cells.every((c) => c.error === null)).toBe(true);
  });

  test("values as Excel writes them: numbers plain, text inline t=\"str\" (shared strings untouched), spill ref follows", async () => {
    const r = await refresh(buildFixture("model"));
    const cells = cellXmlByAddress(strFromU8(r.parts.get(SHEET1) as Uint8Array));
    expect(cells.get("B1")).toBe('<c r="B1" s="2"><f>_xldudf_SVC_FINANCIALS(Ticker,"revenue","FY")</f><v>428000</v></c>');
    expect(cells.get("B3")).toBe('<c r="B3" t="str" cm="1"><f t="array" ref="B3:F5">_xldudf_SVC_FINANCIALS(Ticker,"revenue,net_income",Years)</f><v>metric</v></c>');
    expect(cells.get("F3")).toBe('<c r="F3" t="str"><v>FY2026</v></c>');
    expect(cells.get("C12")).toBe('<c r="C12" t="str"><f t="shared" ref="C12:E12" si="0">_xldudf_SVC_COMPANY(C11,"name")</f><v>Apple Inc.</v></c>');
    expect(cells.get("D12")).toBe('<c r="D12" t="str"><f t="shared" si="0"/><v>Microsoft Corporation</v></c>');
    expect(cells.get("B7")).toBe('<c r="B7" s="2"><f>B1/1000</f><v>428</v></c>');
    expect(cells.get("B8")).toBe('<c r="B8" s="2"><f>SUM(C4:F4)</f><v>1618000</v></c>');
    // the peers spill shrank to two columns: D15:F17 cleared (unstyled cells go), two rows added
    expect(cells.get("B15")).toContain('<f t="array" ref="B15:C19">');
    expect(cells.has("D16")).toBe(false);
    expect(cells.get("B19")).toBe('<c r="B19" t="str"><v>ACMR</v></c>');
  });

  test("a chain waits for its upstream: a formula reading the peers spill is computed from its new rows", async () => {
    const caller = new FakeCaller();
    const xml = sheetWith('<row r="21"><c r="H21" t="str"><f>_xldudf_SVC_COMPANY(B18,"name")</f><v>old</v></c></row>');
    const r = await refresh(buildFixture("model", { [SHEET1]: xml }), caller);
    expect(caller.batches.length).toBe(2);
    expect(caller.batches[1].map((c) => [c.fn, c.args])).toEqual([["COMPANY", ["KO", "name"]]]);
    expect(cellXmlByAddress(strFromU8(r.parts.get(SHEET1) as Uint8Array)).get("H21")).toBe('<c r="H21" t="str"><f>_xldudf_SVC_COMPANY(B18,"name")</f><v>The Coca-Cola Company</v></c>');
  });

  test("a spill that would overwrite a value is #SPILL! and keeps its anchor only", async () => {
    const xml = fixtureText("model", SHEET1).replace('<c r="H15" t="s"><v>13</v></c>', '<c r="H15" t="s"><v>13</v></c>').replace('<row r="17" spans="2:6" x14ac:dyDescent="0.25">', '<row r="17" spans="2:6" x14ac:dyDescent="0.25"><c r="A17"><v>1</v></c>').replace('<row r="21"', '<row r="19"><c r="C19"><v>99</v></c></row><row r="21"');
    const r = await refresh(buildFixture("model", { [SHEET1]: xml }));
    const cells = cellXmlByAddress(strFromU8(r.parts.get(SHEET1) as Uint8Array));
    expect(cells.get("B15")).toBe('<c r="B15" t="e" cm="1"><f t="array" ref="B15">_xldudf_SVC_PEERS(Ticker)</f><v>#SPILL!</v></c>');
    expect(cells.get("C19")).toBe('<c r="C19"><v>99</v></c>');
    expect(cells.has("B16")).toBe(false);
    expect(r.report.cells.find((c) => c.cell === "B15")?.error).toEqual({ code: "#SPILL!", message: "the spill range B15:C19 isn't blank: C19 holds a value" });
  });

  test("errors are stored as Excel errors with the message in the report; API text is never a formula", async () => {
    const caller = new FakeCaller();
    caller.override = (c) => (c.fn === "COMPANY" && c.args[0] === "MSFT" ? { value: [["=HYPERLINK(\"http://x\")"]] } : c.fn === "COMPANY" && c.args[0] === "NVDA" ? { error: { code: "#N/A", message: "Unknown ticker: NVDA" } } : null);
    const r = await refresh(buildFixture("model"), caller);
    const cells = cellXmlByAddress(strFromU8(r.parts.get(SHEET1) as Uint8Array));
    expect(cells.get("D12")).toBe('<c r="D12" t="str"><f t="shared" si="0"/><v>=HYPERLINK("http://x")</v></c>');
    expect(cells.get("E12")).toBe('<c r="E12" t="e"><f t="shared" si="0"/><v>#N/A</v></c>');
    expect(r.report.cells.find((c) => c.cell === "E12")?.error).toEqual({ code: "#N/A", message: "Unknown ticker: NVDA" });
    // LEN of an error is the error: the dependent follows
    expect(cells.get("E13")).toBe('<c r="E13" t="e"><f t="shared" si="1"/><v>#N/A</v></c>');
  });

  test("an argument that cannot be right is #VALUE! naming it, and costs no call", async () => {
    const caller = new FakeCaller();
    const xml = sheetWith('<row r="21"><c r="B21"><f>_xldudf_SVC_COMPANY(Z99,"name")</f><v>1</v></c></row>');
    const r = await refresh(buildFixture("model", { [SHEET1]: xml }), caller);
    expect(r.report.cells.find((c) => c.cell === "B21")?.error).toEqual({ code: "#VALUE!", message: expect.stringMatching(/Z99.*empty/) });
    expect(caller.calls.some((c) => c.address.endsWith("B21"))).toBe(false);
  });

  test("dependents across sheets and transitively are recomputed; what the engine cannot compute is stale", async () => {
    // C2 stores what Excel computed from the stored B7 (391.035 * 2): it verifies, so it is recomputed
    const fixed = fixtureText("model", "xl/worksheets/sheet2.xml").replace('<v>11</v></c></row>', '<v>11</v></c><c r="C2"><f>Model!B7*2</f><v>782.07000000000005</v></c></row>');
    const model = sheetWith('<row r="21"><c r="B21"><f>WEBSERVICE(B4)</f><v>7</v></c><c r="C21"><f>B21+1</f><v>8</v></c></row>');
    const r = await refresh(buildFixture("model", { [SHEET1]: model, "xl/worksheets/sheet2.xml": fixed }));
    const c2 = cellXmlByAddress(strFromU8(r.parts.get("xl/worksheets/sheet2.xml") as Uint8Array)).get("C2");
    expect(c2).toBe('<c r="C2"><f>Model!B7*2</f><v>856</v></c>');
    expect(r.report.stale.map((s) => [s.cell, s.reason])).toEqual([
      ["B21", "uses WEBSERVICE, which only Excel computes"],
      ["C21", "reads Model!B21, which could not be recomputed"],
    ]);
    expect(cellXmlByAddress(strFromU8(r.parts.get(SHEET1) as Uint8Array)).get("B21")).toBe('<c r="B21"><f>WEBSERVICE(B4)</f><v>7</v></c>');
  });

  test("a second refresh with the same answers writes nothing; fullCalcOnLoad is never set", async () => {
    const first = await refresh(buildFixture("model"));
    const second = await refreshModel(readModel(first.bytes), { call: new FakeCaller().call });
    expect(second.written).toBe(0);
    expect(strFromU8(unzipAll(second.bytes).get("xl/workbook.xml") as Uint8Array)).not.toContain("fullCalcOnLoad");
  });
});
