/**
 * An SVC call inside a LAMBDA helper (MAP, BYROW, Excel 2510+): each run of the LAMBDA is one call
 * site, its parameter the cell or row it runs on, priced and deduplicated like any calls.
 */
import { createEngine } from "../../src/engine";
import { requestsFor } from "../../src/functions/requests";
import { FormulaCell, PlanDeps, planRefresh, pricePlan } from "../../src/plan";
import { FakeClient } from "../engine/fakeClient";
import { fakeBook } from "../formula/fake-cells";
import { readerOf } from "../formula/fake-reader";

/** Sheet1!A1:A4 two distinct tickers twice; Inputs!A1:B2 ticker and metric per row; a spill of tickers at Sheet1!D1. */
function book() {
  const b = fakeBook(["Sheet1", "Inputs"]);
  b.fill("Sheet1!A1", [["AAPL"], ["MSFT"], ["AAPL"], ["MSFT"]]);
  b.fill("Inputs!A1", [["AAPL", "revenue"], ["KO", "net_income"]]);
  b.fill("Sheet1!D1", [["NVDA"], ["JPM"]]);
  b.setSpill("Sheet1!D1", "Sheet1!D1:D2");
  return b;
}

const deps = (b: ReturnType<typeof book>): PlanDeps => ({ reader: readerOf(b), requestsFor });

async function priced(formulas: FormulaCell[]) {
  const plan = await planRefresh(formulas, deps(book()));
  const engine = createEngine({ client: new FakeClient(), windowMs: 5 });
  return { plan, price: await pricePlan(plan, (reqs) => engine.plan(reqs, { refresh: true })) };
}

describe("the plan prices SVC calls inside MAP and BYROW", () => {
  it("MAP over A1:A4 with two distinct tickers: one plan cell, four runs, 2 calls, nothing invalid", async () => {
    const { plan, price } = await priced([{ address: "Sheet1!B1", formula: '=MAP(A1:A4,LAMBDA(t,SVC.FINANCIALS(t,"revenue","FY")))' }]);
    expect(plan.cells).toHaveLength(1);
    expect(plan.cells[0]).toMatchObject({ address: "Sheet1!B1", single: false });
    expect(plan.cells[0].calls.map((c) => [c.outcome, c.text])).toEqual(["A1", "A2", "A3", "A4"].map((a) => ["priced", `=SVC.FINANCIALS(${a},"revenue","FY")`]));
    expect(plan.requests.map((r) => r.params.ticker)).toEqual(["AAPL", "MSFT", "AAPL", "MSFT"]);
    expect([plan.invalid, plan.unpriced, price.invalid]).toEqual([[], [], []]);
    expect(price.calls).toBe(2);
    expect(plan.cells[0].reads.length).toBeGreaterThan(0);
  });

  it("BYROW over a sheet's rows: the parameter is the row, read through INDEX", async () => {
    const { plan, price } = await priced([{ address: "Sheet1!C1", formula: '=BYROW(Inputs!A1:B2,LAMBDA(r,SVC.FINANCIALS(INDEX(r,1,1),INDEX(r,1,2),"FY")))' }]);
    expect(plan.requests.map((r) => [r.params.ticker, plan.cells[0].calls.length])).toEqual([
      ["AAPL", 2],
      ["KO", 2],
    ]);
    expect([plan.invalid, plan.unpriced, price.invalid]).toEqual([[], [], []]);
    expect(price.calls).toBe(2);
  });

  it("a LAMBDA whose parameter is unused runs once per cell, all one identity: one call", async () => {
    const { plan, price } = await priced([{ address: "Sheet1!B1", formula: '=MAP(A1:A4,LAMBDA(t,SVC.FINANCIALS("KO","revenue","FY")))' }]);
    expect(plan.cells[0].calls).toHaveLength(4);
    expect(plan.requests).toHaveLength(4);
    expect(plan.invalid).toEqual([]);
    expect(price.calls).toBe(1);
  });

  it("MAP over a spill reference runs over its extent; an unknown extent is unpriced, not invalid", async () => {
    const { plan, price } = await priced([
      { address: "Sheet1!E1", formula: '=MAP(D1#,LAMBDA(x,SVC.FINANCIALS(x,"revenue","FY")))' },
      { address: "Sheet1!F1", formula: '=MAP(A1#,LAMBDA(x,SVC.FINANCIALS(x,"revenue","FY")))' },
    ]);
    expect(plan.requests.map((r) => r.params.ticker)).toEqual(["NVDA", "JPM"]);
    expect(price.calls).toBe(2);
    expect(plan.invalid).toEqual([]);
    expect(plan.unpriced.map((n) => n.address)).toEqual(["Sheet1!F1"]);
  });

  it("runs shared with plain cells cost nothing more; a LAMBDA helper without SVC calls is not in the plan", async () => {
    const { plan, price } = await priced([
      { address: "Sheet1!B1", formula: '=MAP(A1:A4,LAMBDA(t,SVC.FINANCIALS(t,"revenue","FY")))' },
      { address: "Sheet1!C1", formula: '=SVC.FINANCIALS("AAPL","revenue","FY")' },
      { address: "Sheet1!C2", formula: "=MAP(A1:A4,LAMBDA(t,UPPER(t)))" },
    ]);
    expect(plan.cells.map((c) => [c.address, c.single])).toEqual([
      ["Sheet1!B1", false],
      ["Sheet1!C1", true],
    ]);
    expect(price.calls).toBe(2);
  });
});
