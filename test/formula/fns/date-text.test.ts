/**
 * Date and time text read as every English locale reads it (ISO dates, d/m/yyyy with day = month,
 * month names, times), in arithmetic and in DATEVALUE/TIMEVALUE: Microsoft's examples and every
 * corpus formula calling DATEVALUE or TIMEVALUE; text a locale decides stays UNSUPPORTED.
 */
import { evaluate, isUnsupported } from "../../../src/formula/engine/evaluate";
import { fakeBook } from "../fake-cells";
import { corpusCases, notMatching } from "./corpus-cases";

const ev = (text: string) => evaluate(text, { sheet: "Sheet1", row: 0, col: 0 }, fakeBook(["Sheet1"]));

test.each([
  ['DATEVALUE("2011-08-22")', 40777],
  ['DATEVALUE("22-MAY-2011")', 40685],
  ['DATEVALUE("1/1/2008")', 39448],
  ['TIMEVALUE("2:24 AM")', 0.1],
  ['TIMEVALUE("22-Aug-2011 6:35 AM")', 0.2743055555547],
  ['"2024-01-10"+0', 45301],
  ['"1/1/1900"+0', 1],
  ['"1-Mar-1900"+0', 61],
  ['"12:00 PM"*2', 1],
])("=%s is %d", (f, v) => expect(ev(f)).toBeCloseTo(v, 10));

test("day-first or month-first text, a two-digit year, a number or TRUE", () => {
  expect(isUnsupported(ev('"13/01/1900"+0'))).toBe(true);
  expect(isUnsupported(ev('DATEVALUE("3/4/2024")'))).toBe(true);
  expect(isUnsupported(ev('"1/1/24"+0'))).toBe(true);
  expect(ev("DATEVALUE(45301)")).toEqual({ error: "#VALUE!" });
  expect(ev("TIMEVALUE(TRUE)")).toEqual({ error: "#VALUE!" });
  expect(ev('DATEVALUE("XYZZY")')).toEqual({ error: "#VALUE!" });
  expect(isUnsupported(ev('"2024-02-30"+0'))).toBe(true);
});

test.each([
  ["formulas__test.xlsx", 34],
  ["pycel__date-time.xlsx", 17],
  ["ironcalc/DATE_AND_TIME__DATE_TIME.xlsx", 6],
])("every DATEVALUE and TIMEVALUE of %s as Excel stored it", (file, n) => {
  const cases = corpusCases(file, (t) => /(DATE|TIME)VALUE\(/i.test(t));
  expect(notMatching(cases).filter((l) => !l.includes("UNSUPPORTED"))).toEqual([]);
  expect(cases.length - notMatching(cases).length).toBe(n);
});
