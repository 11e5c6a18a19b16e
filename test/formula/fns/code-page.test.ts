/**
 * CHAR and CODE above 127 read the code page of the computer that computed the workbook: held to
 * every stored value of a workbook saved by Excel for Windows (IronCalc's CHAR(1..255), Windows-1252)
 * and of one saved by Excel for the Mac (formulas__test.xlsx, Mac Roman).
 */
import { evaluate, isUnsupported } from "../../../src/formula/engine/evaluate";
import { fakeBook } from "../fake-cells";
import { corpusCases, notMatching } from "./corpus-cases";

const at = { sheet: "Sheet1", row: 0, col: 0 };
const ev = (text: string, platform?: "windows" | "mac") => evaluate(text, at, fakeBook(["Sheet1"]), { platform });

test("Windows-1252 on Windows, Mac Roman on the Mac, UNSUPPORTED when the computer is not known", () => {
  expect(ev("CHAR(128)", "windows")).toBe("\u20ac");
  expect(ev("CHAR(128)", "mac")).toBe("\u00c4");
  expect(ev('CODE("\u00e9")', "windows")).toBe(233);
  expect(ev('CODE("\u00e9")', "mac")).toBe(142);
  expect(isUnsupported(ev("CHAR(128)"))).toBe(true);
  expect(isUnsupported(ev('CODE("\u0105")', "windows"))).toBe(true);
});

test("every CHAR of IronCalc's workbook, saved by Excel for Windows", () => {
  const cases = corpusCases("ironcalc/TEXT__CHAR.xlsx", (t) => /^CHAR\(/.test(t));
  expect(cases.length).toBeGreaterThanOrEqual(255);
  expect(notMatching(cases)).toEqual([]);
});

test("every CHAR and CODE of formulas__test.xlsx, saved by Excel for the Mac", () => {
  const cases = corpusCases("formulas__test.xlsx", (t) => /^(CHAR|CODE)\(/.test(t));
  expect(cases.length).toBeGreaterThanOrEqual(500);
  expect(notMatching(cases)).toEqual([]);
});
