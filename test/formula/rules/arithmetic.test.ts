/**
 * Excel's 15-digit rule for + and - (Microsoft's "Floating-point arithmetic may give inaccurate
 * results in Excel": a result at or very close to zero is compensated when the addition or
 * subtraction is the formula's last operation, not inside a larger expression), and IronCalc's
 * arithmetic workbook read in place.
 */
import { evaluate } from "../../../src/formula/engine/evaluate";
import { fakeBook } from "../fake-cells";
import { unmatched } from "./stored";

const at = { sheet: "Sheet1", row: 9, col: 0 };

test("=0.5-0.4-0.1 is 0; =1*(0.5-0.4-0.1) keeps the binary noise, as Excel shows -2.78E-17", () => {
  const b = fakeBook();
  expect(evaluate("0.5-0.4-0.1", at, b)).toBe(0);
  expect(evaluate("(0.5-0.4-0.1)", at, b)).toBe(0);
  expect(evaluate("1*(0.5-0.4-0.1)", at, b)).toBeCloseTo(-2.7755575615628914e-17, 30);
});

test("a SUM that nets off to noise is 0 as the formula's result; an exact integer difference is kept", () => {
  const b = fakeBook();
  b.fill("Sheet1!A1", [[0.5], [-0.4], [-0.1], [0]]);
  expect(evaluate("SUM(A1:A4)", at, b)).toBe(0);
  expect(evaluate("9007199254740993-9007199254740992", at, b)).toBe(0); // both round to 2^53 as doubles
  expect(evaluate("2^52+1-2^52", at, b)).toBe(1);
});

test("IronCalc's arithmetic workbook", () => {
  expect(unmatched("ironcalc/arithmetic.xlsx")).toEqual([]);
});
