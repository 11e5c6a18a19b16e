/**
 * The self-verification model (test/fixtures/xlsx/verify): Data!A1:A3 are SVC results (stored 1, 2, 3),
 * Data!B1:B3 = 4, 5, 6 and D1:D3 = 7, 8, 9 constants; Summary!B1:B13 are plain dependents: every row of
 * the table of formulas where engines part from Excel, a CELL info type the engine cannot read (a cell's protection), plain
 * arithmetic, chains, a formula never calculated (B11). Stored values are Excel's for these inputs
 * (by hand, and confirmed by LibreOffice recalculation in verify-libreoffice.test.ts).
 */
import { CallAnswer, SvcCall } from "../../src/model-file";
import { FakeCaller } from "./fake-caller";

export const SUMMARY = "xl/worksheets/sheet2.xml";

/** The table's rows and the other dependents, by cell. */
export const DEPENDENTS: Record<string, string> = {
  B1: "IF(Data!A1>5,1,)",
  B2: "IF(Data!A1<5,,1)",
  B3: "SUMPRODUCT((Data!A1:A3>1)*Data!B1:B3)",
  B4: "SUM(IF(Data!A1:A3>1,Data!B1:B3)) (legacy array formula)",
  B5: "SUM(Data!A1:A3*Data!B1:B3) (dynamic-array formula)",
  B6: "SUMPRODUCT(Data!A:A,Data!D:D)",
  B7: 'CELL("protect",Data!A3)*Data!A3',
  B8: "Data!A1+Data!A2+Data!A3",
  B9: "SUM(Data!A1:A3)/COUNT(Data!B1:B3)",
  B10: "B3+1",
  B11: "Data!A3*2 (no stored value)",
  B12: "B8*10",
  B13: 'IF(Data!A2>1,"up","down")',
};

/** The refreshed SVC answers: FY-2, FY-1, FY revenue = 5, 1, 4 (the stored ones are 1, 2, 3). */
export const NEW_REVENUE: Record<string, number> = { "FY-2": 5, "FY-1": 1, FY: 4 };

export function revenueCaller(): FakeCaller {
  const caller = new FakeCaller();
  caller.override = (c: SvcCall): CallAnswer | null => (c.fn === "FINANCIALS" ? { value: [[NEW_REVENUE[String(c.args[2])]]] } : null);
  return caller;
}
