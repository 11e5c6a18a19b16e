/** What a formula the parser cannot read may refer to: every reference, name and table its tokens show (a superset, on purpose). */
import { roughReferencesOf } from "../../src/formula/text/rough-refs";
import type { ExcelTable } from "../../src/formula/types";

const at = { sheet: "Model", row: 4, col: 1 };
const TABLE: ExcelTable = { name: "Rev", sheet: "Data", r0: 0, c0: 0, r1: 3, c1: 2, columns: ["Period", "Revenue", "Double"], headerRows: 1, totalsRows: 0 };

test("the intersection operator: both ranges; names through their definitions; tables whole; another book's cells left out", () => {
  const names = [{ name: "rate", sheet: null, formula: "Inputs!$B$1" }];
  expect(roughReferencesOf("Data!B2:B4 Data!B3:C3+rate*Rev[@Revenue]+[1]Other!A1", at, names, [TABLE])).toEqual([
    { sheet: "Data", r0: 1, c0: 1, r1: 3, c1: 1 },
    { sheet: "Data", r0: 2, c0: 1, r1: 2, c1: 2 },
    { sheet: "Inputs", r0: 0, c0: 1, r1: 0, c1: 1 },
    { sheet: "Data", r0: 0, c0: 0, r1: 3, c1: 2 },
  ]);
});

test("text whose tokens cannot be read: null (it may read anything)", () => {
  expect(roughReferencesOf('"unterminated', at)).toBeNull();
});
