/**
 * @jest-environment jsdom
 *
 * The resolver's CellReader over Excel.run (src/office/cell-reader.ts) against the strict fake host:
 * it answers what the host itself knows (the host's own reader is the reference), and one pass is one
 * request with one round trip however many formulas and sheets.
 */
import { resolveCalls } from "../../src/formula";
import { blocksFor, excelCellReader } from "../../src/office/cell-reader";
import { fakeExcel, FakeExcel } from "./fake-excel";

let x: FakeExcel;
beforeAll(async () => {
  x = fakeExcel();
  const { fx } = x;
  fx.addSheet("Inputs");
  fx.addSheet("Peer set");
  const tickers = ["AAPL", "MSFT", "NVDA", "KO", "PEP"];
  for (const [i, t] of tickers.entries()) await fx.setFormula(`Inputs!A${i + 2}`, t);
  await fx.setFormula("Inputs!B1", "5");
  await fx.setFormula("Inputs!C1", "=1/0");
  await fx.setFormula("Inputs!D1", "'#N/A");
  for (const [i, m] of ["revenue", "net_income", "eps_diluted"].entries()) await fx.setFormula(`Sheet1!${"BCD"[i]}1`, m);
  await fx.setFormula("'Peer set'!A2", "=SVC.PEERS(Inputs!A2)");
  fx.names.define("Period", "=Inputs!$B$1");
  fx.names.define("Local", "=Inputs!$A$3", "Sheet1");
  await fx.settled();
});

/** 3 sheets × the formulas of a real model: tickers down a column, metrics across a header row. */
function sites(rows: number) {
  const out: { address: string; formula: string }[] = [];
  for (let r = 0; r < rows; r++)
    for (const c of ["B", "C", "D"]) out.push({ address: `Sheet${1 + (r % 2)}!${c}${r + 2}`, formula: `=SVC.FINANCIALS(Inputs!$A${2 + (r % 5)},Sheet1!${c}$1,Period)` });
  out.push({ address: "Sheet1!F2", formula: '=SVC.FINANCIALS(INDEX(\'Peer set\'!A2#,2,1),"revenue",5)' });
  out.push({ address: "Sheet1!F3", formula: "=SVC.FINANCIALS(Local,Inputs!C1)" });
  out.push({ address: "Sheet1!F4", formula: "=SVC.FINANCIALS(Inputs!D1,\"revenue\",Inputs!Z9)" });
  out.push({ address: "Sheet1!F5", formula: "=SVC.FINANCIALS(Nope!A1,\"revenue\")" });
  out.push({ address: "Sheet1!F6", formula: "=SVC.FINANCIALS(UPPER(Inputs!A2)&\"\",Sheet1!B1:D1)" });
  return out;
}

describe("the Excel cell reader", () => {
  it("reads what the host itself reads: values, errors, text that looks like an error, empty cells, names, spills, missing sheets", async () => {
    const s = sites(20);
    const params = () => ["ticker", "metrics", "period"].map((name, i) => ({ name, optional: i > 1 }));
    const mine = await resolveCalls(s, excelCellReader(), { params });
    const reference = await resolveCalls(s, x.fx.host.reader, { params });
    expect(mine).toEqual(reference);
    const [peer, div0, textNa, noSheet, expr] = mine.slice(-5);
    expect(peer).toMatchObject({ status: "resolved", args: ["MSFT", "revenue", 5] }); // row 2 of ticker, MSFT, GOOGL, NVDA
    expect(div0).toMatchObject({ status: "invalid", argIndex: 1 });
    expect(textNa).toMatchObject({ status: "resolved", args: ["#N/A", "revenue", null] }); // text, and an empty optional cell
    expect(noSheet).toMatchObject({ status: "invalid", argIndex: 0 });
    expect(expr).toMatchObject({ status: "resolved", args: ["AAPL", [["revenue", "net_income", "eps_diluted"]]] });
    expect(mine[0]).toMatchObject({ status: "resolved", args: ["AAPL", "revenue", 5] });
  });

  it("makes one request per pass, two round trips each (places, then values), whatever the number of formulas", async () => {
    const counts: number[][] = [];
    for (const rows of [10, 334]) {
      x.reset();
      await resolveCalls(sites(rows), excelCellReader({ sheets: x.fx.sheetNames() }));
      counts.push([x.counts.runs, x.counts.syncs]);
    }
    // pass 1 (references, spill anchors, names) and pass 2 (what the names point at)
    expect(counts).toEqual([[2, 4], [2, 4]]);
    x.reset();
    await resolveCalls(sites(334), excelCellReader());
    expect(x.counts.syncs).toBe(5); // + the sheet list, once per reader
  });

  it("reads a sheet's areas through one range when their bounding box stays small", () => {
    const a = (r0: number, c0: number, r1 = r0, c1 = c0) => ({ sheet: "S", r0, c0, r1, c1 });
    expect(blocksFor([a(1, 0), a(2, 0), a(0, 1, 0, 3)])).toEqual([a(0, 0, 2, 3)]);
    expect(blocksFor([a(0, 0), a(900_000, 16_000)])).toEqual([a(0, 0), a(900_000, 16_000)]);
  });

  it("reads a whole column through its used part only", async () => {
    const [r] = await resolveCalls([{ address: "Sheet1!H1", formula: "=SVC.FINANCIALS(INDEX(Inputs!A:A,3,1),\"revenue\")" }], excelCellReader());
    expect(r).toMatchObject({ status: "resolved", args: ["MSFT", "revenue"] });
  });
});
