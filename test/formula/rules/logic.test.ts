/** IFS and SWITCH over arrays, element by element, against Excel's stored values in formulas' test workbook (read in place). */
import { unmatched, verdicts } from "./stored";

test("IFS with array conditions and SWITCH of an array; an empty case argument and an empty cell both read as 0", () => {
  const cells = ["AG11", "AH11", "AJ11", "AT11", "R25", "W25", "AG25", "AH25"].map((c) => `LOGICAL!${c}`);
  expect(verdicts("formulas__test.xlsx", cells)).toEqual(cells.map(() => "MATCH"));
});

test("IronCalc's IFS workbook", () => {
  expect(unmatched("ironcalc/LOGICAL__IFS.xlsx")).toEqual([]);
});
