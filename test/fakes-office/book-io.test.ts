/**
 * The workbook in and out of a file in the fake host: a file's formulas load with their stored
 * values and run nothing until a recalculation asks; a renamed sheet's references follow in every
 * formula and name without a recalculation; a snapshot holds formulas, values and spills.
 */
import { createBookIo } from "../../src/fake-office/book-io";
import { renameSheetIn } from "../../src/fake-office/sheet-rename";
import { show, testBook } from "./helpers";

describe("book in and out", () => {
  it("loads formulas with their stored results and calls nothing; a recalculation then runs them", async () => {
    const { host, fx, calls } = testBook(["Inputs", "Model"]);
    const io = createBookIo(host);
    io.load([
      { sheet: "Inputs", r: 0, c: 0, value: "AAPL" },
      { sheet: "Model", r: 0, c: 0, formula: "=SVC.PEERS(Inputs!A1)", stored: [["ticker"], ["MSFT"], ["NVDA"]] },
      { sheet: "Model", r: 0, c: 2, formula: '=SVC.FINANCIALS(INDEX(A1#,2,1),"revenue",1)', stored: [["metric", "FY2020"], ["revenue", 123]] },
      { sheet: "Model", r: 5, c: 0, formula: "=D2*2", stored: 246 },
    ]);
    await fx.settled();
    expect(calls).toEqual([]);
    expect([show(fx, "Model!A3"), show(fx, "Model!D2"), show(fx, "Model!A6")]).toEqual(["NVDA", 123, 246]);
    await fx.calculate("Full");
    expect(calls.map((c) => c[0]).sort()).toEqual(["FINANCIALS", "PEERS"]);
    expect(show(fx, "Model!A2")).toBe("MSFT");
  });

  it("renames a sheet: formulas and names follow, values stay, nothing recalculates", async () => {
    const { host, fx, calls } = testBook(["Sheet1", "Sheet2"]);
    const io = createBookIo(host);
    await fx.setFormula("Sheet1!A1", "KO");
    await fx.setFormula("Sheet2!B2", "=SVC.PEERS(Sheet1!$A1)");
    await fx.setFormula("Sheet2!D2", "=COUNTA(B2#)&\" Sheet1!A1\"");
    fx.names.define("Ticker", "=Sheet1!$A$1");
    await fx.settled();
    const before = calls.length;
    io.renameSheet("Sheet1", "My inputs");
    await fx.settled();
    expect(calls.length).toBe(before);
    expect(fx.formulaAt("Sheet2!B2")).toBe("=SVC.PEERS('My inputs'!$A1)");
    expect(fx.formulaAt("Sheet2!D2")).toBe('=COUNTA(B2#)&" Sheet1!A1"');
    expect(fx.names.list()).toEqual([{ name: "Ticker", sheet: null, formula: "'My inputs'!$A$1" }]);
    expect([show(fx, "Sheet2!B3"), show(fx, "Sheet2!D2")]).toEqual(["PEP", "3 Sheet1!A1"]);
    await fx.setFormula("'My inputs'!A1", "AAPL");
    await fx.settled();
    expect(show(fx, "Sheet2!B4")).toBe("GOOGL");
    expect(() => io.renameSheet("Sheet2", "My Inputs")).toThrow(/already exists/);
  });

  it("snapshots typed cells, formulas with their values and spills with their range", async () => {
    const { host, fx } = testBook(["Sheet1"]);
    await fx.setFormula("Sheet1!A1", "KO");
    await fx.setFormula("Sheet1!B1", "=SVC.PEERS(A1)");
    await fx.settled();
    const [sheet] = createBookIo(host).snapshot();
    expect(sheet.cells).toEqual([
      { r: 0, c: 0, value: "KO" },
      { r: 0, c: 1, formula: "=SVC.PEERS(A1)", value: "ticker", spill: { r1: 2, c1: 1 } },
      { r: 1, c: 1, value: "PEP", spilled: true },
      { r: 2, c: 1, value: "KDP", spilled: true },
    ]);
  });

  it("the formula bar's text of a frozen value (a data type) is its value, not [object Object]", () => {
    const { host, fx } = testBook(["Sheet1"]);
    fx.setConstant("Sheet1!A1", { type: "Double", basicValue: 428000, numberFormat: "#,##0" });
    fx.setConstant("Sheet1!A2", true);
    const io = createBookIo(host);
    expect([io.editText("Sheet1!A1"), io.editText("Sheet1!A2"), io.editText("Sheet1!A3")]).toEqual(["428000", "TRUE", ""]);
    expect(io.snapshot()[0].cells[0]).toEqual({ r: 0, c: 0, value: 428000 });
  });

  it("rewrites only references to the renamed sheet", () => {
    expect(renameSheetIn("SUM(Old!A1:B2)+'Old'!C3+Other!A1+OldX!A1", "old", "New one")).toBe("SUM('New one'!A1:B2)+'New one'!C3+Other!A1+OldX!A1");
  });
});
