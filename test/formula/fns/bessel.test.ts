/**
 * The Bessel functions: Excel's argument rules and the values its arithmetic fixes, held to every
 * corpus formula; the other values (Excel's approximations, about 8 digits) are UNSUPPORTED.
 */
import { evaluate, isUnsupported } from "../../../src/formula/engine/evaluate";
import { fakeBook } from "../fake-cells";
import { corpusCases, notMatching } from "./corpus-cases";

const ev = (text: string) => evaluate(text, { sheet: "Sheet1", row: 0, col: 0 }, fakeBook(["Sheet1"]));

test("the rules Microsoft documents: n truncated, n < 0 and x <= 0 (K, Y) #NUM!, non-numbers #VALUE!", () => {
  expect(ev("BESSELJ(1.9,-1)")).toEqual({ error: "#NUM!" });
  expect(ev("BESSELK(0,1)")).toEqual({ error: "#NUM!" });
  expect(ev("BESSELY(-2,1.5)")).toEqual({ error: "#NUM!" });
  expect(ev('BESSELI("a",1)')).toEqual({ error: "#VALUE!" });
  expect(ev("BESSELJ(0,2.7)")).toBe(0);
  expect(isUnsupported(ev("BESSELJ(1.9,2)"))).toBe(true);
});

test.each([
  ["formulas__test.xlsx", 61],
  ["ironcalc/ENGINEERING__BESSEL.xlsx", 183],
])("every Bessel formula of %s the engine computes is Excel's stored value", (file, n) => {
  const cases = corpusCases(file, (t) => /BESSEL[IJKY]\(/i.test(t));
  expect(notMatching(cases).filter((l) => !l.includes("own approximations"))).toEqual([]);
  expect(cases.length - notMatching(cases).length).toBe(n);
});
