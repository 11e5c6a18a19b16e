/** MDETERM and MINVERSE: Microsoft's worked examples, and every corpus formula calling them (last digits included). */
import { evaluate } from "../../../src/formula/engine/evaluate";
import { fakeBook } from "../fake-cells";
import { corpusCases, notMatching } from "./corpus-cases";

const ev = (text: string) => evaluate(text, { sheet: "Sheet1", row: 0, col: 0 }, fakeBook(["Sheet1"]), { array: true });

test("Microsoft's examples", () => {
  expect(ev("MDETERM({3,6,1;1,1,0;3,10,2})")).toBeCloseTo(1, 12);
  expect(ev("MDETERM({3,6;1,1})")).toBeCloseTo(-3, 12);
  expect(ev("MDETERM({1,3,8,5;1,3,6,1})")).toEqual({ error: "#VALUE!" });
  const inv = ev("MINVERSE({4,-1;2,0})") as number[][];
  [[0, 0.5], [-1, 2]].forEach((row, i) => row.forEach((v, j) => expect(inv[i][j]).toBeCloseTo(v, 12)));
  const inv3 = ev("MINVERSE({1,2,1;3,4,-1;0,2,0})") as number[][];
  [[0.25, 0.25, -0.75], [0, 0, 0.5], [0.75, -0.25, -0.25]].forEach((row, i) => row.forEach((v, j) => expect(inv3[i][j]).toBeCloseTo(v, 12)));
  expect(ev("MINVERSE({1,1;1,1})")).toEqual({ error: "#NUM!" });
});

test.each([
  ["formulas__test.xlsx", 31],
  ["poi__MatrixFormulaEvalTestData.xlsx", 12],
  ["ironcalc/MATH_AND_TRIGONOMETRY__MUNIT_MDETERM_MINVERSE.xlsx", 7],
])("every MDETERM and MINVERSE formula of %s as Excel stored it", (file, n) => {
  const cases = corpusCases(file, (t) => /MDETERM|MINVERSE/i.test(t));
  expect(cases.length).toBe(n);
  expect(notMatching(cases)).toEqual([]);
});
