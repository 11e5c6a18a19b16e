/** ERF, ERFC and their .PRECISE forms: Microsoft's worked examples, and every corpus formula calling them. */
import { evaluate } from "../../../src/formula/engine/evaluate";
import { fakeBook } from "../fake-cells";
import { corpusCases, notMatching } from "./corpus-cases";

const ev = (text: string) => evaluate(text, { sheet: "Sheet1", row: 0, col: 0 }, fakeBook(["Sheet1"]));

test.each([
  ["ERF(0.745)", 0.70792892],
  ["ERF(1)", 0.84270079],
  ["ERF.PRECISE(0.745)", 0.70792892],
  ["ERF.PRECISE(1)", 0.84270079],
  ["ERFC(1)", 0.15729921],
  ["ERFC.PRECISE(1)", 0.15729921],
])("=%s is %d (Microsoft's example, to its 8 decimals)", (f, v) => expect(ev(f)).toBeCloseTo(v, 8));

test("TRUE for a number is #VALUE! (Analysis ToolPak)", () => expect(ev("ERF(TRUE)")).toEqual({ error: "#VALUE!" }));

test.each([["formulas__test.xlsx", 68], ["ironcalc/ENGINEERING__ERFs.xlsx", 95]])("every ERF formula of %s as Excel stored it", (file, n) => {
  const cases = corpusCases(file, (t) => /ERFC?(\.PRECISE)?\(/i.test(t));
  expect(cases.length).toBe(n);
  expect(notMatching(cases)).toEqual([]);
});
