/**
 * The Bessel functions: Microsoft's worked examples, Excel's argument rules, and every corpus
 * formula to the last digit (Excel's own approximations, reproduced); BESSELJ where Excel's J0 and
 * J1 past x = 8 enter is UNSUPPORTED.
 */
import { evaluate, isUnsupported } from "../../../src/formula/engine/evaluate";
import { fakeBook } from "../fake-cells";
import { corpusCases, notMatching } from "./corpus-cases";

const ev = (text: string) => evaluate(text, { sheet: "Sheet1", row: 0, col: 0 }, fakeBook(["Sheet1"]));

test.each([
  ["BESSELI(1.5,1)", 0.981666428],
  ["BESSELJ(1.9,2)", 0.329925829],
  ["BESSELK(1.5,1)", 0.277387804],
  ["BESSELY(2.5,1)", 0.145918138],
])("=%s is %d (Microsoft's example, to its 9 decimals)", (f, v) => expect(ev(f)).toBeCloseTo(v, 8));

test("n truncated, n < 0 and x <= 0 (K, Y) #NUM!, non-numbers #VALUE!", () => {
  expect(ev("BESSELJ(1.9,-1)")).toEqual({ error: "#NUM!" });
  expect(ev("BESSELK(0,1)")).toEqual({ error: "#NUM!" });
  expect(ev("BESSELY(-2,1.5)")).toEqual({ error: "#NUM!" });
  expect(ev('BESSELI("a",1)')).toEqual({ error: "#VALUE!" });
  expect(ev("BESSELJ(1.9,2.7)")).toBe(ev("BESSELJ(1.9,2)"));
  expect(isUnsupported(ev("BESSELJ(10,1)"))).toBe(true);
});

test.each([
  ["formulas__test.xlsx", 72],
  ["ironcalc/ENGINEERING__BESSEL.xlsx", 460],
])("every Bessel formula of %s is Excel's stored value, to the last digit", (file, n) => {
  const cases = corpusCases(file, (t) => /BESSEL[IJKY]\(/i.test(t));
  expect(notMatching(cases).filter((l) => !l.includes("is not known"))).toEqual([]);
  expect(cases.length - notMatching(cases).length).toBe(n);
});
