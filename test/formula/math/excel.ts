/** Evaluate one formula on an empty sheet, for the math and engineering functions' tests. */
import { evaluateFormula } from "../../../src/formula/engine/evaluate";
import type { CellValue } from "../../../src/formula/types";
import { fakeBook } from "../fake-cells";

export const excel = (text: string, cells: Record<string, CellValue> = {}, array = false) => {
  const b = fakeBook(["Sheet1"]);
  for (const [a, v] of Object.entries(cells)) b.set(a, v);
  return evaluateFormula(text, { sheet: "Sheet1", row: 19, col: 19 }, b, { array });
};

/** Numbers to 15 significant digits, as Excel keeps them; other values exactly. */
export function expectExcel(text: string, want: CellValue, cells: Record<string, CellValue> = {}): void {
  const got = excel(text, cells);
  if (typeof want === "number" && typeof got === "number") {
    if (want === 0) expect(got).toBe(0);
    else expect(Math.abs(got - want) / Math.abs(want)).toBeLessThan(5e-15);
  } else expect(got).toEqual(want);
}
