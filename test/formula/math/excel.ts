/** Evaluate one formula on an empty sheet, for the math and engineering functions' tests. */
import { evaluateFormula } from "../../../src/formula/engine/evaluate";
import type { CellValue } from "../../../src/formula/types";
import { fakeBook } from "../fake-cells";

export const excel = (text: string, cells: Record<string, CellValue> = {}, array = false) => {
  const b = fakeBook(["Sheet1"]);
  for (const [a, v] of Object.entries(cells)) b.set(a, v);
  return evaluateFormula(text, { sheet: "Sheet1", row: 19, col: 19 }, b, { array });
};

/**
 * Numbers to `digits` significant digits (15, as Excel keeps them, unless the documented example
 * shows fewer); other values exactly.
 */
export function expectExcel(text: string, want: CellValue, cells: Record<string, CellValue> = {}, digits = 15): void {
  const got = excel(text, cells);
  if (typeof want === "number" && typeof got === "number") {
    if (want === 0) expect(Math.abs(got)).toBeLessThan(digits < 15 ? 10 ** -digits : 1e-300);
    else expect(Math.abs(got - want) / Math.abs(want)).toBeLessThan(5 * 10 ** -digits);
  } else expect(got).toEqual(want);
}
