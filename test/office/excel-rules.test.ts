/**
 * @jest-environment jsdom
 *
 * Freeze, Unfreeze and Insert against the fake host's Excel rules (src/fake-office/platform.ts and the
 * object model): a commented anchor refuses a second comment, a protected sheet refuses writes, every
 * request fails while a person edits a cell, getOnlyItemOrNullObject hides parts when two or more
 * match, a table's cells refuse a spill. Freeze keeps the formulas first, so every formula comes back.
 */
import { FROZEN_NAMESPACE, frozenXml } from "../../src/office/frozen-part";
import { freeze, listFrozen, unfreeze } from "../../src/office/frozen";
import { insertAtActiveCell } from "../../src/office/workbook";
import { calculationMode } from "../../src/office/calculate";
import { fakeExcel, FakeExcel } from "./fake-excel";

let x: FakeExcel;
beforeAll(() => {
  x = fakeExcel();
});

const run = <T>(batch: (ctx: Excel.RequestContext) => Promise<T>) => (window as unknown as { Excel: typeof Excel }).Excel.run(batch);
const FORMULAS = { "Sheet1!A1": '=SVC.PEERS("AAPL")', "Sheet1!C1": '=SVC.PEERS("KO")', "Sheet1!E1": '=SVC.FINANCIALS("AAPL","revenue")' };

async function model(): Promise<void> {
  x.fx.editing(null);
  for (const s of x.fx.sheetNames()) {
    for (const [a] of x.fx.shown(s)) x.fx.clearCell(a);
    x.fx.protect(s, false);
  }
  x.fx.host.book.comments.clear();
  x.fx.host.book.xmlParts = [];
  for (const [a, f] of Object.entries(FORMULAS)) await x.fx.setFormula(a, f);
  x.fx.select("Sheet1!A1");
}

const formulas = () => x.fx.formulasOf("Sheet1").map((f) => f.formula);

describe("Freeze survives Excel's errors; every formula comes back", () => {
  it("anchors that carry a person's comment: frozen, reported unstamped, the comment kept; Unfreeze restores all", async () => {
    await model();
    await run(async (ctx) => {
      ctx.workbook.comments.add("Sheet1!A1", "check with IR");
      ctx.workbook.comments.add("Sheet1!E1", "FY only");
      await ctx.sync();
    });
    const r = await freeze("sheet");
    expect(r.frozen.map((e) => e.address)).toEqual(["Sheet1!A1", "Sheet1!C1", "Sheet1!E1"]);
    expect(r.unstamped.map((u) => [u.address, u.reason])).toEqual([
      ["Sheet1!A1", expect.stringMatching(/already has a comment/)],
      ["Sheet1!E1", expect.stringMatching(/already has a comment/)],
    ]);
    expect(formulas()).toEqual([]);
    expect(x.fx.comments().map(([a, t]) => [a, t.slice(0, 17)])).toEqual([["Sheet1!A1", "check with IR"], ["Sheet1!E1", "FY only"], ["Sheet1!C1", "SVC values as of "]]);
    const back = await unfreeze();
    expect(back.refused).toEqual([]);
    expect(formulas()).toEqual(Object.values(FORMULAS));
    expect(x.fx.comments()).toEqual([["Sheet1!A1", "check with IR"], ["Sheet1!E1", "FY only"]]);
  });

  it("a failure after the values are written (the person starts editing a cell): the formulas were kept first", async () => {
    await model();
    let armed = true;
    const events = x.fx as unknown as { onEvent(l: (e: { type: string; address?: unknown }) => void): void };
    events.onEvent((e) => {
      if (armed && e.type === "edit" && e.address === "Sheet1!A1") {
        armed = false;
        x.fx.editing("Sheet1!H9"); // every request from now on fails
      }
    });
    const r = await freeze("sheet");
    expect(r.unstamped).toHaveLength(3);
    expect(r.unstamped[0].reason).toMatch(/finish editing the cell, then try again/);
    expect(formulas()).toEqual([]);
    await expect(unfreeze()).rejects.toThrow(/finish editing the cell, then try again/);
    x.fx.editing(null);
    const back = await unfreeze();
    expect(back.restored).toHaveLength(3);
    expect(formulas()).toEqual(Object.values(FORMULAS));
  });

  it("a protected sheet is refused up front with a clear message; nothing changes", async () => {
    await model();
    x.fx.protect("Sheet1");
    await expect(freeze("sheet")).rejects.toThrow(/"Sheet1" is a protected sheet.*Unprotect it.*nothing was changed/);
    expect(formulas()).toEqual(Object.values(FORMULAS));
    expect(x.fx.xmlParts()).toEqual([]);
  });

  it("in cell-edit mode Freeze says to finish editing the cell", async () => {
    await model();
    x.fx.editing("Sheet1!H9");
    await expect(freeze("sheet")).rejects.toThrow("Excel is busy while a cell is being edited: finish editing the cell, then try again.");
    x.fx.editing(null);
    expect(formulas()).toEqual(Object.values(FORMULAS));
  });
});

describe("several frozen-formula parts", () => {
  it("a third part does not hide the old entries: every part is read, Unfreeze restores them all", async () => {
    await model();
    await freeze("sheet");
    const [kept] = await listFrozen();
    await x.fx.setFormula("Sheet1!G1", '=SVC.PEERS("MSFT")');
    await run(async (ctx) => {
      ctx.workbook.customXmlParts.add(frozenXml([{ ...kept, address: "Sheet2!A1", range: "Sheet2!A1:A4" }]));
      await ctx.sync();
    });
    const parts = () => x.fx.xmlParts().filter((p) => p.namespace === FROZEN_NAMESPACE).length;
    expect(parts()).toBe(2);
    expect((await listFrozen()).map((e) => e.address)).toEqual(["Sheet1!A1", "Sheet1!C1", "Sheet1!E1", "Sheet2!A1"]);
    x.fx.select("Sheet1!G1");
    await freeze("selection");
    expect((await listFrozen()).map((e) => e.address).sort()).toEqual(["Sheet1!A1", "Sheet1!C1", "Sheet1!E1", "Sheet1!G1", "Sheet2!A1"]);
    const back = await unfreeze("Sheet1!A1:Z9");
    expect(back.restored.map((e) => e.address)).toEqual(["Sheet1!A1", "Sheet1!C1", "Sheet1!E1", "Sheet1!G1"]);
    expect(formulas()).toEqual([...Object.values(FORMULAS), '=SVC.PEERS("MSFT")']);
    expect((await listFrozen()).map((e) => e.address)).toEqual(["Sheet2!A1"]);
  });
});

describe("Insert and Excel tables", () => {
  it("refuses a cell inside a table (a result of several cells would be #SPILL!) and says why", async () => {
    await model();
    x.fx.addTable("Deals", "Sheet2!B2:D9");
    x.fx.select("Sheet2!C4");
    await expect(insertAtActiveCell('=SVC.PEERS("KO")')).rejects.toThrow(/Sheet2!C4 is inside the table Deals.*#SPILL!/);
    expect(x.fx.formulaAt("Sheet2!C4")).toBe("");
    x.fx.select("Sheet2!F4");
    await expect(insertAtActiveCell('=SVC.PEERS("KO")')).resolves.toBe("Sheet2!F4");
  });
});

describe("the calculation mode the pane reads", () => {
  it("is Excel's Application.calculationMode", async () => {
    expect(await calculationMode()).toBe("Automatic");
    x.fx.setCalculationMode("Manual");
    expect(await calculationMode()).toBe("Manual");
    x.fx.setCalculationMode("Automatic");
  });
});
