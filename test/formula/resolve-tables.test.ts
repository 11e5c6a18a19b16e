/** SVC arguments that are structured references: read as the cells they denote once the host gives its tables. */
import { resolveCalls } from "../../src/formula/resolve/resolve";
import type { CellReader } from "../../src/formula/resolve/resolve";
import type { ExcelTable } from "../../src/formula/types";
import { fakeBook } from "./fake-cells";
import { readerOf } from "./fake-reader";

const TICKERS: ExcelTable = { name: "Tickers", sheet: "Inputs", r0: 0, c0: 0, r1: 3, c1: 1, columns: ["Ticker", "Metric"], headerRows: 1, totalsRows: 0 };

function book() {
  const b = fakeBook(["Inputs"]);
  b.fill("Inputs!A1", [["Ticker", "Metric"], ["AAPL", "revenue"], ["MSFT", "net_income"], ["NVDA", "eps_diluted"]]);
  return b;
}

function withTables(tables: ExcelTable[] | undefined): CellReader & { asked: boolean[] } {
  const base = readerOf(book());
  const asked: boolean[] = [];
  return { asked, read: async (req) => (asked.push(req.names), { ...(await base.read(req)), ...(req.names && tables ? { tables } : {}) }) };
}

describe("structured references in SVC arguments", () => {
  test("this row, a whole column and an expression over a column, read in two passes", async () => {
    const reader = withTables([TICKERS]);
    const out = await resolveCalls(
      [
        { address: "Inputs!C3", formula: "=SVC.FINANCIALS(Tickers[@Ticker],Tickers[[#This Row],[Metric]])" },
        { address: "Inputs!E1", formula: '=SVC.FINANCIALS("AAPL",Tickers[Metric])' },
        { address: "Inputs!F1", formula: '=SVC.FINANCIALS(INDEX(Tickers[Ticker],3),"revenue")' },
      ],
      reader,
    );
    expect(out[0]).toMatchObject({ status: "resolved", args: ["MSFT", "net_income"], reads: [{ sheet: "Inputs", r0: 2, c0: 0, r1: 2, c1: 0 }, { sheet: "Inputs", r0: 2, c0: 1, r1: 2, c1: 1 }] });
    expect(out[1]).toMatchObject({ status: "resolved", args: ["AAPL", [["revenue"], ["net_income"], ["eps_diluted"]]] });
    expect(out[2]).toMatchObject({ status: "resolved", args: ["NVDA", "revenue"] });
    expect(reader.asked).toEqual([true, false]);
  });

  test("a column the table lacks is the argument's #REF!; a host without tables leaves it to running", async () => {
    const [bad] = await resolveCalls([{ address: "Inputs!E1", formula: '=SVC.FINANCIALS(Tickers[Nope],"revenue")' }], withTables([TICKERS]));
    expect(bad).toMatchObject({ status: "invalid", argIndex: 0 });
    const [unknown] = await resolveCalls([{ address: "Inputs!C2", formula: '=SVC.FINANCIALS(Tickers[@Ticker],"revenue")' }], withTables(undefined));
    expect(unknown).toMatchObject({ status: "needs-run", argIndex: 0, reason: expect.stringMatching(/table reference Tickers\[@Ticker\] is worked out only when the formula runs/) });
  });
});
